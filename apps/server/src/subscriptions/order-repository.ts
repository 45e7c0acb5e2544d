import { TOP_UP_STATUS } from '@tollgate/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Database, SubscriptionOrderRow, SubscriptionOrdersTable } from '../db/schema.js';

/**
 * Plain query functions over `subscription_orders` (statuses are the top-ups': `pending`,
 * `success`, `expired`). Status changes carry the expected status in their WHERE clause, so the
 * check and the change are one atomic statement on every dialect and across nodes.
 */

type Db = Kysely<Database>;

export async function insertOrder(db: Db, row: Insertable<SubscriptionOrdersTable>): Promise<void> {
  await db.insertInto('subscription_orders').values(row).execute();
}

export async function findOrderByTradeNo(
  db: Db,
  tradeNo: string,
): Promise<SubscriptionOrderRow | undefined> {
  if (tradeNo === '') return undefined;
  return db
    .selectFrom('subscription_orders')
    .selectAll()
    .where('trade_no', '=', tradeNo)
    .executeTakeFirst();
}

/** Marks pending order `id` paid; of concurrent callers exactly one gets true. */
export async function completePendingOrder(
  db: Db,
  id: number,
  now: number,
  payload: string,
): Promise<boolean> {
  const result = await db
    .updateTable('subscription_orders')
    .set({ status: TOP_UP_STATUS.success, complete_time: now, provider_payload: payload })
    .where('id', '=', id)
    .where('status', '=', TOP_UP_STATUS.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks pending order `id` expired (a checkout that ran out); true when this call did. */
export async function expirePendingOrder(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('subscription_orders')
    .set({ status: TOP_UP_STATUS.expired })
    .where('id', '=', id)
    .where('status', '=', TOP_UP_STATUS.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
