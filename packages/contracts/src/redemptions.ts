import { z } from 'zod';

/** `redemptions.status`. A used code stays used; only unused and disabled codes can be toggled. */
export const REDEMPTION_STATUS = Object.freeze({ unused: 1, disabled: 2, used: 3 });

/** A code name holds 1 to 20 bytes of UTF-8 (6 Chinese characters fit, 7 do not). */
export const REDEMPTION_NAME_MAX_BYTES = 20;
/** Most codes one create call may make (`count`). */
export const REDEMPTION_BATCH_MAX_COUNT = 100;
/** Largest quota a code may carry: the `int` column of older databases. */
export const REDEMPTION_QUOTA_MAX = 2_147_483_647;
/** Length of a generated code: a random UUID in hex without dashes. */
export const REDEMPTION_KEY_LENGTH = 32;
/** Longest redeem input looked up at all; anything longer cannot be a code. */
export const REDEMPTION_KEY_INPUT_MAX_LENGTH = 64;

/** Page size of the admin list when `page_size` is missing or not positive, and its cap. */
export const REDEMPTION_PAGE_SIZE_DEFAULT = 10;
export const REDEMPTION_PAGE_SIZE_MAX = 100;

/** A query integer parsed leniently: missing, empty or unreadable → 0 (new-api's `strconv.Atoi`). */
const lenientInteger = z.coerce.number().int().catch(0);

/**
 * Query of `GET /api/redemption/`: `p` is 1-based (0 or missing = the first page); `page_size`
 * defaults to 10 and is capped at 100.
 */
export const redemptionPageQuerySchema = z.object({
  p: lenientInteger,
  page_size: lenientInteger,
});
export type RedemptionPageQuery = z.infer<typeof redemptionPageQuerySchema>;

/**
 * Query of `GET /api/redemption/search`: `keyword` matches the id exactly (when it is a number) or
 * the start of the name; '' lists every code. Paged like the list.
 */
export const redemptionSearchQuerySchema = redemptionPageQuerySchema.extend({
  keyword: z.string().max(200).default(''),
});
export type RedemptionSearchQuery = z.infer<typeof redemptionSearchQuerySchema>;

/**
 * `POST /api/redemption/`: makes `count` codes named `name`, each worth `quota`. Range rules (name
 * bytes, count, quota) are checked by the server with new-api's messages, so they are not narrowed
 * here. Missing fields take new-api's zero values, which the rules then refuse (count) or keep (quota).
 */
export const createRedemptionRequestSchema = z.object({
  name: z.string().max(1000).default(''),
  quota: z.number().default(0),
  count: z.number().default(0),
});
export type CreateRedemptionRequest = z.infer<typeof createRedemptionRequestSchema>;

/**
 * `PUT /api/redemption/`: renames or revalues an unused code. Absent fields keep their value; other
 * fields the console sends with the row (status, key, ...) are ignored.
 */
export const updateRedemptionRequestSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(1000).optional(),
  quota: z.number().optional(),
});
export type UpdateRedemptionRequest = z.infer<typeof updateRedemptionRequestSchema>;

/** `PUT /api/redemption/?status_only=true`: re-enable (1) or disable (2) a code that is not used. */
export const updateRedemptionStatusRequestSchema = z.object({
  id: z.number().int().positive(),
  status: z.number(),
});
export type UpdateRedemptionStatusRequest = z.infer<typeof updateRedemptionStatusRequestSchema>;

/** `POST /api/user/topup`: redeem a code for the signed-in user; `data` is the quota added. */
export const redeemRequestSchema = z.object({
  key: z.string().max(100_000).default(''),
});
export type RedeemRequest = z.infer<typeof redeemRequestSchema>;

/**
 * A redemption code as admins see it, with new-api's JSON names. `key` is the code itself (admins
 * hand it out); `count` is always 0 (a create-only request field); `DeletedAt` is always null (deleted
 * codes are never shown).
 */
export const redemptionSchema = z.object({
  id: z.number().int(),
  /** The admin who created it. */
  user_id: z.number().int(),
  key: z.string(),
  status: z.number().int(),
  name: z.string(),
  quota: z.number().int(),
  /** Unix seconds. */
  created_time: z.number().int(),
  /** Unix seconds; 0 until used. */
  redeemed_time: z.number().int(),
  count: z.number().int(),
  /** Who redeemed it; 0 until used. */
  used_user_id: z.number().int(),
  DeletedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** `data` of the admin list and search. */
export const redemptionPageSchema = z.object({
  items: z.array(redemptionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RedemptionPage = z.infer<typeof redemptionPageSchema>;
