import { Col, DatePicker, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInput, FilterSearchButton } from '../../../components/filters/filter-fields';

/** What both logs filter by; times in the log's own unit (0 = open). */
export interface TaskFilterValue {
  channelId: string;
  id: string;
  start: number;
  end: number;
}

interface TaskFilterBarProps {
  admin: boolean;
  value: TaskFilterValue;
  /** Unit of `start` and `end`: milliseconds (drawings) or seconds (tasks). */
  unit: 'ms' | 's';
  loading: boolean;
  onSearch: (value: TaskFilterValue) => void;
}

const timeFormat = 'YYYY-MM-DD HH:mm:ss';

/**
 * Filters of the drawing and task logs: channel id (admins), task id, start and end time. Edits
 * apply when the search button (or Enter) is pressed.
 */
export function TaskFilterBar({ admin, value, unit, loading, onSearch }: TaskFilterBarProps) {
  const { t } = useTranslation('tasks');
  const [draft, setDraft] = useState(value);
  const set = (patch: Partial<TaskFilterValue>) =>
    setDraft((current) => ({ ...current, ...patch }));
  const toDayjs = (time: number) =>
    time > 0 ? (unit === 'ms' ? dayjs(time) : dayjs.unix(time)) : null;
  const fromDayjs = (date: Dayjs | null) =>
    date ? (unit === 'ms' ? date.valueOf() : date.unix()) : 0;
  const picker = (field: 'start' | 'end') => (
    <DatePicker
      showTime
      format={timeFormat}
      style={{ width: '100%' }}
      placeholder={t(`filters.${field}`)}
      aria-label={t(`filters.${field}`)}
      value={toDayjs(draft[field])}
      onChange={(date: Dayjs | null) => set({ [field]: fromDayjs(date) })}
    />
  );
  const text = (field: 'channelId' | 'id') => (
    <FilterInput
      label={t(`filters.${field}`)}
      value={draft[field]}
      onChange={(text) => set({ [field]: text })}
      onSearch={() => onSearch(draft)}
    />
  );
  return (
    <Row gutter={[8, 8]} style={{ marginBottom: 12 }}>
      {admin && (
        <Col xs={24} sm={12} xl={5}>
          {text('channelId')}
        </Col>
      )}
      <Col xs={24} sm={12} xl={5}>
        {text('id')}
      </Col>
      <Col xs={24} sm={12} xl={5}>
        {picker('start')}
      </Col>
      <Col xs={24} sm={12} xl={5}>
        {picker('end')}
      </Col>
      <Col xs={24} sm={12} xl={4}>
        <FilterSearchButton loading={loading} onSearch={() => onSearch(draft)}>
          {t('filters.submit')}
        </FilterSearchButton>
      </Col>
    </Row>
  );
}
