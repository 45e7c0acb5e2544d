import type { Kysely } from 'kysely';
import { insertReturningId, softDeleteTimestamp, type QueryTarget } from '../db/dialect-helpers.js';
import type { Database, PrefillGroupRow } from '../db/schema.js';

/**
 * Plain query functions over `prefill_groups`. Soft-deleted rows (`deleted_at` set, as GORM does)
 * are skipped everywhere: a deleted group is neither listed nor counted as a name in use.
 */

type Db = Kysely<Database>;

/** The stored fields of a group, `items` as its JSON text. */
export interface PrefillGroupValues {
  name: string;
  type: string;
  items: string;
  description: string;
}

/** Live groups, most recently updated first; `type` '' = every type. */
export async function listPrefillGroups(db: Db, type: string): Promise<PrefillGroupRow[]> {
  let query = db.selectFrom('prefill_groups').selectAll().where('deleted_at', 'is', null);
  if (type !== '') query = query.where('type', '=', type);
  return query.orderBy('updated_time', 'desc').orderBy('id', 'desc').execute();
}

export async function findPrefillGroup(db: Db, id: number): Promise<PrefillGroupRow | undefined> {
  return db
    .selectFrom('prefill_groups')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Whether a live group other than `exceptId` already has `name`. */
export async function prefillGroupNameTaken(
  db: Db,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('prefill_groups')
    .select('id')
    .where('name', '=', name)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertPrefillGroup(
  target: QueryTarget,
  values: PrefillGroupValues,
  now: number,
): Promise<number> {
  return insertReturningId(target, 'prefill_groups', {
    ...values,
    created_time: now,
    updated_time: now,
  });
}

/** Rewrites a live group; returns whether it existed. */
export async function updatePrefillGroup(
  db: Db,
  id: number,
  values: PrefillGroupValues,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('prefill_groups')
    .set({ ...values, updated_time: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a live group deleted; returns whether it existed. */
export async function softDeletePrefillGroup(target: QueryTarget, id: number): Promise<boolean> {
  const result = await target.db
    .updateTable('prefill_groups')
    .set({ deleted_at: softDeleteTimestamp(target.dialect) })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
