/**
 * Time buckets of the dashboard. The server keeps one row per hour; the charts regroup them by
 * hour, day or week of the viewer's local time (weeks start on Monday).
 */

import type { Dayjs } from 'dayjs';

export const granularities = ['hour', 'day', 'week'] as const;
export type Granularity = (typeof granularities)[number];

export function isGranularity(value: unknown): value is Granularity {
  return typeof value === 'string' && (granularities as readonly string[]).includes(value);
}

/** Most buckets drawn for a range; longer ranges only show the buckets that have data. */
export const maxFilledBuckets = 1000;

/** Start (unix seconds) of the local hour, day or week holding `timestamp`. */
export function bucketStart(timestamp: number, granularity: Granularity): number {
  const date = new Date(timestamp * 1000);
  date.setMinutes(0, 0, 0);
  if (granularity !== 'hour') date.setHours(0);
  if (granularity === 'week') date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return Math.floor(date.getTime() / 1000);
}

/** Start of the bucket after the one starting at `start` (calendar arithmetic: safe across DST). */
export function nextBucketStart(start: number, granularity: Granularity): number {
  const date = new Date(start * 1000);
  if (granularity === 'hour') date.setHours(date.getHours() + 1);
  else date.setDate(date.getDate() + (granularity === 'week' ? 7 : 1));
  return Math.floor(date.getTime() / 1000);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function monthDay(date: Date): string {
  return `${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** `01-15 13:00`, `01-15`, or `01-13 ~ 01-19` for a week. */
export function bucketLabel(start: number, granularity: Granularity): string {
  const date = new Date(start * 1000);
  if (granularity === 'hour') return `${monthDay(date)} ${twoDigits(date.getHours())}:00`;
  if (granularity === 'day') return monthDay(date);
  const last = new Date(date);
  last.setDate(last.getDate() + 6);
  return `${monthDay(date)} ~ ${monthDay(last)}`;
}

/**
 * Every bucket start from the bucket of `from` to the bucket of `to`, or null when that would be
 * more than `maxFilledBuckets` (or the range is reversed).
 */
export function bucketRange(from: number, to: number, granularity: Granularity): number[] | null {
  if (to < from) return null;
  const buckets: number[] = [];
  const last = bucketStart(to, granularity);
  for (let start = bucketStart(from, granularity); start <= last; ) {
    if (buckets.length >= maxFilledBuckets) return null;
    buckets.push(start);
    start = nextBucketStart(start, granularity);
  }
  return buckets;
}

/** The range the dashboard's time pickers hold, or the reason it cannot be queried. */
export type PickedRange = { start: number; end: number } | 'invalidTime' | 'endBeforeStart';

/**
 * Unix seconds of the picked start and end (as the log filters read their pickers: the picked
 * local time, to the second); both are required and the end must come after the start.
 */
export function pickedRange(start: Dayjs | null, end: Dayjs | null): PickedRange {
  if (!start?.isValid() || !end?.isValid()) return 'invalidTime';
  if (!end.isAfter(start)) return 'endBeforeStart';
  return { start: start.unix(), end: end.unix() };
}

const hourSeconds = 3600;
const daySeconds = 86_400;

/**
 * The default query window for a granularity: up to an hour from now, starting one day (hour),
 * seven days (day) or thirty days (week) earlier. Thirty days is exactly the longest range a
 * user's own data may span.
 */
export function defaultRange(
  granularity: Granularity,
  nowSeconds: number,
): { start: number; end: number } {
  const end = nowSeconds + hourSeconds;
  const days = granularity === 'hour' ? 1 : granularity === 'day' ? 7 : 30;
  return { start: end - days * daySeconds, end };
}
