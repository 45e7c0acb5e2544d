/**
 * Creating a subscription (reference 2026 additions §1.6), for a paid order and for an admin's
 * bind alike: the plan's quota per period snapshotted, started now, ended and first reset by the
 * calendar of billing/subscription-periods.ts, and the holder moved to the plan's upgrade group.
 */
import { SUBSCRIPTION_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { nextResetAfter, subscriptionEnd } from '../billing/subscription-periods.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import type { SqlDialect } from '../db/open-database.js';
import type { Database, SubscriptionPlanRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import * as subscriptions from './subscription-repository.js';
import { PURCHASE_LIMIT_REACHED, SUBSCRIPTION_USER_NOT_FOUND } from './subscription-messages.js';

export interface GrantRequest {
  userId: number;
  plan: SubscriptionPlanRow;
  /**
   * `order` (paid) or `admin` (bound by an admin). An admin's bind is held to the plan's purchase
   * cap; a paid order is not: its cap was checked when it was opened, and a payment the provider
   * confirmed always delivers what it paid for (two orders opened before the first was paid).
   */
  source: 'order' | 'admin';
  /** Unix seconds. */
  now: number;
  /** The zone calendar units are counted in (`LimitTimeZone`). */
  timeZone: string;
}

export interface Grant {
  subscriptionId: number;
  /** The group the user was moved to (undefined: the group did not change). */
  upgradedTo?: string;
}

/**
 * Creates the subscription inside `transaction`, after locking the user's row and, for an admin's
 * bind, checking the plan's purchase cap (every past subscription of the plan counts, any status),
 * so two binds for one user can never both pass it. Throws the user's absence or the cap as a
 * business failure, which rolls the caller's transaction back.
 *
 * `prev_user_group` is the group the user had before, when the plan changed it. When the user is
 * in the plan's group already because another subscription put them there, that one's previous
 * group is inherited, so the last of them to end takes the user back (new-api leaves it empty,
 * and the user stays upgraded for good).
 */
export async function grantSubscription(
  transaction: Kysely<Database>,
  dialect: SqlDialect,
  request: GrantRequest,
): Promise<Grant> {
  const { userId, plan, now, timeZone } = request;
  const planId = Number(plan.id);
  const group = await subscriptions.lockUserGroup(transaction, dialect, userId);
  if (group === undefined) throw failure(SUBSCRIPTION_USER_NOT_FOUND);
  const cap = Number(plan.max_purchase_per_user);
  if (
    request.source === 'admin' &&
    cap > 0 &&
    (await subscriptions.countPlanSubscriptions(transaction, userId, planId)) >= cap
  ) {
    throw failure(PURCHASE_LIMIT_REACHED);
  }
  const upgradeGroup = (plan.upgrade_group ?? '').trim();
  let previousGroup = '';
  if (upgradeGroup !== '' && upgradeGroup !== group) {
    previousGroup = group;
  } else if (upgradeGroup !== '') {
    // Id 0: no subscription is left out (the new one is not inserted yet).
    const others = await subscriptions.otherActiveSubscriptions(transaction, userId, 0, now);
    previousGroup =
      others.find((other) => other.upgrade_group === upgradeGroup && other.prev_user_group)
        ?.prev_user_group ?? '';
  }
  const calendar = {
    duration_unit: plan.duration_unit,
    duration_value: Number(plan.duration_value),
    custom_seconds: Number(plan.custom_seconds),
    quota_reset_period: plan.quota_reset_period,
    quota_reset_custom_seconds: Number(plan.quota_reset_custom_seconds),
  };
  const end = subscriptionEnd(now, calendar, timeZone);
  const nextReset = nextResetAfter(
    now,
    plan.quota_reset_period,
    Number(plan.quota_reset_custom_seconds),
    end,
    timeZone,
  );
  const subscriptionId = await insertReturningId(
    { db: transaction, dialect },
    'user_subscriptions',
    {
      user_id: userId,
      plan_id: planId,
      amount_total: Number(plan.total_amount),
      amount_used: 0,
      start_time: now,
      end_time: end,
      status: SUBSCRIPTION_STATUS.active,
      source: request.source,
      last_reset_time: nextReset > 0 ? now : 0,
      next_reset_time: nextReset,
      upgrade_group: upgradeGroup,
      prev_user_group: previousGroup,
      created_at: now,
      updated_at: now,
    },
  );
  if (upgradeGroup === '' || upgradeGroup === group) return { subscriptionId };
  await subscriptions.setUserGroup(transaction, userId, upgradeGroup);
  return { subscriptionId, upgradedTo: upgradeGroup };
}
