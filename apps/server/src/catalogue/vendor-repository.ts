/** SQL of the `vendors` table; every read skips soft-deleted rows. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import { insertReturningId, softDeleteTimestamp, type QueryTarget } from '../db/dialect-helpers.js';
import { columnContainsIgnoringCase } from '../db/like-pattern.js';
import type { Database, VendorRow, VendorsTable } from '../db/schema.js';

function filtered(db: Kysely<Database>, keyword: string) {
  let query = db.selectFrom('vendors').where('deleted_at', 'is', null);
  if (keyword !== '') {
    query = query.where((expression) =>
      expression.or([
        columnContainsIgnoringCase('name', keyword),
        columnContainsIgnoringCase('description', keyword),
      ]),
    );
  }
  return query;
}

/** One page of live vendors whose name or description contains `keyword`, newest id first. */
export async function listVendorRows(
  db: Kysely<Database>,
  keyword: string,
  offset: number,
  limit: number,
): Promise<{ rows: VendorRow[]; total: number }> {
  const rows = await filtered(db, keyword)
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const { total } = await filtered(db, keyword)
    .select((expression) => expression.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Every live vendor. */
export function listLiveVendors(db: Kysely<Database>): Promise<VendorRow[]> {
  return db.selectFrom('vendors').selectAll().where('deleted_at', 'is', null).execute();
}

export function findVendor(db: Kysely<Database>, id: number): Promise<VendorRow | undefined> {
  return db
    .selectFrom('vendors')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Live vendors named exactly `name` (at most one, unless two writes raced). */
export function findVendorsNamed(db: Kysely<Database>, name: string): Promise<VendorRow[]> {
  return db
    .selectFrom('vendors')
    .selectAll()
    .where('name', '=', name)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function insertVendor(
  target: QueryTarget,
  values: Insertable<VendorsTable>,
): Promise<number> {
  return insertReturningId(target, 'vendors', values);
}

/** Changes a live vendor; answers whether it existed. */
export async function updateVendorRow(
  db: Kysely<Database>,
  id: number,
  values: Updateable<VendorsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('vendors')
    .set(values)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function softDeleteVendor(target: QueryTarget, id: number): Promise<boolean> {
  return updateVendorRow(target.db, id, { deleted_at: softDeleteTimestamp(target.dialect) });
}

/** Removes a row outright: only a row this process has just inserted and must take back. */
export async function removeInsertedVendor(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('vendors').where('id', '=', id).execute();
}
