import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

/** How the filter bars show a time. */
export const filterTimeFormat = 'YYYY-MM-DD HH:mm:ss';

/** One point in time of a filter bar (date and time, the label doubles as placeholder). */
export function FilterTimePicker({
  label,
  value,
  onChange,
  popupClassName,
}: {
  label: string;
  value: Dayjs | null;
  onChange: (date: Dayjs | null) => void;
  /** A class for the dropdown, for a page that restyles it (the log page on phones). */
  popupClassName?: string;
}) {
  return (
    <DatePicker
      showTime
      classNames={popupClassName ? { popup: { root: popupClassName } } : undefined}
      format={filterTimeFormat}
      style={{ width: '100%' }}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(date: Dayjs | null) => onChange(date)}
    />
  );
}
