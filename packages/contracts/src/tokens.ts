import { z } from 'zod';
import { limitUsageSchema, usageLimitsSchema } from './usage-limits.js';

/** `tokens.status`. */
export const TOKEN_STATUS = Object.freeze({ enabled: 1, disabled: 2, expired: 3, exhausted: 4 });

/** A token name may hold at most 30 bytes of UTF-8 (10 Chinese characters). */
export const TOKEN_NAME_MAX_BYTES = 30;
/** Most tokens one create call may make (`count`); the console offers 10, 20, 30 and 100. */
export const TOKEN_BATCH_MAX_COUNT = 100;
/** Length of the random suffix appended to the names of the second and later tokens of a batch. */
export const TOKEN_NAME_SUFFIX_LENGTH = 6;
/** `expired_time` value meaning "never expires". */
export const TOKEN_NEVER_EXPIRES = -1;
/** Column limits: `model_limits` is varchar(1024); `allow_ips` is varchar(191) on MySQL. */
export const TOKEN_MODEL_LIMITS_MAX_LENGTH = 1024;
export const TOKEN_ALLOW_IPS_MAX_LENGTH = 191;
/** The group name that lets the gateway pick a group from `AutoGroups`. */
export const AUTO_GROUP = 'auto';

/** Page size of `GET /api/token/` when `size` is missing or not positive, and its cap. */
export const TOKEN_PAGE_SIZE_DEFAULT = 10;
export const TOKEN_PAGE_SIZE_MAX = 100;

const tokenEditableFields = {
  name: z.string().max(1000),
  /** -1 = never, else unix seconds. */
  expired_time: z.number().int(),
  remain_quota: z.number().int(),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  /** Comma-separated model names. */
  model_limits: z.string().max(100_000),
  /** One IP address or CIDR range per line; empty = any address. `null` counts as empty. */
  allow_ips: z.string().max(100_000).nullable(),
  /** '' = the owner's group. */
  group: z.string().max(1000),
  /**
   * Limits and budgets of the token (Tollgate only); each may only narrow the owner's effective
   * value. Absent on POST or null = none; absent on PUT = keep.
   */
  limits: usageLimitsSchema.nullable(),
};

/**
 * `POST /api/token/`. Missing fields take new-api's zero values (expiry: never). `count` > 1 makes that
 * many tokens, the second and later named `<name>-<6 random alphanumerics>`.
 */
export const createTokenRequestSchema = z.object({
  name: tokenEditableFields.name.default(''),
  expired_time: tokenEditableFields.expired_time.default(TOKEN_NEVER_EXPIRES),
  remain_quota: tokenEditableFields.remain_quota.default(0),
  unlimited_quota: tokenEditableFields.unlimited_quota.default(false),
  model_limits_enabled: tokenEditableFields.model_limits_enabled.default(false),
  model_limits: tokenEditableFields.model_limits.default(''),
  allow_ips: tokenEditableFields.allow_ips.default(''),
  group: tokenEditableFields.group.default(''),
  limits: tokenEditableFields.limits.optional(),
  count: z.number().int().min(1).max(TOKEN_BATCH_MAX_COUNT).default(1),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;

/**
 * `PUT /api/token/` (full edit of an own token). Absent fields keep their stored value; `status` is
 * accepted (the console sends the whole row) but only the status-only form changes it.
 */
export const updateTokenRequestSchema = z.object({
  id: z.number().int().positive(),
  status: z.number().int().optional(),
  name: tokenEditableFields.name.optional(),
  expired_time: tokenEditableFields.expired_time.optional(),
  remain_quota: tokenEditableFields.remain_quota.optional(),
  unlimited_quota: tokenEditableFields.unlimited_quota.optional(),
  model_limits_enabled: tokenEditableFields.model_limits_enabled.optional(),
  model_limits: tokenEditableFields.model_limits.optional(),
  allow_ips: tokenEditableFields.allow_ips.optional(),
  group: tokenEditableFields.group.optional(),
  limits: tokenEditableFields.limits.optional(),
});
export type UpdateTokenRequest = z.infer<typeof updateTokenRequestSchema>;

/** `PUT /api/token/?status_only=true`: enable (1) or disable (2). */
export const updateTokenStatusRequestSchema = z.object({
  id: z.number().int().positive(),
  status: z.union([z.literal(TOKEN_STATUS.enabled), z.literal(TOKEN_STATUS.disabled)]),
});
export type UpdateTokenStatusRequest = z.infer<typeof updateTokenStatusRequestSchema>;

/**
 * Query of `GET /api/token/`: `p` is 0-based, `size` defaults to 10 and is capped at 100. Unreadable
 * values fall back to the defaults, as new-api's lenient parsing does.
 */
export const tokenPageQuerySchema = z.object({
  p: z.coerce.number().int().catch(0),
  size: z.coerce.number().int().catch(0),
});

/** Query of `GET /api/token/search`: `keyword` matches the name, `token` a part of the key (`sk-` optional). */
export const tokenSearchQuerySchema = z.object({
  keyword: z.string().max(200).default(''),
  token: z.string().max(200).default(''),
});

/** A token as its owner sees it (`key` without `sk-`; the console shows `sk-` + key). */
export const tokenSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  key: z.string(),
  status: z.number().int(),
  name: z.string(),
  created_time: z.number().int(),
  accessed_time: z.number().int(),
  expired_time: z.number().int(),
  remain_quota: z.number().int(),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string(),
  allow_ips: z.string(),
  used_quota: z.number().int(),
  group: z.string(),
  DeletedAt: z.string().nullable(),
  /** The token's own limits (null = none). */
  limits: usageLimitsSchema.nullable().optional(),
  /**
   * List and search only: the standing of every limit that applies to the token (its own, its
   * owner's or the owner's group defaults).
   */
  limit_usage: z.array(limitUsageSchema).optional(),
});
export type Token = z.infer<typeof tokenSchema>;
