/**
 * Renders the table definitions into Kysely schema builders for one dialect. Types follow GORM's mapping so
 * a Go node sees the columns it would have created itself (reference §1 "GORM type mapping").
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';

import type { SqlDialect } from './open-database.js';
import type { TableName } from './schema.js';
import {
  tableDefinition,
  type ColumnDefinition,
  type IndexDefinition,
  type AnyTableDefinition,
} from './table-definitions.js';

// The builders below never touch row types, so a schema-less Kysely instance is enough.
type AnyKysely = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** True when GORM would give a MySQL string column a bounded varchar (it can then be indexed or defaulted). */
function isKeyLike(
  table: AnyTableDefinition,
  columnName: string,
  column: ColumnDefinition,
): boolean {
  return (
    column.unique === true ||
    column.autoIncrementPrimaryKey === true ||
    column.default !== undefined ||
    (table.primaryKey ?? []).includes(columnName) ||
    table.indexes.some(
      (index) => index.columns.includes(columnName) || (index.include ?? []).includes(columnName),
    )
  );
}

/** The SQL type of one column in one dialect (without constraints). */
export function columnSqlType(dialect: SqlDialect, table: TableName, columnName: string): string {
  const definition = tableDefinition(table);
  const column = definition.columns[columnName];
  if (column === undefined) throw new Error(`Unknown column ${table}.${columnName}`);
  if (column.autoIncrementPrimaryKey && dialect === 'postgres') return 'bigserial';
  switch (column.type) {
    case 'int':
      return dialect === 'sqlite' ? 'integer' : 'int';
    case 'bigint':
    case 'quota':
      return dialect === 'sqlite' ? 'integer' : 'bigint';
    case 'ubigint':
      return dialect === 'sqlite' ? 'integer' : dialect === 'mysql' ? 'bigint unsigned' : 'bigint';
    case 'boolean':
      return dialect === 'sqlite' ? 'numeric' : 'boolean';
    case 'double':
      return dialect === 'sqlite' ? 'real' : dialect === 'mysql' ? 'double' : 'double precision';
    case 'string':
      if (dialect !== 'mysql') return 'text';
      return isKeyLike(definition, columnName, column) ? 'varchar(191)' : 'longtext';
    case 'text':
      return 'text';
    case 'varchar':
    case 'char':
      return `${column.type}(${column.length ?? 191})`;
    case 'datetime':
      return dialect === 'sqlite'
        ? 'datetime'
        : dialect === 'mysql'
          ? 'datetime(3)'
          : 'timestamptz';
    case 'json':
      // SQLite would give a column declared `json` numeric affinity; text keeps JSON strings intact.
      return dialect === 'sqlite' ? 'text' : 'json';
  }
}

/** `CREATE TABLE IF NOT EXISTS` with every column, the primary key and inline unique constraints. */
export function createTableQuery(db: AnyKysely, dialect: SqlDialect, table: TableName) {
  const definition = tableDefinition(table);
  let builder = db.schema.createTable(table).ifNotExists();
  for (const [columnName, column] of Object.entries(definition.columns)) {
    const type = sql.raw(columnSqlType(dialect, table, columnName));
    builder = builder.addColumn(columnName, type, (columnBuilder) => {
      let result = columnBuilder;
      if (column.autoIncrementPrimaryKey) {
        result = result.primaryKey();
        if (dialect !== 'postgres') result = result.autoIncrement();
      }
      if (column.notNull) result = result.notNull();
      if (column.default !== undefined) result = result.defaultTo(column.default);
      if (column.unique) result = result.unique();
      return result;
    });
  }
  if (definition.primaryKey) {
    // The builder tracks added column names in its type only when built in one chain; the names are valid.
    const columns = [...definition.primaryKey] as never[];
    builder = builder.addPrimaryKeyConstraint(`${table}_pkey`, columns);
  }
  if (dialect === 'mysql') builder = builder.modifyEnd(sql`default charset = utf8mb4`);
  return builder;
}

/**
 * `ALTER TABLE ... ADD COLUMN` for a column missing from an existing table. Existing rows take the default.
 * Unique and NOT NULL-without-default are left out: neither can be added to a table that already has rows.
 */
export function addColumnQuery(
  db: AnyKysely,
  dialect: SqlDialect,
  table: TableName,
  columnName: string,
) {
  const column = tableDefinition(table).columns[columnName];
  const type = sql.raw(columnSqlType(dialect, table, columnName));
  return db.schema.alterTable(table).addColumn(columnName, type, (columnBuilder) => {
    let result = columnBuilder;
    if (column.default !== undefined) {
      result = result.defaultTo(column.default);
      if (column.notNull) result = result.notNull();
    }
    return result;
  });
}

/**
 * PostgreSQL's `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS`: an index added to a table that
 * already holds millions of rows (an adopted new-api database, a new index on `logs`) is built
 * without blocking writes to it. It cannot run inside a transaction; migrations run outside one.
 */
export function createIndexConcurrentlyQuery(table: TableName, index: IndexDefinition) {
  return postgresCreateIndex(table, index, sql`concurrently `);
}

/** A statement bound to its database: Kysely's schema builders and bound raw SQL alike. */
export interface BoundStatement {
  compile(): CompiledQuery;
  execute(): Promise<unknown>;
}

/** `CREATE [UNIQUE] INDEX` (with IF NOT EXISTS where the dialect has it; MySQL does not). */
export function createIndexQuery(
  db: AnyKysely,
  dialect: SqlDialect,
  table: TableName,
  index: IndexDefinition,
): BoundStatement {
  if (dialect === 'postgres') {
    // Kysely's index builder has no INCLUDE; the statement is written out (same text otherwise).
    const statement = postgresCreateIndex(table, index, sql``);
    return { compile: () => statement.compile(db), execute: () => statement.execute(db) };
  }
  // Without INCLUDE (SQLite, MySQL) the covered columns trail the key: see `IndexDefinition.include`.
  let builder = db.schema
    .createIndex(index.name)
    .on(table)
    .columns([...index.columns, ...coveredColumns(index)]);
  if (index.unique) builder = builder.unique();
  if (dialect !== 'mysql') builder = builder.ifNotExists();
  return builder;
}

function postgresCreateIndex(
  table: TableName,
  index: IndexDefinition,
  concurrently: RawBuilder<unknown>,
) {
  const columns = sql.join(index.columns.map((column) => sql.id(column)));
  const unique = index.unique ? sql`unique ` : sql``;
  const covered = coveredColumns(index);
  const include =
    covered.length === 0
      ? sql``
      : sql` include (${sql.join(covered.map((column) => sql.id(column)))})`;
  return sql`create ${unique}index ${concurrently}if not exists ${sql.id(index.name)} on ${sql.id(table)} (${columns})${include}`;
}

/** The index's covered (non-key) columns; refused on a unique index (see `IndexDefinition.include`). */
function coveredColumns(index: IndexDefinition): readonly string[] {
  const include = index.include ?? [];
  if (include.length > 0 && index.unique) {
    throw new Error(`Unique index ${index.name} cannot include columns`);
  }
  return include;
}
