import { describe, expect, it } from 'vitest';
import {
  catchUpResets,
  nextResetAfter,
  normaliseResetPeriod,
  subscriptionEnd,
} from './subscription-periods.js';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const plan = (unit: string, value: number, custom = 0) => ({
  duration_unit: unit,
  duration_value: value,
  custom_seconds: custom,
  quota_reset_period: 'never',
  quota_reset_custom_seconds: 0,
});

describe('subscriptionEnd', () => {
  it('adds calendar months and years in the zone, clamping the day', () => {
    expect(subscriptionEnd(at('2026-01-31T10:00:00Z'), plan('month', 1), 'UTC')).toBe(
      at('2026-02-28T10:00:00Z'),
    );
    expect(subscriptionEnd(at('2028-01-31T10:00:00Z'), plan('month', 1), 'UTC')).toBe(
      at('2028-02-29T10:00:00Z'),
    );
    expect(subscriptionEnd(at('2026-03-15T00:00:00Z'), plan('year', 2), 'UTC')).toBe(
      at('2028-03-15T00:00:00Z'),
    );
    // 00:30 in Shanghai on 31 January is 16:30 UTC the day before: the month is Shanghai's.
    expect(subscriptionEnd(at('2026-01-30T16:30:00Z'), plan('month', 1), 'Asia/Shanghai')).toBe(
      at('2026-02-27T16:30:00Z'),
    );
  });

  it('adds fixed seconds for days, hours and custom durations; a value below 1 counts as 1', () => {
    const start = at('2026-05-01T00:00:00Z');
    expect(subscriptionEnd(start, plan('day', 3), 'UTC')).toBe(start + 3 * 86_400);
    expect(subscriptionEnd(start, plan('hour', 5), 'UTC')).toBe(start + 5 * 3600);
    expect(subscriptionEnd(start, plan('custom', 1, 600), 'UTC')).toBe(start + 600);
    expect(subscriptionEnd(start, plan('custom', 1, 0), 'UTC')).toBe(start + 1);
    expect(subscriptionEnd(start, plan('day', 0), 'UTC')).toBe(start + 86_400);
    expect(subscriptionEnd(start, plan('fortnight', 1), 'UTC')).toBe(at('2026-06-01T00:00:00Z'));
  });
});

describe('nextResetAfter', () => {
  const base = at('2026-11-25T15:00:00Z'); // a Wednesday
  const end = at('2027-12-31T00:00:00Z');

  it('is the next local midnight, Monday or 1st of the month, or base + N seconds', () => {
    expect(nextResetAfter(base, 'daily', 0, end, 'UTC')).toBe(at('2026-11-26T00:00:00Z'));
    expect(nextResetAfter(base, 'weekly', 0, end, 'UTC')).toBe(at('2026-11-30T00:00:00Z'));
    expect(nextResetAfter(base, 'monthly', 0, end, 'UTC')).toBe(at('2026-12-01T00:00:00Z'));
    expect(nextResetAfter(base, 'custom', 3600, end, 'UTC')).toBe(base + 3600);
    // Midnight in Shanghai (UTC+8) is 16:00 UTC.
    expect(nextResetAfter(base, 'daily', 0, end, 'Asia/Shanghai')).toBe(at('2026-11-25T16:00:00Z'));
  });

  it('is 0 for never, an unknown period, a custom one without seconds, or a boundary at the end', () => {
    expect(nextResetAfter(base, 'never', 0, end, 'UTC')).toBe(0);
    expect(nextResetAfter(base, 'hourly', 0, end, 'UTC')).toBe(0);
    expect(nextResetAfter(base, 'custom', 0, end, 'UTC')).toBe(0);
    expect(nextResetAfter(base, 'daily', 0, at('2026-11-26T00:00:00Z'), 'UTC')).toBe(0);
    expect(nextResetAfter(base, 'daily', 0, at('2026-11-26T00:00:01Z'), 'UTC')).toBe(
      at('2026-11-26T00:00:00Z'),
    );
  });

  it('normalises unknown periods to never', () => {
    expect(normaliseResetPeriod('weekly')).toBe('weekly');
    expect(normaliseResetPeriod('yearly')).toBe('never');
  });
});

describe('catchUpResets', () => {
  const end = at('2027-12-31T00:00:00Z');

  it('does nothing before the boundary or without one', () => {
    const daily = { quota_reset_period: 'daily', quota_reset_custom_seconds: 0 };
    const next = at('2026-11-26T00:00:00Z');
    expect(catchUpResets({ next_reset_time: next, end_time: end }, daily, next - 1, 'UTC')).toBe(
      undefined,
    );
    expect(catchUpResets({ next_reset_time: 0, end_time: end }, daily, next, 'UTC')).toBe(
      undefined,
    );
  });

  it('skips every missed calendar boundary to the period holding now', () => {
    const daily = { quota_reset_period: 'daily', quota_reset_custom_seconds: 0 };
    const now = at('2026-11-29T09:30:00Z');
    expect(
      catchUpResets(
        { next_reset_time: at('2026-11-26T00:00:00Z'), end_time: end },
        daily,
        now,
        'UTC',
      ),
    ).toEqual({ lastReset: at('2026-11-29T00:00:00Z'), nextReset: at('2026-11-30T00:00:00Z') });
    const monthly = { quota_reset_period: 'monthly', quota_reset_custom_seconds: 0 };
    expect(
      catchUpResets(
        { next_reset_time: at('2026-09-01T00:00:00Z'), end_time: end },
        monthly,
        now,
        'UTC',
      ),
    ).toEqual({ lastReset: at('2026-11-01T00:00:00Z'), nextReset: at('2026-12-01T00:00:00Z') });
  });

  it('steps custom periods by whole periods, and stops resetting at the end', () => {
    const custom = { quota_reset_period: 'custom', quota_reset_custom_seconds: 100 };
    expect(catchUpResets({ next_reset_time: 1000, end_time: 10_000 }, custom, 1250, 'UTC')).toEqual(
      { lastReset: 1200, nextReset: 1300 },
    );
    expect(catchUpResets({ next_reset_time: 1000, end_time: 1310 }, custom, 1250, 'UTC')).toEqual({
      lastReset: 1200,
      nextReset: 1300,
    });
    expect(catchUpResets({ next_reset_time: 1000, end_time: 1300 }, custom, 1250, 'UTC')).toEqual({
      lastReset: 1200,
      nextReset: 0,
    });
  });
});
