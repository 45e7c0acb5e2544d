/**
 * The vocabulary of the table definitions (see `table-definitions.ts`): logical column types, column, index
 * and table descriptions, and the small helpers the per-area definition files are written with.
 */
import type { Database, TableName } from './schema.js';

/**
 * Logical column types, named after the Go declaration they come from:
 * - `int`: Go `int` with `type:int` (32-bit INT);
 * - `bigint`: Go `int`/`int64` without an explicit type (BIGINT; INTEGER in SQLite);
 * - `ubigint`: Go `uint` (BIGINT UNSIGNED in MySQL);
 * - `quota`: a balance or amount (BIGINT in new PostgreSQL/MySQL databases);
 * - `string`: Go `string` without size (MySQL varchar(191) when indexed, unique, primary or defaulted, else
 *   longtext; text elsewhere);
 * - `text`, `varchar`, `char`: explicit GORM types;
 * - `datetime`: `gorm.DeletedAt`; `json`: a JSON column (text in SQLite).
 */
export type LogicalType =
  | 'int'
  | 'bigint'
  | 'ubigint'
  | 'quota'
  | 'boolean'
  | 'double'
  | 'string'
  | 'text'
  | 'varchar'
  | 'char'
  | 'datetime'
  | 'json';

/** One column. Columns are NULLable unless `notNull` (as GORM creates them). */
export interface ColumnDefinition {
  type: LogicalType;
  /** Length for `varchar` and `char`. */
  length?: number;
  notNull?: boolean;
  default?: string | number | boolean;
  /** Single-column auto-increment primary key. */
  autoIncrementPrimaryKey?: boolean;
  /** Inline UNIQUE constraint (GORM `unique`), applied only when the table is created. */
  unique?: boolean;
}

/** One index; names follow GORM (`idx_<table>_<column>` or the model's explicit name). */
export interface IndexDefinition {
  name: string;
  columns: readonly string[];
  /**
   * Columns stored in the index after its key, so that a query reading only indexed columns is
   * answered from the index alone (an index-only scan, no table row read). PostgreSQL stores them
   * with `INCLUDE (…)`, outside the key; SQLite and MySQL have no INCLUDE and get them as trailing
   * key columns, which serves the same queries. Not allowed on a unique index (trailing key columns
   * would change what is unique).
   */
  include?: readonly string[];
  unique?: boolean;
}

/** One table: its columns in creation order, an optional composite primary key, its indexes. */
export interface TableDefinition<Table extends TableName> {
  columns: { readonly [Column in keyof Database[Table] & string]-?: ColumnDefinition };
  primaryKey?: readonly (keyof Database[Table] & string)[];
  indexes: readonly IndexDefinition[];
}

/** A table definition seen without its column names' type (for code that loops over every table). */
export interface AnyTableDefinition {
  columns: Readonly<Record<string, ColumnDefinition>>;
  primaryKey?: readonly string[];
  indexes: readonly IndexDefinition[];
}

/** Column shorthands, named after the Go declaration they mirror. */
export const id: ColumnDefinition = { type: 'bigint', autoIncrementPrimaryKey: true };
export const int: ColumnDefinition = { type: 'int' };
export const bigint: ColumnDefinition = { type: 'bigint' };
export const string: ColumnDefinition = { type: 'string' };
export const datetime: ColumnDefinition = { type: 'datetime' };

export function withDefault(
  column: ColumnDefinition,
  value: string | number | boolean,
): ColumnDefinition {
  return { ...column, default: value };
}
export function quota(defaultValue?: number): ColumnDefinition {
  return defaultValue === undefined ? { type: 'quota' } : { type: 'quota', default: defaultValue };
}
export function varchar(length: number, defaultValue?: string): ColumnDefinition {
  return defaultValue === undefined
    ? { type: 'varchar', length }
    : { type: 'varchar', length, default: defaultValue };
}

/** Plain single-column indexes named `idx_<table>_<column>`. */
export function plainIndexes(
  table: TableName,
  columns: string[],
  unique = false,
): IndexDefinition[] {
  return columns.map((column) => ({ name: `idx_${table}_${column}`, columns: [column], unique }));
}
