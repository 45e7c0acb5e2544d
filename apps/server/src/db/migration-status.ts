/**
 * What `migrateDatabase` would still have to do on a database: the tables, columns and indexes it
 * lacks, and on PostgreSQL the hourly log totals (postgres-log-totals.ts). Read-only; used by the readiness check of a process that does not migrate (a slave node,
 * cluster workers after the first) and by `tollgate check`.
 */
import type { DatabaseHandle } from './open-database.js';
import { hasLogTotals } from './postgres-log-totals.js';
import type { TableName } from './schema.js';
import { listColumns, listIndexes, listTables } from './schema-introspection.js';
import { tableDefinition, tableNames } from './table-definitions.js';

/** Options of `pendingMigrationSteps`. */
export interface MigrationStatusOptions {
  /** Tables to look at (default: all). */
  tables?: readonly TableName[];
  /**
   * Also list missing indexes (default false). A unique index that duplicate rows prevent stays
   * missing after a migration by design (see migrate.ts), so readiness looks at tables and columns.
   */
  indexes?: boolean;
}

/** The missing pieces, e.g. `table logs`, `column users.username_key`; empty when up to date. */
export async function pendingMigrationSteps(
  handle: DatabaseHandle,
  options: MigrationStatusOptions = {},
): Promise<string[]> {
  const existingTables = new Set(await listTables(handle));
  const pending: string[] = [];
  for (const table of options.tables ?? tableNames) {
    if (!existingTables.has(table)) {
      pending.push(`table ${table}`);
      continue;
    }
    const definition = tableDefinition(table);
    const columns = new Set(
      (await listColumns(handle, table)).map((column) => column.name.toLowerCase()),
    );
    for (const column of Object.keys(definition.columns)) {
      if (!columns.has(column)) pending.push(`column ${table}.${column}`);
    }
    if (!options.indexes) continue;
    const indexes = new Set(await listIndexes(handle, table));
    for (const index of definition.indexes) {
      if (!indexes.has(index.name)) pending.push(`index ${index.name} on ${table}`);
    }
  }
  const tables = options.tables ?? tableNames;
  if (tables.includes('logs') && existingTables.has('logs') && handle.dialect === 'postgres') {
    if (!(await hasLogTotals(handle))) pending.push('log totals (triggers on logs)');
  }
  return pending;
}
