import type { Kysely } from 'kysely';
import { SUBSCRIPTION_STATUS } from '@tollgate/contracts';
import type { SqlDialect } from '../db/open-database.js';
import type { Database, UserSubscriptionRow } from '../db/schema.js';

/**
 * Plain query functions over `user_subscriptions` and the holder's group. Writers lock the user's
 * row first (the order every ledger writer follows: users, then subscriptions, then tokens), so
 * two changes to one user's subscriptions never interleave on PostgreSQL or MySQL; SQLite's write
 * transactions are exclusive anyway.
 */

type Db = Kysely<Database>;

/** A live user's group, read with a row lock (undefined when the user is gone). */
export async function lockUserGroup(
  db: Db,
  dialect: SqlDialect,
  userId: number,
): Promise<string | undefined> {
  let query = db
    .selectFrom('users')
    .select('group')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null);
  if (dialect !== 'sqlite') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? (row.group ?? '') : undefined;
}

export async function setUserGroup(db: Db, userId: number, group: string): Promise<void> {
  await db.updateTable('users').set({ group }).where('id', '=', userId).execute();
}

/** How many subscriptions of plan `planId` user `userId` ever had, any status (the purchase cap). */
export async function countPlanSubscriptions(
  db: Db,
  userId: number,
  planId: number,
): Promise<number> {
  const row = await db
    .selectFrom('user_subscriptions')
    .select((select) => select.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('plan_id', '=', planId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The user's subscriptions, any status, `end_time desc, id desc`. */
export async function listUserSubscriptions(
  db: Db,
  userId: number,
): Promise<UserSubscriptionRow[]> {
  return db
    .selectFrom('user_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('end_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findSubscription(
  db: Db,
  id: number,
): Promise<UserSubscriptionRow | undefined> {
  return db.selectFrom('user_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The user's other subscriptions still in force at `now` (active, not past their end), except
 * `exceptId`: they decide whether an ending subscription may take the upgraded group back.
 */
export async function otherActiveSubscriptions(
  db: Db,
  userId: number,
  exceptId: number,
  now: number,
): Promise<UserSubscriptionRow[]> {
  return db
    .selectFrom('user_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', SUBSCRIPTION_STATUS.active)
    .where('end_time', '>', now)
    .where('id', '!=', exceptId)
    .orderBy('id')
    .execute();
}

/**
 * Moves subscription `id` from `active` to `status` (ending it at `endTime` when given), in one
 * conditional UPDATE: of concurrent callers (two nodes' sweeps, an admin and the sweep) exactly
 * one changes the row. `dueBy` also requires `end_time <= dueBy` (the expiry sweep).
 */
export async function endActiveSubscription(
  db: Db,
  id: number,
  change: { status: string; now: number; endTime?: number; dueBy?: number },
): Promise<boolean> {
  let query = db
    .updateTable('user_subscriptions')
    .set({
      status: change.status,
      updated_at: change.now,
      ...(change.endTime === undefined ? {} : { end_time: change.endTime }),
    })
    .where('id', '=', id)
    .where('status', '=', SUBSCRIPTION_STATUS.active);
  if (change.dueBy !== undefined) query = query.where('end_time', '<=', change.dueBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ids of active subscriptions past their end at `now`, oldest end first. */
export async function listDueExpiries(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_subscriptions')
    .select('id')
    .where('status', '=', SUBSCRIPTION_STATUS.active)
    .where('end_time', '<=', now)
    .orderBy('end_time')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function deleteSubscription(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_subscriptions').where('id', '=', id).execute();
}
