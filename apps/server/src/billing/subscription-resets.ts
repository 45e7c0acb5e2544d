import { sql, type Kysely, type Transaction } from 'kysely';
import type { SqlDialect } from '../db/open-database.js';
import type { Database } from '../db/schema.js';
import { ascending } from './ascending-ids.js';
import { lockingTransaction } from './locking-transaction.js';
import { catchUpResets } from './subscription-periods.js';

/** A subscription's pool as a ledger write sees it, locked, after any period reset. */
export interface SubscriptionPool {
  id: number;
  userId: number;
  /** 0 = unlimited. */
  amountTotal: number;
  amountUsed: number;
  /** False once expired, cancelled or past its end: the pool grants nothing more. */
  usable: boolean;
  /** This lock opened a new period. */
  reset: boolean;
}

/**
 * Locks the `ids` subscriptions (by id, the order every ledger writer follows: after users, before
 * tokens) and opens a new period for each whose reset boundary has passed.
 *
 * A reset does not set `amount_used` to 0 but to what serving processes hold from the pool right
 * now (the sum of its `quota_holds` rows): a hold was added to `amount_used` when taken and leaves
 * it when given back or shrunk, so the new period starts exactly at its calls in flight and no
 * later release can give it quota it never had. The sum is read after the lock: every writer
 * changes a hold and `amount_used` in one transaction that takes this row's lock first, so the
 * rows read are consistent with the locked value.
 */
export async function lockSubscriptionPools(
  transaction: Transaction<Database>,
  dialect: SqlDialect,
  ids: Iterable<number>,
  now: number,
  timeZone: string,
): Promise<Map<number, SubscriptionPool>> {
  const pools = new Map<number, SubscriptionPool>();
  const sorted = ascending(ids);
  if (sorted.length === 0) return pools;
  let query = transaction
    .selectFrom('user_subscriptions')
    .select([
      'id',
      'user_id',
      'plan_id',
      'amount_total',
      'amount_used',
      'status',
      'end_time',
      'next_reset_time',
    ])
    .where('id', 'in', sorted)
    .orderBy('id');
  if (dialect !== 'sqlite') query = query.forUpdate();
  const rows = await query.execute();
  const due = rows.filter(
    (row) => Number(row.next_reset_time) > 0 && Number(row.next_reset_time) <= now,
  );
  const plans = new Map<
    number,
    { quota_reset_period: string; quota_reset_custom_seconds: number }
  >();
  if (due.length > 0) {
    const planRows = await transaction
      .selectFrom('subscription_plans')
      .select(['id', 'quota_reset_period', 'quota_reset_custom_seconds'])
      .where('id', 'in', ascending(due.map((row) => Number(row.plan_id))))
      .execute();
    for (const plan of planRows) {
      plans.set(Number(plan.id), {
        quota_reset_period: plan.quota_reset_period,
        quota_reset_custom_seconds: Number(plan.quota_reset_custom_seconds),
      });
    }
  }
  for (const row of rows) {
    const id = Number(row.id);
    let amountUsed = Number(row.amount_used);
    const plan = plans.get(Number(row.plan_id));
    const catchUp =
      plan &&
      catchUpResets(
        { next_reset_time: Number(row.next_reset_time), end_time: Number(row.end_time) },
        plan,
        now,
        timeZone,
      );
    if (catchUp) {
      const held = await transaction
        .selectFrom('quota_holds')
        .select(sql<string | number | null>`sum(amount)`.as('held'))
        .where('subscription_id', '=', id)
        .executeTakeFirst();
      amountUsed = Number(held?.held ?? 0);
      await transaction
        .updateTable('user_subscriptions')
        .set({
          amount_used: amountUsed,
          last_reset_time: catchUp.lastReset,
          next_reset_time: catchUp.nextReset,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    }
    pools.set(id, {
      id,
      userId: Number(row.user_id),
      amountTotal: Number(row.amount_total),
      amountUsed,
      usable: row.status === 'active' && Number(row.end_time) > now,
      reset: Boolean(catchUp),
    });
  }
  return pools;
}

/**
 * Opens the new period of every active subscription whose reset boundary has passed (at most
 * `limit`, oldest boundary first), in one transaction. Relay calls reset a pool lazily when they
 * draw from it; this sweep keeps the console's figures right for pools nobody draws from. Safe to
 * run on several nodes: the rows are locked and re-checked. Answers the users whose pools reset.
 */
export async function resetDueSubscriptions(
  target: { db: Kysely<Database>; dialect: SqlDialect },
  options: { now: number; timeZone: string; limit?: number },
): Promise<number[]> {
  const due = await target.db
    .selectFrom('user_subscriptions')
    .select('id')
    .where('status', '=', 'active')
    .where('next_reset_time', '>', 0)
    .where('next_reset_time', '<=', options.now)
    .orderBy('next_reset_time')
    .limit(options.limit ?? 200)
    .execute();
  if (due.length === 0) return [];
  return lockingTransaction(target).execute(async (transaction) => {
    const pools = await lockSubscriptionPools(
      transaction,
      target.dialect,
      due.map((row) => Number(row.id)),
      options.now,
      options.timeZone,
    );
    return ascending([...pools.values()].filter((pool) => pool.reset).map((pool) => pool.userId));
  });
}
