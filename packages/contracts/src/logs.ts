import { z } from 'zod';
import { LIMIT_KINDS, LIMIT_SCOPES, type LimitRefusalCode } from './usage-limits.js';

/** `logs.type`: 0 is also the "all types" filter value. */
export const LOG_TYPES = Object.freeze({ unknown: 0, topUp: 1, consume: 2, manage: 3, system: 4 });

/** Page size of the log lists when `page_size` is missing or not positive. */
export const LOG_PAGE_SIZE_DEFAULT = 10;
/** Cap of `page_size` for a user's own logs (the reference's rule). */
export const LOG_SELF_PAGE_SIZE_MAX = 100;
/** Cap of `page_size` for the admin log list (new-api has none; this keeps one page bounded). */
export const LOG_ADMIN_PAGE_SIZE_MAX = 1000;
/** Rows returned by the log search endpoints (newest first). */
export const LOG_SEARCH_LIMIT = 100;
/** Rows returned by the public per-token log lookup (newest first). */
export const LOG_TOKEN_LOOKUP_LIMIT = 1000;
/** `GET /api/data/self` refuses ranges longer than this (30 days, seconds). */
export const QUOTA_DATA_SELF_MAX_SPAN_SECONDS = 2_592_000;

/** A query integer parsed leniently: missing, empty or unreadable → 0 (new-api's `strconv.Atoi` rule). */
const lenientInteger = z.coerce.number().int().catch(0);
const filterText = z.string().max(200).default('');

/** The `limit_refusal` filter value matching the refusal of any limit. */
export const LIMIT_REFUSAL_ANY = 'any';

/** Every refusal code (`token.rpm` … `group.budget_month`), in scope order, then kind order. */
export const LIMIT_REFUSAL_CODES: readonly LimitRefusalCode[] = LIMIT_SCOPES.flatMap((scope) =>
  LIMIT_KINDS.map((kind): LimitRefusalCode => `${scope}.${kind}`),
);

/** What the logs may be filtered by: a refusal code, `any`, or '' (no filter). */
export type LimitRefusalFilter = LimitRefusalCode | typeof LIMIT_REFUSAL_ANY | '';

function isLimitRefusalFilter(value: string): value is LimitRefusalFilter {
  return (
    value === '' ||
    value === LIMIT_REFUSAL_ANY ||
    (LIMIT_REFUSAL_CODES as readonly string[]).includes(value)
  );
}

/**
 * `limit_refusal`: the error logs of calls a limit refused (their `other` carries
 * `limit_refusal`), of one code or `any`. An unknown value is no filter, as other unreadable
 * filters are.
 */
const limitRefusalFilter = z
  .string()
  .max(64)
  .default('')
  .catch('')
  .transform((value): LimitRefusalFilter => (isLimitRefusalFilter(value) ? value : ''));

/**
 * A yes/no log filter (`cache_hit`, `fallback`): `1` or `true` keeps only the matching rows;
 * anything else, or nothing, is no filter.
 */
const flagFilter = z
  .string()
  .max(8)
  .default('')
  .catch('')
  .transform((value) => value === '1' || value === 'true');

/**
 * Filters of `GET /api/log/` and `GET /api/log/stat` (admin). `p` is 1-based; `type` 0 means every type;
 * timestamps are unix seconds, 0 = unbounded; `model_name` is an SQL LIKE pattern used as given;
 * `username` and `token_name` match exactly; `channel` 0 = any; `limit_refusal` (Tollgate only) keeps
 * the refusals of one limit or of `any`; `cache_hit=1` (Tollgate only) the calls answered by the
 * response cache, `fallback=1` (Tollgate only) those a model fallback answered.
 */
export const adminLogQuerySchema = z.object({
  p: lenientInteger,
  page_size: lenientInteger,
  type: lenientInteger,
  start_timestamp: lenientInteger,
  end_timestamp: lenientInteger,
  username: filterText,
  token_name: filterText,
  model_name: filterText,
  channel: lenientInteger,
  group: filterText,
  limit_refusal: limitRefusalFilter,
  cache_hit: flagFilter,
  fallback: flagFilter,
});
export type AdminLogQuery = z.infer<typeof adminLogQuerySchema>;

/** Filters of `GET /api/log/self` and `/api/log/self/stat`: the admin filters minus username and channel. */
export const selfLogQuerySchema = adminLogQuerySchema.omit({ username: true, channel: true });
export type SelfLogQuery = z.infer<typeof selfLogQuerySchema>;

/** `GET /api/log/search` and `/api/log/self/search`. */
export const logSearchQuerySchema = z.object({ keyword: filterText });

/** `DELETE /api/log/?target_timestamp=`: logs created before this unix time are removed. */
export const deleteLogsQuerySchema = z.object({
  target_timestamp: z
    .string()
    .regex(/^-?\d{0,18}$/)
    .default('')
    .transform((value) => (value === '' ? 0 : Number(value))),
});

/** `GET /api/log/token?key=`: the token key, with or without `sk-`. */
export const tokenLogQuerySchema = z.object({ key: z.string().max(200).default('') });

/**
 * `GET /api/data/` (admin; optional exact `username`) and `GET /api/data/self`. Missing timestamps default
 * to a window ending now whose length follows `DataExportDefaultTime` (hour → 1 day, day → 7 days,
 * week → 30 days), the console's own default.
 */
export const quotaDataQuerySchema = z.object({
  start_timestamp: lenientInteger,
  end_timestamp: lenientInteger,
  username: filterText,
});
export type QuotaDataQuery = z.infer<typeof quotaDataQuerySchema>;

/**
 * One log row. For a user's own logs `id` is `id mod 1024`, `channel` is 0, `channel_name` is empty and
 * `other` has no `admin_info`.
 */
export const logEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  created_at: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  username: z.string(),
  token_name: z.string(),
  model_name: z.string(),
  quota: z.number().int(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  use_time: z.number().int(),
  is_stream: z.boolean(),
  /** Channel id. */
  channel: z.number().int(),
  channel_name: z.string(),
  token_id: z.number().int(),
  group: z.string(),
  /** JSON text (billing details), or ''. */
  other: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** `data` of the paged log lists. */
export const logPageSchema = z.object({
  items: z.array(logEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type LogPage = z.infer<typeof logPageSchema>;

/**
 * `data` of the stat endpoints: quota = Σ quota of consume logs matching the filters and time range;
 * rpm / tpm = count and Σ(prompt + completion) of matching consume logs of the last 60 seconds.
 */
export const logStatSchema = z.object({
  quota: z.number(),
  rpm: z.number(),
  tpm: z.number(),
});
export type LogStat = z.infer<typeof logStatSchema>;

/**
 * One hourly dashboard bucket (`quota_data`); admin totals over all users carry id/user_id 0.
 * `cache_hits` (calls answered by the response cache) and `cache_saved_quota` (the quota those hits
 * did not charge) are Tollgate's; a row without them reads 0.
 */
export const quotaDataEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  model_name: z.string(),
  created_at: z.number().int(),
  token_used: z.number().int(),
  count: z.number().int(),
  quota: z.number().int(),
  cache_hits: z.number().int().default(0),
  cache_saved_quota: z.number().int().default(0),
});
export type QuotaDataEntry = z.infer<typeof quotaDataEntrySchema>;
