/**
 * A user's own view of their subscriptions (reference 2026 additions §1.4): what they hold and
 * where their relay calls take quota from first.
 */
import {
  SUBSCRIPTION_STATUS,
  type BillingPreference,
  type SubscriptionSelf,
} from '@tollgate/contracts';
import {
  billingPreferenceOf,
  normaliseBillingPreference,
  readUserSetting,
  settingTextWithBillingPreference,
} from '../accounts/user-setting.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import * as plans from './plan-repository.js';
import { subscriptionItems } from './subscription-dto.js';
import { SUBSCRIPTION_USER_NOT_FOUND } from './subscription-messages.js';
import * as subscriptions from './subscription-repository.js';

export interface SubscriptionSelfDeps {
  database: DatabaseHandle;
  events: AppEvents;
}

async function settingText(deps: Pick<SubscriptionSelfDeps, 'database'>, userId: number) {
  const user = await deps.database.db
    .selectFrom('users')
    .select('setting')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw failure(SUBSCRIPTION_USER_NOT_FOUND);
  return user.setting;
}

/**
 * `GET /api/subscription/self`: `subscriptions` are those in force (active, not past their end),
 * `all_subscriptions` every one; both `end_time desc, id desc`.
 */
export async function subscriptionSelf(
  deps: Pick<SubscriptionSelfDeps, 'database'>,
  userId: number,
): Promise<SubscriptionSelf> {
  const db = deps.database.db;
  const [setting, rows] = await Promise.all([
    settingText(deps, userId),
    subscriptions.listUserSubscriptions(db, userId),
  ]);
  const all = subscriptionItems(
    rows,
    await plans.findPlans(
      db,
      rows.map((row) => Number(row.plan_id)),
    ),
  );
  const now = nowSeconds();
  return {
    billing_preference: billingPreferenceOf(readUserSetting(setting)),
    subscriptions: all.filter(
      ({ subscription }) =>
        subscription.status === SUBSCRIPTION_STATUS.active && subscription.end_time > now,
    ),
    all_subscriptions: all,
  };
}

/**
 * `PUT /api/subscription/self/preference`: stores the preference (anything unknown as
 * `subscription_first`) in the user's setting, keeping the setting's other keys.
 */
export async function setBillingPreference(
  deps: SubscriptionSelfDeps,
  userId: number,
  requested: string,
): Promise<{ billing_preference: BillingPreference }> {
  const preference = normaliseBillingPreference(requested.trim());
  const text = settingTextWithBillingPreference(await settingText(deps, userId), preference);
  await deps.database.db
    .updateTable('users')
    .set({ setting: text })
    .where('id', '=', userId)
    .execute();
  // The relay reads the preference with the user.
  deps.events.emit('user-changed', { userId });
  return { billing_preference: preference };
}
