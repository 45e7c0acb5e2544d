import { z } from 'zod';

/**
 * Subscriptions (new-api 1.0): plans an admin sells, and the plans users hold. A subscription is
 * a quota pool of its own (`amount_total` quota per reset period, 0 = unlimited) that relay calls
 * draw from before or after the wallet, as the user's billing preference says.
 */

/** How a plan's length is counted (`custom`: `custom_seconds`). */
export const SUBSCRIPTION_DURATION_UNITS = ['year', 'month', 'day', 'hour', 'custom'] as const;
/** When a subscription's usage goes back to 0 (`custom`: every `quota_reset_custom_seconds`). */
export const SUBSCRIPTION_RESET_PERIODS = [
  'never',
  'daily',
  'weekly',
  'monthly',
  'custom',
] as const;
/** `user_subscriptions.status`. */
export const SUBSCRIPTION_STATUS = Object.freeze({
  active: 'active',
  expired: 'expired',
  /** Invalidated by an admin. */
  cancelled: 'cancelled',
});
/** Where relay calls take quota from first; anything unknown reads as `subscription_first`. */
export const BILLING_PREFERENCES = [
  'subscription_first',
  'wallet_first',
  'subscription_only',
  'wallet_only',
] as const;
export type BillingPreference = (typeof BILLING_PREFERENCES)[number];

/** The highest plan price (money, in the plan's currency). */
export const SUBSCRIPTION_PRICE_MAX = 9999;

/** A plan as the routes answer it (every `subscription_plans` column). */
export interface SubscriptionPlan {
  id: number;
  title: string;
  subtitle: string;
  /** Money, in `currency` (always `USD`). */
  price_amount: number;
  currency: string;
  duration_unit: string;
  duration_value: number;
  custom_seconds: number;
  enabled: boolean;
  sort_order: number;
  stripe_price_id: string;
  creem_product_id: string;
  /** 0 = unlimited. */
  max_purchase_per_user: number;
  /** The group a buyer moves to ('' = none). */
  upgrade_group: string;
  /** Quota per reset period; 0 = unlimited. */
  total_amount: number;
  quota_reset_period: string;
  quota_reset_custom_seconds: number;
  created_at: number;
  updated_at: number;
}

/** One entry of a plan list (`data: [{plan}]`, new-api's shape). */
export interface SubscriptionPlanItem {
  plan: SubscriptionPlan;
}

/** A user's subscription as the routes answer it (every `user_subscriptions` column, plus the plan's title). */
export interface UserSubscription {
  id: number;
  user_id: number;
  plan_id: number;
  /** Quota per period (snapshot of the plan's `total_amount`); 0 = unlimited. */
  amount_total: number;
  /** Used in the current period. */
  amount_used: number;
  start_time: number;
  end_time: number;
  /** `active`, `expired` or `cancelled`. */
  status: string;
  /** `order` (paid) or `admin` (bound by an admin). */
  source: string;
  last_reset_time: number;
  /** 0: no further reset. */
  next_reset_time: number;
  upgrade_group: string;
  prev_user_group: string;
  created_at: number;
  updated_at: number;
  /** The plan's title ('' when the plan is gone). */
  plan_title: string;
}

/** One entry of a subscription list: the subscription and its plan (null when the plan is gone). */
export interface UserSubscriptionItem {
  subscription: UserSubscription;
  plan: SubscriptionPlan | null;
}

/** `data` of `GET /api/subscription/self`. */
export interface SubscriptionSelf {
  billing_preference: BillingPreference;
  /** Active and not past their end, `end_time desc, id desc`. */
  subscriptions: UserSubscriptionItem[];
  /** Every subscription of the user, any status, same order. */
  all_subscriptions: UserSubscriptionItem[];
}

/** The plan fields an admin writes (`POST`/`PUT /api/subscription/admin/plans`, body `{plan}`). */
export const subscriptionPlanInputSchema = z.object({
  title: z.string().max(128).default(''),
  subtitle: z.string().max(255).default(''),
  price_amount: z.number().default(0),
  currency: z.string().max(8).default('USD'),
  duration_unit: z.string().max(16).default('month'),
  duration_value: z.int().default(1),
  custom_seconds: z.int().default(0),
  enabled: z.boolean().default(true),
  sort_order: z.int().default(0),
  stripe_price_id: z.string().max(128).default(''),
  creem_product_id: z.string().max(128).default(''),
  max_purchase_per_user: z.int().default(0),
  upgrade_group: z.string().max(64).default(''),
  total_amount: z.int().default(0),
  quota_reset_period: z.string().max(16).default('never'),
  quota_reset_custom_seconds: z.int().default(0),
});
export type SubscriptionPlanInput = z.infer<typeof subscriptionPlanInputSchema>;

export const subscriptionPlanRequestSchema = z.object({ plan: subscriptionPlanInputSchema });
export type SubscriptionPlanRequest = z.infer<typeof subscriptionPlanRequestSchema>;

/** `PATCH /api/subscription/admin/plans/:id`: enables or disables a plan. */
export const subscriptionPlanStatusRequestSchema = z.object({ enabled: z.boolean() });
export type SubscriptionPlanStatusRequest = z.infer<typeof subscriptionPlanStatusRequestSchema>;

/** `PUT /api/subscription/self/preference`. */
export const billingPreferenceRequestSchema = z.object({
  billing_preference: z.string().max(64).default(''),
});
export type BillingPreferenceRequest = z.infer<typeof billingPreferenceRequestSchema>;

/** `POST /api/subscription/admin/bind`. */
export const subscriptionBindRequestSchema = z.object({
  user_id: z.int().positive(),
  plan_id: z.int().positive(),
});
export type SubscriptionBindRequest = z.infer<typeof subscriptionBindRequestSchema>;

/** `POST /api/subscription/admin/users/:id/subscriptions`. */
export const userSubscriptionCreateRequestSchema = z.object({ plan_id: z.int().positive() });
export type UserSubscriptionCreateRequest = z.infer<typeof userSubscriptionCreateRequestSchema>;

/** `POST /api/subscription/epay/pay`: `payment_method` is a `PayMethods` type. */
export const subscriptionEpayPayRequestSchema = z.object({
  plan_id: z.int().default(0),
  payment_method: z.string().max(100).default(''),
});
export type SubscriptionEpayPayRequest = z.infer<typeof subscriptionEpayPayRequestSchema>;

/** `POST /api/subscription/stripe/pay` and `/creem/pay`. */
export const subscriptionCheckoutRequestSchema = z.object({ plan_id: z.int().default(0) });
export type SubscriptionCheckoutRequest = z.infer<typeof subscriptionCheckoutRequestSchema>;
