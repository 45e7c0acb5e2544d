import { REDEMPTION_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { softDeleteTimestamp, type QueryTarget } from '../db/dialect-helpers.js';
import { columnStartsWith } from '../db/like-pattern.js';
import type { Database, NewRedemption, RedemptionRow, RedemptionUpdate } from '../db/schema.js';

/**
 * Plain query functions over `redemptions`. Soft-deleted rows (`deleted_at` set, as GORM does) are
 * skipped everywhere: a deleted code is neither listed nor redeemable. Writes that depend on the
 * status carry it in their WHERE clause, so the check and the change are one atomic statement.
 */

type Db = Kysely<Database>;

export interface RedemptionPageRows {
  items: RedemptionRow[];
  total: number;
}

/** Largest id an `int` column holds; a larger keyword cannot be an id. */
const MAX_ID = 2_147_483_647;

/**
 * One page of live codes, newest first. A non-empty `keyword` keeps the codes whose id is that
 * number (when it reads as one, as Go's `strconv.Atoi`) or whose name starts with it.
 */
export async function listRedemptions(
  db: Db,
  keyword: string,
  offset: number,
  limit: number,
): Promise<RedemptionPageRows> {
  let query = db.selectFrom('redemptions').where('deleted_at', 'is', null);
  if (keyword !== '') {
    query = query.where((where) => {
      const matches = [columnStartsWith('name', keyword)];
      if (/^[+-]?\d+$/.test(keyword) && Math.abs(Number(keyword)) <= MAX_ID) {
        matches.push(where('id', '=', Number(keyword)));
      }
      return where.or(matches);
    });
  }
  const [items, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    query.select((select) => select.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { items, total: Number(count?.total ?? 0) };
}

export async function findRedemption(db: Db, id: number): Promise<RedemptionRow | undefined> {
  return db
    .selectFrom('redemptions')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findRedemptionByKey(db: Db, key: string): Promise<RedemptionRow | undefined> {
  return db
    .selectFrom('redemptions')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Inserts a batch in one statement: every code is stored, or none. */
export async function insertRedemptions(db: Db, rows: NewRedemption[]): Promise<void> {
  await db.insertInto('redemptions').values(rows).execute();
}

/** Writes name and/or quota of a live code that is still unused; returns whether it was. */
export async function updateUnusedRedemption(
  db: Db,
  id: number,
  values: Pick<RedemptionUpdate, 'name' | 'quota'>,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', REDEMPTION_STATUS.unused)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the status of a live code that is not used; returns whether it was one. */
export async function setUnspentRedemptionStatus(
  db: Db,
  id: number,
  status: number,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status })
    .where('id', '=', id)
    .where('status', 'in', [REDEMPTION_STATUS.unused, REDEMPTION_STATUS.disabled])
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a live code deleted; returns whether it existed. */
export async function softDeleteRedemption(target: QueryTarget, id: number): Promise<boolean> {
  const result = await target.db
    .updateTable('redemptions')
    .set({ deleted_at: softDeleteTimestamp(target.dialect) })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks the live unused code `key` as used by `userId`, in one conditional UPDATE: of any number of
 * concurrent claims, on any process or node, exactly one changes the row (the others wait for its
 * row lock, then find the status no longer 1). Returns whether this call claimed it.
 */
export async function claimRedemption(
  db: Db,
  key: string,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ status: REDEMPTION_STATUS.used, redeemed_time: now, used_user_id: userId })
    .where('key', '=', key)
    .where('status', '=', REDEMPTION_STATUS.unused)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
