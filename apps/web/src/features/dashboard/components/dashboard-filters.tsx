import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifier';
import {
  fromDateTimeInput,
  granularities,
  toDateTimeInput,
  type Granularity,
} from '../time-buckets';

export interface DashboardFilterValues {
  start: number;
  end: number;
  username: string;
}

interface DashboardFiltersProps {
  value: DashboardFilterValues;
  onSubmit: (value: DashboardFilterValues) => void;
  granularity: Granularity;
  onGranularityChange: (granularity: Granularity) => void;
  showUsername: boolean;
  loading: boolean;
}

/**
 * Start and end time, granularity and (admins) user name. The granularity regroups the loaded
 * data at once; times and user name apply when the query button is pressed.
 */
export function DashboardFilters(props: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');
  const [start, setStart] = useState(() => toDateTimeInput(props.value.start));
  const [end, setEnd] = useState(() => toDateTimeInput(props.value.end));
  const [username, setUsername] = useState(props.value.username);

  const submit = () => {
    const startSeconds = fromDateTimeInput(start);
    const endSeconds = fromDateTimeInput(end);
    if (startSeconds === null || endSeconds === null) {
      notify.error(t('filters.invalidTime'));
      return;
    }
    if (endSeconds <= startSeconds) {
      notify.error(t('filters.endBeforeStart'));
      return;
    }
    props.onSubmit({ start: startSeconds, end: endSeconds, username });
  };

  return (
    <Form layout="inline" className="tg-dashboard-filters" onFinish={submit}>
      <Form.Item label={t('filters.start')}>
        <Input
          type="datetime-local"
          value={start}
          onChange={(event) => setStart(event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('filters.end')}>
        <Input type="datetime-local" value={end} onChange={(event) => setEnd(event.target.value)} />
      </Form.Item>
      <Form.Item label={t('filters.granularity')}>
        <Select<Granularity>
          value={props.granularity}
          style={{ width: 100 }}
          onChange={props.onGranularityChange}
          options={granularities.map((value) => ({ value, label: t(`granularity.${value}`) }))}
        />
      </Form.Item>
      {props.showUsername && (
        <Form.Item label={t('filters.username')}>
          <Input
            allowClear
            value={username}
            placeholder={t('filters.usernamePlaceholder')}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={props.loading}>
          {t('filters.query')}
        </Button>
      </Form.Item>
    </Form>
  );
}
