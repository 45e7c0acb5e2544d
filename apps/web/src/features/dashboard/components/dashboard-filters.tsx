import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterTimePicker, filterTimeFormat } from '../../../components/filters/filter-time-picker';
import { notify } from '../../../lib/notifier';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { granularities, pickedRange, type Granularity } from '../time-buckets';

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
 * data at once; times and user name apply when the query button is pressed. The times use the
 * log filters' pickers: one range picker, on phones two pickers one a row.
 */
export function DashboardFilters(props: DashboardFiltersProps) {
  const { t } = useTranslation('dashboard');
  const isMobile = useIsMobile();
  const [start, setStart] = useState<Dayjs | null>(() => dayjs.unix(props.value.start));
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs.unix(props.value.end));
  const [username, setUsername] = useState(props.value.username);

  const submit = () => {
    const range = pickedRange(start, end);
    if (typeof range === 'string') {
      notify.error(t(`filters.${range}`));
      return;
    }
    props.onSubmit({ ...range, username });
  };

  return (
    <Form layout="inline" className="tg-dashboard-filters" onFinish={submit}>
      {isMobile ? (
        <>
          <Form.Item label={t('filters.start')}>
            <FilterTimePicker
              popupClassName="tg-stacked-picker"
              label={t('filters.start')}
              value={start}
              onChange={setStart}
            />
          </Form.Item>
          <Form.Item label={t('filters.end')}>
            <FilterTimePicker
              popupClassName="tg-stacked-picker"
              label={t('filters.end')}
              value={end}
              onChange={setEnd}
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item label={t('filters.range')}>
          <DatePicker.RangePicker
            showTime
            format={filterTimeFormat}
            placeholder={[t('filters.start'), t('filters.end')]}
            allowEmpty={[true, true]}
            value={[start, end]}
            onChange={(range) => {
              setStart(range?.[0] ?? null);
              setEnd(range?.[1] ?? null);
            }}
          />
        </Form.Item>
      )}
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
