/** SQL of the `models` table (model metadata); every read skips soft-deleted rows. */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { insertReturningId, softDeleteTimestamp, type QueryTarget } from '../db/dialect-helpers.js';
import { columnContainsIgnoringCase } from '../db/like-pattern.js';
import type { Database, ModelMetaRow, ModelsTable } from '../db/schema.js';
import type { Insertable, Updateable } from 'kysely';

/** Which rows a list or search reads: '' = no condition. */
export interface ModelFilter {
  /** Contained (case-insensitively) in the name, the description or the tags. */
  keyword: string;
  /** A vendor id (digits) or a part of a vendor's name. */
  vendor: string;
}

type ModelsExpression = ExpressionBuilder<Database, 'models'>;

function keywordCondition(keyword: string) {
  return (expression: ModelsExpression): Expression<SqlBool> =>
    expression.or([
      columnContainsIgnoringCase('model_name', keyword),
      columnContainsIgnoringCase('description', keyword),
      columnContainsIgnoringCase('tags', keyword),
    ]);
}

function vendorCondition(db: Kysely<Database>, vendor: string) {
  return (expression: ModelsExpression): Expression<SqlBool> => {
    if (/^\d+$/.test(vendor)) return expression('vendor_id', '=', Number(vendor));
    const named = db
      .selectFrom('vendors')
      .select('id')
      .where('deleted_at', 'is', null)
      .where(columnContainsIgnoringCase('name', vendor));
    return expression('vendor_id', 'in', named);
  };
}

function filtered(db: Kysely<Database>, filter: Partial<ModelFilter>) {
  let query = db.selectFrom('models').where('deleted_at', 'is', null);
  if (filter.keyword) query = query.where(keywordCondition(filter.keyword));
  if (filter.vendor) query = query.where(vendorCondition(db, filter.vendor));
  return query;
}

/** One page of live rows matching `filter`, newest id first, and how many match in all. */
export async function listModelRows(
  db: Kysely<Database>,
  filter: Partial<ModelFilter>,
  offset: number,
  limit: number,
): Promise<{ rows: ModelMetaRow[]; total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const { total } = await filtered(db, filter)
    .select((expression) => expression.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

/** Live rows per vendor id ('0' for none) and `all`, among the rows containing `keyword`. */
export async function countModelsByVendor(
  db: Kysely<Database>,
  keyword: string,
): Promise<Record<string, number>> {
  const groups = await filtered(db, { keyword })
    .select((expression) => [
      sql<number | null>`${expression.ref('vendor_id')}`.as('vendor_id'),
      expression.fn.countAll<number>().as('count'),
    ])
    .groupBy('vendor_id')
    .execute();
  const counts: Record<string, number> = { all: 0 };
  for (const group of groups) {
    const key = String(group.vendor_id ?? 0);
    counts[key] = (counts[key] ?? 0) + Number(group.count);
    counts.all += Number(group.count);
  }
  return counts;
}

/** Every live row (for rule matching: the missing list, pricing, the sync). */
export function listLiveModels(db: Kysely<Database>): Promise<ModelMetaRow[]> {
  return db.selectFrom('models').selectAll().where('deleted_at', 'is', null).execute();
}

export function findModel(db: Kysely<Database>, id: number): Promise<ModelMetaRow | undefined> {
  return db
    .selectFrom('models')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Live rows named exactly `name` (at most one, unless two writes raced). */
export function findModelsNamed(db: Kysely<Database>, name: string): Promise<ModelMetaRow[]> {
  return db
    .selectFrom('models')
    .selectAll()
    .where('model_name', '=', name)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export function insertModel(target: QueryTarget, values: Insertable<ModelsTable>): Promise<number> {
  return insertReturningId(target, 'models', values);
}

/** Changes a live row; answers whether it existed. */
export async function updateModelRow(
  db: Kysely<Database>,
  id: number,
  values: Updateable<ModelsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('models')
    .set(values)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Soft-deletes a live row the way GORM does; answers whether it existed. */
export function softDeleteModel(target: QueryTarget, id: number): Promise<boolean> {
  return updateModelRow(target.db, id, { deleted_at: softDeleteTimestamp(target.dialect) });
}

/** Removes a row outright: only a row this process has just inserted and must take back. */
export async function removeInsertedModel(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('models').where('id', '=', id).execute();
}
