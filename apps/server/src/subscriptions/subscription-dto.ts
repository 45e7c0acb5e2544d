/**
 * Rows as the routes answer them: numbers as numbers (drivers return bigint columns as text on
 * some dialects), booleans as booleans (SQLite and MySQL store 0/1).
 */
import type { SubscriptionPlan, UserSubscription, UserSubscriptionItem } from '@tollgate/contracts';
import type { SubscriptionPlanRow, UserSubscriptionRow } from '../db/schema.js';

export function planDto(row: SubscriptionPlanRow): SubscriptionPlan {
  return {
    id: Number(row.id),
    title: row.title,
    subtitle: row.subtitle ?? '',
    price_amount: Number(row.price_amount),
    currency: row.currency ?? 'USD',
    duration_unit: row.duration_unit,
    duration_value: Number(row.duration_value),
    custom_seconds: Number(row.custom_seconds),
    enabled: Boolean(Number(row.enabled)),
    sort_order: Number(row.sort_order),
    stripe_price_id: row.stripe_price_id ?? '',
    creem_product_id: row.creem_product_id ?? '',
    max_purchase_per_user: Number(row.max_purchase_per_user),
    upgrade_group: row.upgrade_group ?? '',
    total_amount: Number(row.total_amount),
    quota_reset_period: row.quota_reset_period,
    quota_reset_custom_seconds: Number(row.quota_reset_custom_seconds),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export function subscriptionDto(
  row: UserSubscriptionRow,
  plan: SubscriptionPlan | undefined,
): UserSubscription {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    plan_id: Number(row.plan_id),
    amount_total: Number(row.amount_total),
    amount_used: Number(row.amount_used),
    start_time: Number(row.start_time),
    end_time: Number(row.end_time),
    status: row.status,
    source: row.source ?? '',
    last_reset_time: Number(row.last_reset_time),
    next_reset_time: Number(row.next_reset_time),
    upgrade_group: row.upgrade_group ?? '',
    prev_user_group: row.prev_user_group ?? '',
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    plan_title: plan?.title ?? '',
  };
}

/** `{subscription, plan}` list entries, each with its plan from `plans` (null when gone). */
export function subscriptionItems(
  rows: readonly UserSubscriptionRow[],
  plans: readonly SubscriptionPlanRow[],
): UserSubscriptionItem[] {
  const byId = new Map(plans.map((plan) => [Number(plan.id), planDto(plan)]));
  return rows.map((row) => {
    const plan = byId.get(Number(row.plan_id));
    return { subscription: subscriptionDto(row, plan), plan: plan ?? null };
  });
}
