/**
 * Ending a subscription — expired by the sweep, invalidated or deleted by an admin — and taking
 * back the group it gave (reference 2026 additions §1.6). Each runs inside the caller's
 * transaction and locks the user's row before touching the subscription (users, then
 * subscriptions: the ledger writers' order).
 */
import { SUBSCRIPTION_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { Database, UserSubscriptionRow } from '../db/schema.js';
import * as subscriptions from './subscription-repository.js';

export interface Ending {
  /** False when another caller ended the subscription first (nothing was changed). */
  ended: boolean;
  /** The group the user moved back to (undefined: none). */
  downgradedTo?: string;
}

/**
 * Moves the user back to `prev_user_group` when they are still in the group `ended` gave them and
 * no other subscription in force gives a group. The user's row is locked already (`group`).
 */
async function downgrade(
  transaction: Kysely<Database>,
  ended: UserSubscriptionRow,
  group: string,
  now: number,
): Promise<string | undefined> {
  const userId = Number(ended.user_id);
  const upgradeGroup = ended.upgrade_group ?? '';
  const target = ended.prev_user_group ?? '';
  if (upgradeGroup === '' || group !== upgradeGroup || target === '' || target === group) {
    return undefined;
  }
  const others = await subscriptions.otherActiveSubscriptions(
    transaction,
    userId,
    Number(ended.id),
    now,
  );
  if (others.some((other) => (other.upgrade_group ?? '') !== '')) return undefined;
  await subscriptions.setUserGroup(transaction, userId, target);
  return target;
}

/**
 * Ends active subscription `subscription` as `status` (`expired` by the sweep, which passes
 * `dueBy`; `cancelled` by an admin, which passes `endTime` = now), once across callers, and
 * applies the downgrade when this call ended it.
 */
export async function endSubscription(
  transaction: Kysely<Database>,
  dialect: SqlDialect,
  subscription: UserSubscriptionRow,
  change: { status: string; now: number; endTime?: number; dueBy?: number },
): Promise<Ending> {
  const group = await subscriptions.lockUserGroup(
    transaction,
    dialect,
    Number(subscription.user_id),
  );
  const ended = await subscriptions.endActiveSubscription(
    transaction,
    Number(subscription.id),
    change,
  );
  if (!ended || group === undefined) return { ended };
  return { ended, downgradedTo: await downgrade(transaction, subscription, group, change.now) };
}

/**
 * Deletes `subscription`; when it was still in force, its group is taken back first. Answers
 * whether a row was deleted (false: it was gone already).
 */
export async function deleteSubscription(
  transaction: Kysely<Database>,
  dialect: SqlDialect,
  subscription: UserSubscriptionRow,
  now: number,
): Promise<Ending> {
  const group = await subscriptions.lockUserGroup(
    transaction,
    dialect,
    Number(subscription.user_id),
  );
  const current = await subscriptions.findSubscription(transaction, Number(subscription.id));
  if (!current) return { ended: false };
  const inForce = current.status === SUBSCRIPTION_STATUS.active && Number(current.end_time) > now;
  const downgradedTo =
    inForce && group !== undefined ? await downgrade(transaction, current, group, now) : undefined;
  await subscriptions.deleteSubscription(transaction, Number(current.id));
  return { ended: true, ...(downgradedTo ? { downgradedTo } : {}) };
}
