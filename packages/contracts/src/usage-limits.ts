import { z } from 'zod';

/**
 * Limits and budgets on a token, on a user, and as per-group defaults for users (issue "budgets and
 * limits"). Every field is optional: absent, null or 0 means "no limit", so new-api's bodies (which
 * never carry `limits`) keep meaning what they meant.
 *
 * - `rpm` / `rpd`: requests per minute / per calendar day.
 * - `tpm` / `tpd`: tokens per minute / per calendar day (prompt + completion as billed; cached
 *   tokens count as their ratio says).
 * - `concurrency`: calls in flight at once.
 * - `budget_day` / `budget_week` / `budget_month`: quota (the same units as `remain_quota`) that may
 *   be spent per calendar day, week (Monday first) and month, in the limit time zone.
 *
 * Windows are calendar-aligned (a minute starts at :00, a day at midnight in the limit time zone);
 * a period opens at its boundary without any job running.
 */
export const LIMIT_KINDS = [
  'rpm',
  'rpd',
  'tpm',
  'tpd',
  'concurrency',
  'budget_day',
  'budget_week',
  'budget_month',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** Where a limit was set. `group` is a group default applied to a user who sets none of their own. */
export const LIMIT_SCOPES = ['token', 'user', 'group'] as const;
export type LimitScope = (typeof LIMIT_SCOPES)[number];

const limitValue = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional();

/** The `limits` object of a token, a user, or one group's defaults. */
export const usageLimitsSchema = z
  .object({
    rpm: limitValue,
    rpd: limitValue,
    tpm: limitValue,
    tpd: limitValue,
    concurrency: limitValue,
    budget_day: limitValue,
    budget_week: limitValue,
    budget_month: limitValue,
  })
  .strict();
export type UsageLimits = z.infer<typeof usageLimitsSchema>;

/**
 * Option `GroupLimits`: JSON object from group name to that group's default user limits, e.g.
 * `{"default":{"rpm":60,"budget_month":5000000}}`.
 */
export const GROUP_LIMITS_OPTION = 'GroupLimits';
/**
 * Option `LimitTimeZone`: IANA zone in which days, weeks and months of limits and budgets start;
 * '' = the server's `TZ` (UTC when unset).
 */
export const LIMIT_TIME_ZONE_OPTION = 'LimitTimeZone';

/** One limit's current standing, as the token list (`limit_usage`) and the user drawer show it. */
export const limitUsageSchema = z.object({
  scope: z.enum(LIMIT_SCOPES),
  limit: z.enum(LIMIT_KINDS),
  /** The limit's value (requests, tokens, calls or quota). */
  max: z.number(),
  /** Used in the current window, reservations of calls in flight included. */
  used: z.number(),
  /** Unix seconds at which the current window ends; 0 for `concurrency`. */
  reset_at: z.number().int(),
});
export type LimitUsage = z.infer<typeof limitUsageSchema>;

/**
 * The `other` JSON of the error log row (type 5) written when a limit refuses a call carries
 * `limit_refusal: "<scope>.<kind>"`, e.g. `"token.rpm"`, `"group.budget_month"`; the logs page
 * filters on it.
 */
export type LimitRefusalCode = `${LimitScope}.${LimitKind}`;
