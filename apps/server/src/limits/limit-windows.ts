import type { LimitKind } from '@tollgate/contracts';

/** A counting window: `[start, end)` in unix seconds. Concurrency has none (`start = end = 0`). */
export interface LimitWindow {
  readonly start: number;
  readonly end: number;
}

const NO_WINDOW: LimitWindow = Object.freeze({ start: 0, end: 0 });

/** What each kind counts in its window. */
export type LimitPeriod = 'minute' | 'day' | 'week' | 'month' | 'none';

/** The calendar period of a limit kind. */
export function periodOf(kind: LimitKind): LimitPeriod {
  switch (kind) {
    case 'rpm':
    case 'tpm':
      return 'minute';
    case 'rpd':
    case 'tpd':
    case 'budget_day':
      return 'day';
    case 'budget_week':
      return 'week';
    case 'budget_month':
      return 'month';
    case 'concurrency':
      return 'none';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `zone` at `epochMs`, read as if it were UTC (epoch ms). */
export function wallClockAsUtc(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant at which the zone's wall clock shows `wallMs` (a wall time written as UTC). Two
 * passes find the offset in force at that instant, so a boundary next to a DST change is right.
 */
export function wallToEpoch(wallMs: number, timeZone: string): number {
  let guess = wallMs - (wallClockAsUtc(wallMs, timeZone) - wallMs);
  guess = wallMs - (wallClockAsUtc(guess, timeZone) - guess);
  return guess;
}

/** The start (epoch ms) of the calendar day, ISO week (Monday) or month holding `epochMs`. */
function periodStart(period: 'day' | 'week' | 'month', epochMs: number, timeZone: string): number {
  const wall = new Date(wallClockAsUtc(epochMs, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth();
  let day = wall.getUTCDate();
  if (period === 'month') day = 1;
  if (period === 'week') day -= (wall.getUTCDay() + 6) % 7;
  return wallToEpoch(Date.UTC(year, month, day), timeZone);
}

function nextPeriodStart(period: 'day' | 'week' | 'month', start: number, timeZone: string) {
  const wall = new Date(wallClockAsUtc(start, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth();
  const day = wall.getUTCDate();
  const next =
    period === 'month'
      ? Date.UTC(year, month + 1, 1)
      : Date.UTC(year, month, day + (period === 'week' ? 7 : 1));
  return wallToEpoch(next, timeZone);
}

/**
 * The window of `period` holding `nowMs` in `timeZone`. Windows are calendar-aligned: a minute
 * starts at :00, a day at local midnight, a week on Monday, a month on the 1st; a new window opens
 * at its boundary by arithmetic alone (its counters are new keys), so nothing runs at midnight.
 */
export function windowAt(period: LimitPeriod, nowMs: number, timeZone: string): LimitWindow {
  if (period === 'none') return NO_WINDOW;
  if (period === 'minute') {
    // Every zone in use is offset by whole minutes: a UTC minute is a local one.
    const start = Math.floor(nowMs / 60_000) * 60;
    return { start, end: start + 60 };
  }
  const start = periodStart(period, nowMs, timeZone);
  const end = nextPeriodStart(period, start, timeZone);
  return { start: Math.floor(start / 1000), end: Math.floor(end / 1000) };
}

/**
 * Windows of the current time, computed once per window and zone: the hot path does one
 * comparison per limit instead of calendar arithmetic.
 */
export class WindowClock {
  private readonly cache = new Map<LimitPeriod, LimitWindow>();
  private zone = '';

  constructor(private readonly now: () => number = Date.now) {}

  /** The current time in ms (the injected clock). */
  nowMs(): number {
    return this.now();
  }

  windowOf(period: LimitPeriod, timeZone: string, nowMs = this.now()): LimitWindow {
    if (timeZone !== this.zone) {
      this.cache.clear();
      this.zone = timeZone;
    }
    const seconds = nowMs / 1000;
    const cached = this.cache.get(period);
    if (cached !== undefined && seconds >= cached.start && seconds < cached.end) return cached;
    const window = windowAt(period, nowMs, timeZone);
    if (period !== 'none') this.cache.set(period, window);
    return window;
  }
}

/**
 * The zone of limit windows: the `LimitTimeZone` option, else the server's `TZ`, else UTC. An
 * unknown zone (a stale option, a bad `TZ`) falls back to UTC rather than failing calls.
 */
export function limitTimeZone(option: string): string {
  const zone = option || process.env.TZ || 'UTC';
  try {
    formatterFor(zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

/** A duration in OpenAI's header format: `1s`, `6m0s`, `1h2m3s`. */
export function formatResetDuration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h${minutes}m${rest}s`;
  if (minutes > 0) return `${minutes}m${rest}s`;
  return `${rest}s`;
}
