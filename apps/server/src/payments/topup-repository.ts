import { TOP_UP_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { columnContains } from '../db/like-pattern.js';
import type { Database, NewTopUp, TopUpRow } from '../db/schema.js';

/**
 * Plain query functions over `top_ups` (and the buyer's balance). The completion of an order
 * carries the pending status in its WHERE clause, so the check and the change are one atomic
 * statement on every dialect and across nodes.
 */

type Db = Kysely<Database>;

export interface TopUpPageRows<Row> {
  items: Row[];
  total: number;
}

/** An order with its buyer's username (null when the user row is gone). */
export type TopUpRowWithUsername = TopUpRow & { username: string | null };

export async function insertTopUp(db: Db, row: NewTopUp): Promise<void> {
  await db.insertInto('top_ups').values(row).execute();
}

/**
 * The order with trade number `tradeNo`. Databases of older versions have no unique index on
 * `trade_no`; should two rows share one, the first is the order (as GORM's `First`).
 */
export async function findTopUpByTradeNo(db: Db, tradeNo: string): Promise<TopUpRow | undefined> {
  return db
    .selectFrom('top_ups')
    .selectAll()
    .where('trade_no', '=', tradeNo)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Marks the pending order `id` paid, in one conditional UPDATE: of any number of concurrent
 * completions, on any process or node, exactly one changes the row (the others wait for its row
 * lock, then find it no longer pending). Returns whether this call completed it.
 */
export async function completePendingTopUp(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('top_ups')
    .set({ status: TOP_UP_STATUS.success, complete_time: now })
    .where('id', '=', id)
    .where('status', '=', TOP_UP_STATUS.pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The username of user `userId`, or '' when there is no such row. */
export async function findUsername(db: Db, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.username ?? '';
}

/** One page of a user's orders, newest first. */
export async function listUserTopUps(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<TopUpPageRows<TopUpRow>> {
  const query = db.selectFrom('top_ups').where('user_id', '=', userId);
  const [items, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    query.select((select) => select.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { items, total: Number(count?.total ?? 0) };
}

/**
 * One page of every order with its buyer's username, newest first. A non-empty `keyword` keeps
 * the orders whose trade number or username contains it.
 */
export async function listAllTopUps(
  db: Db,
  keyword: string,
  offset: number,
  limit: number,
): Promise<TopUpPageRows<TopUpRowWithUsername>> {
  let query = db.selectFrom('top_ups').leftJoin('users', 'users.id', 'top_ups.user_id');
  if (keyword !== '') {
    query = query.where((where) =>
      where.or([
        columnContains('top_ups.trade_no', keyword),
        columnContains('users.username', keyword),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    query
      .selectAll('top_ups')
      .select('users.username')
      .orderBy('top_ups.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((select) => select.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { items, total: Number(count?.total ?? 0) };
}
