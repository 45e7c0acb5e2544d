/**
 * Reads what an existing database already has (tables, columns, index names), per dialect, from the
 * catalog each one exposes: `sqlite_master` / `pragma_table_info` for SQLite, `information_schema` and
 * `pg_indexes` for PostgreSQL (current schema), `information_schema` for MySQL (current database).
 */
import { sql } from 'kysely';

import type { DatabaseHandle } from './open-database.js';

/** The catalog tables read below, typed for Kysely. */
type CatalogTables = {
  sqlite_master: { type: string; name: string; tbl_name: string };
  'information_schema.tables': { table_schema: string; table_name: string };
  'information_schema.columns': {
    table_schema: string;
    table_name: string;
    column_name: string;
    data_type: string;
    column_type: string;
    ordinal_position: number;
  };
  'information_schema.statistics': { table_schema: string; table_name: string; index_name: string };
  pg_indexes: { schemaname: string; tablename: string; indexname: string };
};

/** One existing column: its name and the type the database reports for it (lower case). */
export interface ExistingColumn {
  name: string;
  /** SQLite declared type, PostgreSQL `data_type`, MySQL `column_type` (e.g. `int(11)`). */
  type: string;
}

function catalog(handle: DatabaseHandle) {
  return handle.db.withTables<CatalogTables>();
}

/** The schema-qualifying condition of the current schema (PostgreSQL) or database (MySQL). */
function currentSchema(handle: DatabaseHandle) {
  return handle.dialect === 'postgres' ? sql<string>`current_schema()` : sql<string>`database()`;
}

/** Names of every table in the database (current schema). */
export async function listTables(handle: DatabaseHandle): Promise<string[]> {
  if (handle.dialect === 'sqlite') {
    const rows = await catalog(handle)
      .selectFrom('sqlite_master')
      .select('name')
      .where('type', '=', 'table')
      .execute();
    // SQLite's own bookkeeping tables (sqlite_sequence, ...) are not part of the schema.
    return rows.map((row) => row.name).filter((name) => !name.startsWith('sqlite_'));
  }
  const rows = await catalog(handle)
    .selectFrom('information_schema.tables')
    .select('table_name as name')
    .where('table_schema', '=', currentSchema(handle))
    .execute();
  return rows.map((row) => row.name);
}

/** Whether `table` exists. */
export async function tableExists(handle: DatabaseHandle, table: string): Promise<boolean> {
  return (await listTables(handle)).includes(table);
}

/** The columns of `table`, in order (empty when the table does not exist). */
export async function listColumns(
  handle: DatabaseHandle,
  table: string,
): Promise<ExistingColumn[]> {
  if (handle.dialect === 'sqlite') {
    const result =
      await sql<ExistingColumn>`select name, lower(type) as type from pragma_table_info(${table})`.execute(
        handle.db,
      );
    return result.rows;
  }
  const typeColumn = handle.dialect === 'postgres' ? 'data_type' : 'column_type';
  const rows = await catalog(handle)
    .selectFrom('information_schema.columns')
    .select(['column_name as name', `${typeColumn} as type`])
    .where('table_schema', '=', currentSchema(handle))
    .where('table_name', '=', table)
    .orderBy('ordinal_position')
    .execute();
  return rows.map((row) => ({ name: row.name, type: row.type.toLowerCase() }));
}

/** Names of the indexes on `table` (including primary-key and unique-constraint indexes). */
export async function listIndexes(handle: DatabaseHandle, table: string): Promise<string[]> {
  const database = catalog(handle);
  if (handle.dialect === 'sqlite') {
    const rows = await database
      .selectFrom('sqlite_master')
      .select('name')
      .where('type', '=', 'index')
      .where('tbl_name', '=', table)
      .execute();
    return rows.map((row) => row.name);
  }
  if (handle.dialect === 'postgres') {
    const rows = await database
      .selectFrom('pg_indexes')
      .select('indexname as name')
      .where('schemaname', '=', currentSchema(handle))
      .where('tablename', '=', table)
      .execute();
    return rows.map((row) => row.name);
  }
  const rows = await database
    .selectFrom('information_schema.statistics')
    .select('index_name as name')
    .distinct()
    .where('table_schema', '=', currentSchema(handle))
    .where('table_name', '=', table)
    .execute();
  return rows.map((row) => row.name);
}

/** A PostgreSQL index the planner does not use (`pg_index.indisvalid` false). */
export interface InvalidPostgresIndex {
  name: string;
  /** A `CREATE INDEX CONCURRENTLY` is building it right now (it becomes valid when done). */
  building: boolean;
}

/**
 * The invalid indexes on `table` (current schema): those a `CREATE INDEX CONCURRENTLY` still
 * builds, and those it left behind when it failed or its process stopped. A left-behind one keeps
 * its name, so `CREATE INDEX … IF NOT EXISTS` would never build it again.
 */
export async function listInvalidPostgresIndexes(
  handle: DatabaseHandle,
  table: string,
): Promise<InvalidPostgresIndex[]> {
  const { rows } = await sql<{ name: string; building: boolean }>`
    select index_class.relname as name,
      exists (
        select 1 from pg_stat_progress_create_index progress
        where progress.index_relid = index_class.oid
      ) as building
    from pg_index
    join pg_class index_class on index_class.oid = pg_index.indexrelid
    join pg_class table_class on table_class.oid = pg_index.indrelid
    join pg_namespace on pg_namespace.oid = table_class.relnamespace
    where pg_namespace.nspname = current_schema() and table_class.relname = ${table}
      and not pg_index.indisvalid`.execute(handle.db);
  return rows.map((row) => ({ name: row.name, building: Boolean(row.building) }));
}
