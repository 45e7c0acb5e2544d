/**
 * Adopts a database in place, the way GORM AutoMigrate does for new-api: missing tables are created, missing
 * columns added, missing indexes created; on PostgreSQL, the hourly log totals are installed
 * (db/postgres-log-totals.ts). Nothing is ever dropped, renamed or retyped, so an existing
 * one-api/new-api database (including columns Tollgate does not know) keeps every row and value.
 *
 * Safe to run at every start and from several processes at once: each step that fails is re-checked, and a
 * step another process completed in the meantime counts as done.
 */
import { sql } from 'kysely';
import { isUniqueViolation } from './dialect-helpers.js';
import type { DatabaseHandle } from './open-database.js';
import { installLogTotals } from './postgres-log-totals.js';
import {
  addColumnQuery,
  createIndexConcurrentlyQuery,
  createIndexQuery,
  createTableQuery,
} from './render-ddl.js';
import type { TableName } from './schema.js';
import {
  listColumns,
  listIndexes,
  listInvalidPostgresIndexes,
  tableExists,
} from './schema-introspection.js';
import { tableDefinition, tableNames, type IndexDefinition } from './table-definitions.js';

/** Options of `migrateDatabase`. */
export interface MigrateOptions {
  /** Tables to migrate (default: all); e.g. only the log tables for a separate `LOG_SQL_DSN` database. */
  tables?: readonly TableName[];
  /**
   * Told about a unique index that existing rows prevent (duplicate values); the index is skipped so the
   * server can still start. Default: ignored.
   */
  onWarning?: (message: string) => void;
}

/** Creates missing tables, columns and indexes; never drops or rewrites anything. */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: MigrateOptions = {},
): Promise<void> {
  const tables = options.tables ?? tableNames;
  for (const table of tables) {
    await migrateTable(handle, table, options.onWarning ?? (() => {}));
  }
  if (tables.includes('logs')) await installLogTotals(handle);
}

async function migrateTable(
  handle: DatabaseHandle,
  table: TableName,
  warn: (message: string) => void,
): Promise<void> {
  const { db, dialect } = handle;
  const definition = tableDefinition(table);

  if (!(await tableExists(handle, table))) {
    await applyOnce(
      `create table ${table}`,
      () => tableExists(handle, table),
      async () => {
        await createTableQuery(db, dialect, table).execute();
      },
    );
  }

  const hasColumn = async (column: string) =>
    (await listColumns(handle, table)).some((existing) => existing.name.toLowerCase() === column);
  const existingColumns = new Set(
    (await listColumns(handle, table)).map((column) => column.name.toLowerCase()),
  );
  for (const column of Object.keys(definition.columns)) {
    if (existingColumns.has(column)) continue;
    await applyOnce(
      `add column ${table}.${column}`,
      () => hasColumn(column),
      async () => {
        await addColumnQuery(db, dialect, table, column).execute();
      },
    );
  }

  const existingIndexes = new Set(await listIndexes(handle, table));
  if (dialect === 'postgres') await dropInterruptedIndexes(handle, table, existingIndexes);
  for (const index of definition.indexes) {
    if (existingIndexes.has(index.name)) continue;
    await createIndex(handle, table, index, warn);
  }
  for (const retired of RETIRED_INDEXES[table] ?? []) {
    if (!existingIndexes.has(retired)) continue;
    await applyOnce(
      `drop index ${retired} on ${table}`,
      async () => !(await listIndexes(handle, table)).includes(retired),
      async () => {
        await (
          dialect === 'mysql'
            ? sql`alter table ${sql.table(table)} drop index ${sql.id(retired)}`
            : sql`drop index if exists ${sql.id(retired)}`
        ).execute(db);
      },
    );
  }
}

/**
 * Indexes of Tollgate's own tables that a newer definition replaced (never one of new-api's
 * tables): dropped once the replacement exists. `quota_holds` gained `subscription_id`, and a
 * process may hold a user's wallet and subscription pools at once.
 */
const RETIRED_INDEXES: Partial<Record<TableName, readonly string[]>> = {
  quota_holds: ['idx_quota_holds_holder_user_token'],
};

/**
 * Drops the indexes of `table`'s definition that an interrupted `CREATE INDEX CONCURRENTLY` left
 * invalid (a restart during a long build on an adopted table, a failed build), and takes them out
 * of `existingIndexes` so they are built again. An index another process is still building is left
 * alone.
 */
async function dropInterruptedIndexes(
  handle: DatabaseHandle,
  table: TableName,
  existingIndexes: Set<string>,
): Promise<void> {
  const ours = new Set(tableDefinition(table).indexes.map((index) => index.name));
  for (const invalid of await listInvalidPostgresIndexes(handle, table)) {
    if (!ours.has(invalid.name) || invalid.building) continue;
    await sql`drop index concurrently if exists ${sql.id(invalid.name)}`.execute(handle.db);
    existingIndexes.delete(invalid.name);
  }
}

async function createIndex(
  handle: DatabaseHandle,
  table: TableName,
  index: IndexDefinition,
  warn: (message: string) => void,
): Promise<void> {
  const indexExists = async () => (await listIndexes(handle, table)).includes(index.name);
  try {
    await applyOnce(`create index ${index.name} on ${table}`, indexExists, async () => {
      // MySQL (InnoDB) adds an index online by itself; PostgreSQL needs to be asked. Only for a
      // plain index on a table with rows: a concurrent build that fails (a unique index over
      // duplicates, two processes migrating a fresh database at once) leaves an invalid index.
      if (handle.dialect === 'postgres' && !index.unique && (await hasRows(handle, table))) {
        await createIndexConcurrentlyQuery(table, index).execute(handle.db);
      } else {
        await createIndexQuery(handle.db, handle.dialect, table, index).execute();
      }
    });
  } catch (error) {
    const duplicates = error instanceof MigrationStepError && isUniqueViolation(error.cause);
    if (!(index.unique && duplicates)) throw error;
    warn(
      `Unique index ${index.name} was not created: ${table} already holds duplicate ` +
        `${index.columns.join(', ')} values. Remove the duplicates and restart to create it.`,
    );
  }
}

async function hasRows(handle: DatabaseHandle, table: TableName): Promise<boolean> {
  const row = await handle.db
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .limit(1)
    .execute();
  return row.length > 0;
}

class MigrationStepError extends Error {
  constructor(step: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Database migration failed at "${step}": ${reason}`, { cause });
    this.name = 'MigrationStepError';
  }
}

/** Runs `change`; when it fails, accepts the failure only if `isDone` now holds (another process did it). */
async function applyOnce(
  step: string,
  isDone: () => Promise<boolean>,
  change: () => Promise<void>,
): Promise<void> {
  try {
    await change();
  } catch (error) {
    if (await isDone()) return;
    throw new MigrationStepError(step, error);
  }
}
