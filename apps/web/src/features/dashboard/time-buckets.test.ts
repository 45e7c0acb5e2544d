import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketRange,
  bucketStart,
  defaultRange,
  isGranularity,
  maxFilledBuckets,
  nextBucketStart,
  pickedRange,
} from './time-buckets';

/** Unix seconds of a local date (the rules work in the viewer's time zone). */
const local = (...parts: [number, number, number, number?, number?]) =>
  Math.floor(
    new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0).getTime() / 1000,
  );

describe('dashboard time buckets', () => {
  it('knows the three granularities', () => {
    expect(['hour', 'day', 'week'].every(isGranularity)).toBe(true);
    expect(isGranularity('month')).toBe(false);
  });

  it('finds the local hour, day and Monday-based week of a time', () => {
    const wednesday = local(2025, 1, 15, 13, 45);
    expect(bucketStart(wednesday, 'hour')).toBe(local(2025, 1, 15, 13));
    expect(bucketStart(wednesday, 'day')).toBe(local(2025, 1, 15));
    expect(bucketStart(wednesday, 'week')).toBe(local(2025, 1, 13));
    // Sunday belongs to the week that began the Monday before.
    expect(bucketStart(local(2025, 1, 19, 23), 'week')).toBe(local(2025, 1, 13));
    expect(bucketStart(local(2025, 1, 20, 0), 'week')).toBe(local(2025, 1, 20));
  });

  it('steps to the next bucket by the calendar', () => {
    expect(nextBucketStart(local(2025, 1, 31, 23), 'hour')).toBe(local(2025, 2, 1, 0));
    expect(nextBucketStart(local(2025, 1, 31), 'day')).toBe(local(2025, 2, 1));
    expect(nextBucketStart(local(2024, 12, 30), 'week')).toBe(local(2025, 1, 6));
  });

  it('labels buckets', () => {
    expect(bucketLabel(local(2025, 1, 5, 9), 'hour')).toBe('01-05 09:00');
    expect(bucketLabel(local(2025, 1, 5), 'day')).toBe('01-05');
    expect(bucketLabel(local(2024, 12, 30), 'week')).toBe('12-30 ~ 01-05');
  });

  it('lists every bucket of a range, within a limit', () => {
    expect(bucketRange(local(2025, 1, 15, 22, 10), local(2025, 1, 16, 1, 5), 'hour')).toEqual([
      local(2025, 1, 15, 22),
      local(2025, 1, 15, 23),
      local(2025, 1, 16, 0),
      local(2025, 1, 16, 1),
    ]);
    expect(bucketRange(local(2025, 1, 15, 12), local(2025, 1, 17, 1), 'day')).toHaveLength(3);
    expect(bucketRange(local(2025, 1, 2), local(2025, 1, 1), 'day')).toBeNull();
    const tooMany = local(2025, 1, 1) + (maxFilledBuckets + 5) * 3600;
    expect(bucketRange(local(2025, 1, 1), tooMany, 'hour')).toBeNull();
  });

  it('reads the picked range as unix seconds of the local time, to the second', () => {
    const start = local(2025, 3, 7, 8, 5) + 30;
    const end = local(2025, 3, 8, 9);
    expect(pickedRange(dayjs.unix(start), dayjs.unix(end))).toEqual({ start, end });
    expect(pickedRange(dayjs('2025-03-07 08:05:30'), dayjs.unix(end))).toEqual({ start, end });
    expect(pickedRange(null, dayjs.unix(end))).toBe('invalidTime');
    expect(pickedRange(dayjs.unix(start), dayjs('yesterday'))).toBe('invalidTime');
    expect(pickedRange(dayjs.unix(end), dayjs.unix(end))).toBe('endBeforeStart');
    expect(pickedRange(dayjs.unix(end), dayjs.unix(start))).toBe('endBeforeStart');
  });

  it('defaults to a window ending an hour from now', () => {
    const now = 1_700_000_000;
    expect(defaultRange('hour', now)).toEqual({ start: now + 3600 - 86_400, end: now + 3600 });
    expect(defaultRange('day', now).start).toBe(now + 3600 - 7 * 86_400);
    const week = defaultRange('week', now);
    expect(week.end - week.start).toBe(2_592_000);
  });
});
