import { describe, expect, it } from 'vitest';
import { formatResetDuration, WindowClock, windowAt } from './limit-windows.js';

const at = (iso: string) => Date.parse(iso);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('limit windows', () => {
  it('a month opens at local midnight on the 1st: 2026-11-30T16:00Z is December in Shanghai', () => {
    const before = windowAt('month', at('2026-11-30T15:59:59Z'), 'Asia/Shanghai');
    expect(iso(before.start)).toBe('2026-10-31T16:00:00.000Z');
    expect(iso(before.end)).toBe('2026-11-30T16:00:00.000Z');
    const after = windowAt('month', at('2026-11-30T16:00:00Z'), 'Asia/Shanghai');
    expect(iso(after.start)).toBe('2026-11-30T16:00:00.000Z');
    expect(iso(after.end)).toBe('2026-12-31T16:00:00.000Z');
    // The same instant is still November in UTC.
    expect(iso(windowAt('month', at('2026-11-30T16:00:00Z'), 'UTC').start)).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });

  it('a week starts on Monday and a day at local midnight, across a DST change', () => {
    // Sunday 2026-11-29 23:30 in UTC belongs to the week of Monday 2026-11-23.
    const week = windowAt('week', at('2026-11-29T23:30:00Z'), 'UTC');
    expect(iso(week.start)).toBe('2026-11-23T00:00:00.000Z');
    expect(iso(week.end)).toBe('2026-11-30T00:00:00.000Z');
    // New York leaves DST on Sunday 2026-11-01: that day lasts 25 hours.
    const day = windowAt('day', at('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(iso(day.start)).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(day.end)).toBe('2026-11-02T05:00:00.000Z');
  });

  it('minutes start at :00; the clock reuses a window until its end', () => {
    let now = at('2026-11-28T10:30:42.500Z');
    const clock = new WindowClock(() => now);
    const first = clock.windowOf('minute', 'Asia/Shanghai');
    expect([iso(first.start), iso(first.end)]).toEqual([
      '2026-11-28T10:30:00.000Z',
      '2026-11-28T10:31:00.000Z',
    ]);
    now = at('2026-11-28T10:30:59.999Z');
    expect(clock.windowOf('minute', 'Asia/Shanghai')).toBe(first);
    now = at('2026-11-28T10:31:00Z');
    expect(iso(clock.windowOf('minute', 'Asia/Shanghai').start)).toBe('2026-11-28T10:31:00.000Z');
    expect(clock.windowOf('none', 'UTC')).toEqual({ start: 0, end: 0 });
  });

  it('reset durations read like OpenAI’s', () => {
    expect(formatResetDuration(0.2)).toBe('1s');
    expect(formatResetDuration(360)).toBe('6m0s');
    expect(formatResetDuration(3723)).toBe('1h2m3s');
  });
});
