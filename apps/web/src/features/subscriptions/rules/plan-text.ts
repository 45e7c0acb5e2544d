import type { SubscriptionPlan, UserSubscription } from '../api';

/** A text to translate (namespace `subscriptions`) with its values. */
export interface TextKey {
  key: string;
  values?: Record<string, number | string>;
}

/**
 * How long a plan lasts: `n` years, months, days or hours (plural texts under `duration.`), or a
 * number of seconds for a custom duration.
 */
export function durationText(
  plan: Pick<SubscriptionPlan, 'duration_unit' | 'duration_value' | 'custom_seconds'>,
): TextKey {
  switch (plan.duration_unit) {
    case 'year':
    case 'month':
    case 'day':
    case 'hour':
      return {
        key: `duration.${plan.duration_unit}`,
        values: { count: Math.max(1, plan.duration_value) },
      };
    case 'custom':
      return { key: 'duration.custom', values: { seconds: plan.custom_seconds } };
    default:
      return { key: 'duration.unknown' };
  }
}

/** How often the quota starts again; an unknown period is `never`, as the server reads it. */
export function resetText(
  plan: Pick<SubscriptionPlan, 'quota_reset_period' | 'quota_reset_custom_seconds'>,
): TextKey {
  switch (plan.quota_reset_period) {
    case 'daily':
    case 'weekly':
    case 'monthly':
      return { key: `reset.${plan.quota_reset_period}` };
    case 'custom':
      return { key: 'reset.custom', values: { seconds: plan.quota_reset_custom_seconds } };
    default:
      return { key: 'reset.never' };
  }
}

/** What is left of a subscription's period: null for an unlimited one (`amount_total` 0). */
export function remainingQuota(
  subscription: Pick<UserSubscription, 'amount_total' | 'amount_used'>,
): number | null {
  if (subscription.amount_total <= 0) return null;
  return Math.max(0, subscription.amount_total - subscription.amount_used);
}

/**
 * Whether the user may buy the plan again: its cap (0 = none) counts every subscription of the
 * plan the user ever held, whatever its status, as the server counts them.
 */
export function purchaseCapReached(
  plan: Pick<SubscriptionPlan, 'id' | 'max_purchase_per_user'>,
  held: readonly Pick<UserSubscription, 'plan_id'>[],
): boolean {
  if (plan.max_purchase_per_user <= 0) return false;
  return (
    held.filter((subscription) => subscription.plan_id === plan.id).length >=
    plan.max_purchase_per_user
  );
}

/** The colour of a subscription's status tag. */
export function statusColor(status: string): string {
  if (status === 'active') return 'green';
  if (status === 'cancelled') return 'red';
  return 'default';
}

/** A subscription's plan as a list names it: its title, else `#plan id`. */
export function planName(subscription: Pick<UserSubscription, 'plan_title' | 'plan_id'>): string {
  return subscription.plan_title || `#${subscription.plan_id}`;
}
