import { wallClockAsUtc, wallToEpoch, windowAt } from '../limits/limit-windows.js';

/**
 * The calendar of subscriptions: when one ends and when its quota resets. Times are unix seconds;
 * calendar units are counted in `timeZone` (the `LimitTimeZone` option, as budgets are), so a
 * monthly reset happens at local midnight on the 1st and a one-month plan bought on 31 January
 * ends on the last day of February, as a calendar would have it.
 */

export type DurationUnit = 'year' | 'month' | 'day' | 'hour' | 'custom';
export type ResetPeriod = 'never' | 'daily' | 'weekly' | 'monthly' | 'custom';

export const DURATION_UNITS: readonly DurationUnit[] = ['year', 'month', 'day', 'hour', 'custom'];
export const RESET_PERIODS: readonly ResetPeriod[] = [
  'never',
  'daily',
  'weekly',
  'monthly',
  'custom',
];

/** A plan's duration and reset rule, as stored on `subscription_plans`. */
export interface PlanCalendar {
  duration_unit: string;
  duration_value: number;
  custom_seconds: number;
  quota_reset_period: string;
  quota_reset_custom_seconds: number;
}

/** An unknown reset period is `never` (new-api normalises so). */
export function normaliseResetPeriod(value: string): ResetPeriod {
  return (RESET_PERIODS as readonly string[]).includes(value) ? (value as ResetPeriod) : 'never';
}

/** Adds `months` calendar months in `timeZone`, clamping the day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(epochMs: number, months: number, timeZone: string): number {
  const wall = new Date(wallClockAsUtc(epochMs, timeZone));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(wall.getUTCDate(), lastDay);
  const target = Date.UTC(
    year,
    month,
    day,
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  );
  return wallToEpoch(target, timeZone);
}

/** When a subscription started at `start` ends. */
export function subscriptionEnd(start: number, plan: PlanCalendar, timeZone: string): number {
  const value = plan.duration_value > 0 ? plan.duration_value : 1;
  switch (plan.duration_unit) {
    case 'year':
      return Math.floor(addMonths(start * 1000, 12 * value, timeZone) / 1000);
    case 'day':
      return start + value * 86_400;
    case 'hour':
      return start + value * 3600;
    case 'custom':
      return start + Math.max(1, plan.custom_seconds);
    case 'month':
    default:
      return Math.floor(addMonths(start * 1000, value, timeZone) / 1000);
  }
}

/**
 * The first reset boundary after `base` (0: none — the plan never resets, or the boundary falls at
 * or after `end`, when the subscription is over anyway).
 */
export function nextResetAfter(
  base: number,
  period: string,
  customSeconds: number,
  end: number,
  timeZone: string,
): number {
  let next: number;
  switch (normaliseResetPeriod(period)) {
    case 'daily':
      next = windowAt('day', base * 1000, timeZone).end;
      break;
    case 'weekly':
      next = windowAt('week', base * 1000, timeZone).end;
      break;
    case 'monthly':
      next = windowAt('month', base * 1000, timeZone).end;
      break;
    case 'custom':
      if (customSeconds <= 0) return 0;
      next = base + customSeconds;
      break;
    case 'never':
      return 0;
  }
  return next < end ? next : 0;
}

/** The state of a subscription's period after catching up with `now`. */
export interface PeriodCatchUp {
  /** The boundary most recently passed (the current period's start). */
  lastReset: number;
  /** The next boundary still ahead (0: none). */
  nextReset: number;
}

/**
 * Skips every boundary passed by `now` in one step (a subscription unused for three days resets
 * once, to the period holding `now`). Undefined when no boundary has been passed.
 */
export function catchUpResets(
  subscription: { next_reset_time: number; end_time: number },
  plan: { quota_reset_period: string; quota_reset_custom_seconds: number },
  now: number,
  timeZone: string,
): PeriodCatchUp | undefined {
  let boundary = subscription.next_reset_time;
  if (boundary <= 0 || boundary > now) return undefined;
  const period = normaliseResetPeriod(plan.quota_reset_period);
  if (period === 'custom' && plan.quota_reset_custom_seconds > 0) {
    // Jump straight to the period holding `now`.
    const step = plan.quota_reset_custom_seconds;
    boundary += Math.floor((now - boundary) / step) * step;
  } else if (period !== 'custom') {
    // Calendar periods: the start of the period holding `now` is the boundary last passed.
    const unit = period === 'daily' ? 'day' : period === 'weekly' ? 'week' : 'month';
    if (period !== 'never')
      boundary = Math.max(boundary, windowAt(unit, now * 1000, timeZone).start);
  }
  const nextReset = nextResetAfter(
    boundary,
    plan.quota_reset_period,
    plan.quota_reset_custom_seconds,
    subscription.end_time,
    timeZone,
  );
  return { lastReset: boundary, nextReset };
}
