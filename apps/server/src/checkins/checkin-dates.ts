/**
 * The calendar of the daily check-in: a day is `YYYY-MM-DD` in the server's configured zone (the
 * zone of usage limits and budgets: `LimitTimeZone`, else `TZ`, else UTC), so "today" turns over
 * at the operator's midnight on every node alike, not at UTC's.
 */
import { failure } from '../errors/app-error.js';

export const BAD_MONTH = '月份格式错误，应为 YYYY-MM';

const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day `epochMs` falls on in `timeZone` (an IANA zone the runtime knows), as `YYYY-MM-DD`. */
export function checkinDateAt(epochMs: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first and last day strings of a `YYYY-MM` month, compared as strings (`-01` … `-31`). */
export interface MonthRange {
  month: string;
  first: string;
  last: string;
}

/**
 * The month `GET /api/user/checkin` reports: `?month=YYYY-MM`, or the month of `today` when absent
 * or empty. Anything else is refused with a message naming the expected form.
 */
export function monthRange(requested: unknown, today: string): MonthRange {
  const month = requested === undefined || requested === '' ? today.slice(0, 7) : requested;
  if (typeof month !== 'string' || !MONTH_PATTERN.test(month)) throw failure(BAD_MONTH);
  return { month, first: `${month}-01`, last: `${month}-31` };
}
