import { z } from 'zod';
import { topUpOrderSchema } from './topup.js';

/**
 * Top-ups through hosted checkouts: Stripe (units × a Stripe Price) and Creem (fixed products).
 * The quote and pay answers use the same `{message: "success" | "error", data}` shape as Epay's.
 */

/** One product of the `CreemProducts` option (a JSON array). */
export const creemProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Money asked, in major units of `currency` (e.g. 4.99). */
  price: z.number(),
  currency: z.string(),
  /** Raw quota credited on payment. */
  quota: z.number().int(),
});
export type CreemProduct = z.infer<typeof creemProductSchema>;
export const creemProductsSchema = z.array(creemProductSchema);

/** `POST /api/user/stripe/amount`: `amount` in top-up units (raw quota in tokens display mode). */
export const stripeQuoteRequestSchema = z.object({
  amount: z.int().default(0),
  payment_method: z.string().max(100).default('stripe'),
});
export type StripeQuoteRequest = z.infer<typeof stripeQuoteRequestSchema>;

/** `POST /api/user/stripe/pay`: `payment_method` must be `stripe`. */
export const stripePayRequestSchema = z.object({
  amount: z.int().default(0),
  payment_method: z.string().max(100).default(''),
});
export type StripePayRequest = z.infer<typeof stripePayRequestSchema>;

/** An accepted Stripe pay call: where the browser goes to pay. */
export const stripePayAnswerSchema = z.object({
  message: z.literal('success'),
  data: z.object({ pay_link: z.string() }),
});
export type StripePayAnswer = z.infer<typeof stripePayAnswerSchema>;

/** `POST /api/user/creem/pay`. */
export const creemPayRequestSchema = z.object({
  product_id: z.string().max(200).default(''),
  payment_method: z.string().max(100).default(''),
});
export type CreemPayRequest = z.infer<typeof creemPayRequestSchema>;

/** An accepted Creem pay call: the checkout page and the order's trade number. */
export const creemPayAnswerSchema = z.object({
  message: z.literal('success'),
  data: z.object({ checkout_url: z.string(), order_id: z.string() }),
});
export type CreemPayAnswer = z.infer<typeof creemPayAnswerSchema>;

/** `data` of `GET /api/user/topup/info`: what the wallet page offers (never a secret). */
export const topUpInfoSchema = z.object({
  enable_online_topup: z.boolean(),
  enable_stripe_topup: z.boolean(),
  /** Fewest units a Stripe order buys (`StripeMinTopUp`). */
  stripe_min_topup: z.number(),
  /** Money per unit shown in the preview (`StripeUnitPrice`). */
  stripe_unit_price: z.number(),
  enable_creem_topup: z.boolean(),
  creem_products: creemProductsSchema,
  min_topup: z.number(),
  price: z.number(),
});
export type TopUpInfo = z.infer<typeof topUpInfoSchema>;

/** `POST /api/user/topup/complete` (admin): marks a pending order paid and credits it. */
export const topUpCompleteRequestSchema = z.object({
  trade_no: z.string().min(1).max(200),
});
export type TopUpCompleteRequest = z.infer<typeof topUpCompleteRequestSchema>;

/** The order as it is after a manual completion. */
export const topUpCompleteAnswerSchema = topUpOrderSchema;
