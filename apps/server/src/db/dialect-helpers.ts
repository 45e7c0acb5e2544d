/**
 * The one place where dialect differences that queries care about live: MySQL has no RETURNING, each driver
 * reports a unique violation differently, and each stores GORM's soft-delete date-time in its own format.
 */
import type { Insertable, Kysely } from 'kysely';

import type { DatabaseHandle } from './open-database.js';
import type { Database, TableName } from './schema.js';

/** Tables whose primary key is an auto-increment `id`. */
export type TableWithId = {
  [Table in TableName]: Database[Table] extends { id: unknown } ? Table : never;
}[TableName];

/** A handle or a transaction paired with its dialect: `{ ...handle, db: transaction }`. */
export type QueryTarget = Pick<DatabaseHandle, 'db' | 'dialect'>;

/** Current time in unix seconds, the unit of every `*_time` / `created_at` column. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Inserts one row and returns its new `id`: `RETURNING id` on SQLite and PostgreSQL, the driver's insert id on
 * MySQL (which has no RETURNING).
 */
export async function insertReturningId<Table extends TableWithId>(
  target: QueryTarget,
  table: Table,
  values: Insertable<Database[Table]>,
): Promise<number> {
  // The generic table parameter is beyond what Kysely's types can follow; the public signature is exact.
  const db = target.db as unknown as Kysely<Record<string, { id: number }>>;
  const insert = db.insertInto(table).values(values as never);
  if (target.dialect === 'mysql') {
    const result = await insert.executeTakeFirstOrThrow();
    if (result.insertId === undefined) throw new Error(`MySQL returned no insert id for ${table}`);
    return Number(result.insertId);
  }
  const row = await insert.returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** True when `error` is a unique or primary-key violation on any of the three drivers. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    code === '23505' || // PostgreSQL unique_violation
    code === 'ER_DUP_ENTRY' ||
    errno === 1062 ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * The value to write into a `deleted_at` column to soft-delete a row, in the format GORM writes for the
 * dialect (UTC): `2006-01-02 15:04:05.000+00:00`, without the offset for MySQL's `datetime(3)`.
 */
export function softDeleteTimestamp(dialect: DatabaseHandle['dialect'], date = new Date()): string {
  const text = date.toISOString().replace('T', ' ').replace('Z', '');
  return dialect === 'mysql' ? text : `${text}+00:00`;
}
