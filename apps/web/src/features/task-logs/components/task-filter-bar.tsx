import { Col } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/filters/filter-bar';
import { FilterTimePicker } from '../../../components/filters/filter-time-picker';
import { useFilterDraft } from '../../../components/filters/use-filter-draft';
import type { TaskLogFilters } from '../api';

/** What both logs filter by; times in the log's own unit (0 = open). */
export type TaskFilterValue = TaskLogFilters;

interface TaskFilterBarProps {
  admin: boolean;
  value: TaskFilterValue;
  /** Unit of `start` and `end`: milliseconds (drawings) or seconds (tasks). */
  unit: 'ms' | 's';
  loading: boolean;
  onSearch: (value: TaskFilterValue) => void;
}

/**
 * Filters of the drawing and task logs: channel id (admins), task id, start and end time. Edits
 * apply when the search button (or Enter) is pressed.
 */
export function TaskFilterBar({ admin, value, unit, loading, onSearch }: TaskFilterBarProps) {
  const { t } = useTranslation('tasks');
  const { draft, set, search, textFilter } = useFilterDraft(value, onSearch);
  const toDayjs = (time: number) =>
    time > 0 ? (unit === 'ms' ? dayjs(time) : dayjs.unix(time)) : null;
  const fromDayjs = (date: Dayjs | null) =>
    date ? (unit === 'ms' ? date.valueOf() : date.unix()) : 0;
  const picker = (field: 'start' | 'end') => (
    <FilterTimePicker
      label={t(`filters.${field}`)}
      value={toDayjs(draft[field])}
      onChange={(date) => set({ [field]: fromDayjs(date) })}
    />
  );
  // Channel id (admins), task id, start and end, each in a column of the same width.
  const fields = [
    ...(admin ? [textFilter('channelId', t('filters.channelId'))] : []),
    textFilter('id', t('filters.id')),
    picker('start'),
    picker('end'),
  ];
  return (
    <FilterBar
      style={{ marginBottom: 12 }}
      searchLabel={t('filters.submit')}
      searchColumn={{ xs: 24, sm: 12, xl: 4 }}
      loading={loading}
      onSearch={search}
    >
      {fields.map((field, index) => (
        <Col key={index} xs={24} sm={12} xl={5}>
          {field}
        </Col>
      ))}
    </FilterBar>
  );
}
