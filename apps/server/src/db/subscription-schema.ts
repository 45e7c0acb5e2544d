import type { Generated } from 'kysely';

/**
 * Subscriptions (new-api 1.0): plans an admin sells, orders for them, and the subscriptions users
 * hold. A subscription is a quota pool of its own (`amount_total` per reset period, 0 = unlimited)
 * that relay calls draw from before or after the wallet, by the user's billing preference.
 */
export interface SubscriptionPlansTable {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  /** Money, in the plan's currency. */
  price_amount: Generated<number>;
  currency: Generated<string>;
  /** `year`, `month`, `day`, `hour` or `custom` (then `custom_seconds`). */
  duration_unit: Generated<string>;
  duration_value: Generated<number>;
  custom_seconds: Generated<number>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  stripe_price_id: Generated<string>;
  creem_product_id: Generated<string>;
  /** 0 = unlimited; counts every past subscription of the plan, any status. */
  max_purchase_per_user: Generated<number>;
  /** The group a buyer moves to ('' = none). */
  upgrade_group: Generated<string>;
  /** Quota per reset period; 0 = unlimited. */
  total_amount: Generated<number>;
  /** `never`, `daily`, `weekly`, `monthly` or `custom` (then `quota_reset_custom_seconds`). */
  quota_reset_period: Generated<string>;
  quota_reset_custom_seconds: Generated<number>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}

/** `subscription_orders`: one purchase of a plan, pending until its payment is confirmed. */
export interface SubscriptionOrdersTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  money: Generated<number>;
  trade_no: string;
  payment_method: Generated<string>;
  /** `epay`, `stripe` or `creem`: a callback from another gateway is refused. */
  payment_provider: Generated<string>;
  /** `pending`, `success` or `expired`. */
  status: string;
  create_time: Generated<number>;
  complete_time: Generated<number>;
  /** The confirmed payment, as the provider reported it (JSON). */
  provider_payload: string | null;
}

/** `user_subscriptions`: a plan a user holds, with its period's usage. */
export interface UserSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  /** Snapshot of the plan's `total_amount` at purchase; 0 = unlimited. */
  amount_total: Generated<number>;
  /**
   * Used in the current period, including the quota serving processes hold for calls in flight
   * (`quota_holds` rows with this subscription id), as `users.quota` excludes them.
   */
  amount_used: Generated<number>;
  start_time: number;
  end_time: number;
  /** `active`, `expired` or `cancelled`. */
  status: string;
  /** `order` (paid) or `admin` (bound by an admin). */
  source: Generated<string>;
  last_reset_time: Generated<number>;
  /** 0 when the plan never resets (or no boundary is left before `end_time`). */
  next_reset_time: Generated<number>;
  upgrade_group: Generated<string>;
  prev_user_group: Generated<string>;
  created_at: Generated<number>;
  updated_at: Generated<number>;
}
