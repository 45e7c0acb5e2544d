/**
 * The check-in card's month grid: weeks from Monday to Sunday, days outside the month left empty,
 * each day marked with its reward when the user checked in on it.
 */

/** One cell of the grid: a day of the month (with its reward, if checked in) or padding. */
export type CalendarCell =
  | { kind: 'padding' }
  | { kind: 'day'; date: string; day: number; reward: number | undefined };

/** `YYYY-MM` of a local date. */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of a local date. */
export function dayOf(date: Date): string {
  return `${monthOf(date)}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The month `delta` months from `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return monthOf(new Date(year!, monthNumber! - 1 + delta, 1));
}

/** The weeks of `month` (`YYYY-MM`), Monday first, with the rewards of the days checked in. */
export function monthGrid(
  month: string,
  records: readonly { checkin_date: string; quota_awarded: number }[],
): CalendarCell[][] {
  const [year, monthNumber] = month.split('-').map(Number);
  const first = new Date(year!, monthNumber! - 1, 1);
  const days = new Date(year!, monthNumber!, 0).getDate();
  const rewards = new Map(records.map((record) => [record.checkin_date, record.quota_awarded]));
  // getDay(): 0 is Sunday; Monday-first columns put Sunday last.
  const leading = (first.getDay() + 6) % 7;
  const cells: CalendarCell[] = Array.from({ length: leading }, () => ({ kind: 'padding' }));
  for (let day = 1; day <= days; day += 1) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    cells.push({ kind: 'day', date, day, reward: rewards.get(date) });
  }
  while (cells.length % 7 !== 0) cells.push({ kind: 'padding' });
  const weeks: CalendarCell[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}
