import { z } from 'zod';

/**
 * Online top-up through an Epay ("易支付") provider: quote, pay, and the order history.
 *
 * The quote and pay answers do not use the `{success, message, data}` envelope: as in new-api,
 * they carry `message: "success" | "error"` with the result (or the refusal reason) in `data`,
 * because that is what every console reads.
 */

/** `top_ups.status`. Later versions of new-api add states; unknown ones are shown as is. */
export const TOP_UP_STATUS = Object.freeze({
  pending: 'pending',
  success: 'success',
  /** A hosted checkout (Stripe) that ran out before it was paid. */
  expired: 'expired',
  /** Tollgate's own: paid and credited, then refunded at the gateway (the quota is kept). */
  refunded: 'refunded',
  /** Tollgate's own: paid and credited, then disputed at the gateway (the quota is kept). */
  disputed: 'disputed',
});

/** Page size of the order lists when `page_size` is missing or not positive, and its cap. */
export const TOP_UP_PAGE_SIZE_DEFAULT = 10;
export const TOP_UP_PAGE_SIZE_MAX = 100;

/**
 * Payment-method types of older consoles and of the default `PayMethods` option, mapped to the
 * Epay `type` they stand for. Any other configured type is sent to the provider as it is.
 */
export const LEGACY_PAY_METHOD_TYPES: Readonly<Record<string, string>> = Object.freeze({
  zfb: 'alipay',
  wx: 'wxpay',
});

/**
 * `POST /api/user/amount`: the money to pay for `amount`. `amount` is in top-up units (dollars)
 * when the site displays currency, else in raw quota. A missing amount is 0 (Go's zero value),
 * which the minimum then refuses; `top_up_code` is accepted and unused, as in new-api.
 */
export const topUpQuoteRequestSchema = z.object({
  amount: z.int().default(0),
  top_up_code: z.string().max(1000).optional(),
});
export type TopUpQuoteRequest = z.infer<typeof topUpQuoteRequestSchema>;

/** `POST /api/user/pay`: creates a pending order; `payment_method` is a `PayMethods` type. */
export const topUpPayRequestSchema = topUpQuoteRequestSchema.extend({
  payment_method: z.string().max(100).default(''),
});
export type TopUpPayRequest = z.infer<typeof topUpPayRequestSchema>;

/** A refused quote or pay call: `data` is the reason, shown as is. */
export const paymentRefusalSchema = z.object({
  message: z.literal('error'),
  data: z.string(),
});
export type PaymentRefusal = z.infer<typeof paymentRefusalSchema>;

/** An accepted quote: `data` is the money to pay, with two decimals (`"7.30"`). */
export const topUpQuoteAnswerSchema = z.object({
  message: z.literal('success'),
  data: z.string(),
});
export type TopUpQuoteAnswer = z.infer<typeof topUpQuoteAnswerSchema>;

/**
 * The signed form the browser posts to the provider: `pid`, `type`, `out_trade_no`,
 * `notify_url`, `return_url`, `name`, `money`, `device`, `sign_type` (`MD5`) and `sign`.
 */
export const epayFormSchema = z.record(z.string(), z.string());
export type EpayForm = z.infer<typeof epayFormSchema>;

/** An accepted pay call: the form fields and the provider's `…/submit.php` address. */
export const topUpPayAnswerSchema = z.object({
  message: z.literal('success'),
  data: epayFormSchema,
  url: z.string(),
});
export type TopUpPayAnswer = z.infer<typeof topUpPayAnswerSchema>;

/** A query integer parsed leniently: missing, empty or unreadable → 0 (new-api's `strconv.Atoi`). */
const lenientInteger = z.coerce.number().int().catch(0);

/** Query of `GET /api/user/topup/self`: `p` is 1-based (0 or missing = the first page). */
export const topUpPageQuerySchema = z.object({
  p: lenientInteger,
  page_size: lenientInteger,
});
export type TopUpPageQuery = z.infer<typeof topUpPageQuerySchema>;

/** Query of the admin list `GET /api/user/topup`: `keyword` is part of a trade_no or username. */
export const topUpAdminPageQuerySchema = topUpPageQuerySchema.extend({
  keyword: z.string().max(200).default(''),
});
export type TopUpAdminPageQuery = z.infer<typeof topUpAdminPageQuerySchema>;

/** One online top-up order, with new-api's JSON names. */
export const topUpOrderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** Top-up units (dollars) bought; the balance gains `amount × QuotaPerUnit`. */
  amount: z.number(),
  /** Money asked of the payer. */
  money: z.number(),
  trade_no: z.string(),
  /** Unix seconds. */
  create_time: z.number().int(),
  /** Unix seconds; 0 while pending. */
  complete_time: z.number().int(),
  /** `pending` or `success` (see TOP_UP_STATUS). */
  status: z.string(),
  /** `stripe`, `creem`, an Epay type, or '' for orders of older versions. */
  payment_method: z.string().default(''),
  /** Lowercase currency of `money` for Stripe and Creem orders; '' for Epay (the site's price). */
  currency: z.string().default(''),
});
export type TopUpOrder = z.infer<typeof topUpOrderSchema>;

/** An order in the admin list, with the buyer's username ('' when the user is gone). */
export const adminTopUpOrderSchema = topUpOrderSchema.extend({ username: z.string() });
export type AdminTopUpOrder = z.infer<typeof adminTopUpOrderSchema>;

/** `data` of `GET /api/user/topup/self`, newest first. */
export const topUpPageSchema = z.object({
  items: z.array(topUpOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TopUpPage = z.infer<typeof topUpPageSchema>;

/** `data` of `GET /api/user/topup` (admin), newest first. */
export const adminTopUpPageSchema = topUpPageSchema.extend({
  items: z.array(adminTopUpOrderSchema),
});
export type AdminTopUpPage = z.infer<typeof adminTopUpPageSchema>;
