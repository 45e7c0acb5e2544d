/**
 * An admin's hand on users' subscriptions (reference 2026 additions §1.7): bind a plan without
 * payment (the purchase cap still applies), list a user's subscriptions, invalidate or delete one
 * (taking back the group it gave).
 */
import { SUBSCRIPTION_STATUS, type UserSubscriptionItem } from '@tollgate/contracts';
import { lockingTransaction } from '../billing/locking-transaction.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { limitTimeZone } from '../limits/limit-windows.js';
import type { OptionStore } from '../options/option-store.js';
import * as plans from './plan-repository.js';
import { subscriptionItems } from './subscription-dto.js';
import { deleteSubscription, endSubscription, type Ending } from './subscription-ending.js';
import { announceSubscriptionChange } from './subscription-events.js';
import { grantSubscription } from './subscription-grant.js';
import {
  groupDowngradeNotice,
  groupUpgradeNotice,
  PLAN_NOT_FOUND,
  SUBSCRIPTION_NOT_FOUND,
} from './subscription-messages.js';
import * as subscriptions from './subscription-repository.js';

export interface SubscriptionAdminDeps {
  database: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
}

/**
 * `POST /api/subscription/admin/bind` and `POST /api/subscription/admin/users/:id/subscriptions`:
 * answers the notice for the admin ('' unless the user's group changes).
 */
export async function bindPlan(
  deps: SubscriptionAdminDeps,
  userId: number,
  planId: number,
): Promise<string> {
  const plan = await plans.findPlan(deps.database.db, planId);
  if (!plan) throw failure(PLAN_NOT_FOUND);
  const timeZone = limitTimeZone(deps.options.get('LimitTimeZone'));
  const grant = await lockingTransaction(deps.database).execute((transaction) =>
    grantSubscription(transaction, deps.database.dialect, {
      userId,
      plan,
      source: 'admin',
      now: nowSeconds(),
      timeZone,
    }),
  );
  announceSubscriptionChange(deps.events, userId, grant.upgradedTo !== undefined);
  return grant.upgradedTo ? groupUpgradeNotice(grant.upgradedTo) : '';
}

/** `GET /api/subscription/admin/users/:id/subscriptions`: every status, `end_time desc, id desc`. */
export async function listUserSubscriptionItems(
  deps: Pick<SubscriptionAdminDeps, 'database'>,
  userId: number,
): Promise<UserSubscriptionItem[]> {
  const db = deps.database.db;
  const rows = await subscriptions.listUserSubscriptions(db, userId);
  return subscriptionItems(
    rows,
    await plans.findPlans(
      db,
      rows.map((row) => Number(row.plan_id)),
    ),
  );
}

function noticeOf(deps: SubscriptionAdminDeps, userId: number, ending: Ending): string {
  if (ending.ended)
    announceSubscriptionChange(deps.events, userId, ending.downgradedTo !== undefined);
  return ending.downgradedTo ? groupDowngradeNotice(ending.downgradedTo) : '';
}

async function existingSubscription(deps: SubscriptionAdminDeps, id: number) {
  const subscription = await subscriptions.findSubscription(deps.database.db, id);
  if (!subscription) throw failure(SUBSCRIPTION_NOT_FOUND);
  return subscription;
}

/**
 * `POST /api/subscription/admin/user_subscriptions/:id/invalidate`: `cancelled`, ending now.
 * A subscription no longer active is left as it is (success, nothing changed).
 */
export async function invalidateSubscription(
  deps: SubscriptionAdminDeps,
  id: number,
): Promise<string> {
  const subscription = await existingSubscription(deps, id);
  const now = nowSeconds();
  const ending = await lockingTransaction(deps.database).execute((transaction) =>
    endSubscription(transaction, deps.database.dialect, subscription, {
      status: SUBSCRIPTION_STATUS.cancelled,
      now,
      endTime: now,
    }),
  );
  return noticeOf(deps, Number(subscription.user_id), ending);
}

/** `DELETE /api/subscription/admin/user_subscriptions/:id`: the group taken back, then the row deleted. */
export async function removeSubscription(deps: SubscriptionAdminDeps, id: number): Promise<string> {
  const subscription = await existingSubscription(deps, id);
  const ending = await lockingTransaction(deps.database).execute((transaction) =>
    deleteSubscription(transaction, deps.database.dialect, subscription, nowSeconds()),
  );
  return noticeOf(deps, Number(subscription.user_id), ending);
}
