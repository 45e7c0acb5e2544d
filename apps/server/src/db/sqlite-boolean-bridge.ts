/**
 * Makes booleans behave in SQLite as they do in PostgreSQL: better-sqlite3 refuses to bind JS booleans and
 * returns 0/1 for boolean columns (GORM declares them `numeric`). This wrapper binds booleans as 1/0 and turns
 * the 0/1 of a known boolean column back into a boolean. Columns are recognised by the table and column the
 * value comes from (SQLite reports them per result column), so aliases work and computed values are untouched.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const cacheLimit = 1000;

/** Wraps `database` for Kysely's SqliteDialect; `booleanColumnKeys` holds `table.column` entries. */
export function bridgeSqliteBooleans(
  database: BetterSqlite3.Database,
  booleanColumnKeys: ReadonlySet<string>,
): SqliteDatabase {
  // Result columns that need converting, per SQL text (Kysely prepares every query anew).
  const booleanResultColumns = new Map<string, string[]>();

  function booleanColumnsOf(sqlText: string, statement: BetterSqlite3.Statement): string[] {
    let names = booleanResultColumns.get(sqlText);
    if (names === undefined) {
      names = statement
        .columns()
        .filter((column) => booleanColumnKeys.has(`${column.table}.${column.column}`))
        .map((column) => column.name);
      if (booleanResultColumns.size >= cacheLimit) booleanResultColumns.clear();
      booleanResultColumns.set(sqlText, names);
    }
    return names;
  }

  return {
    close: () => database.close(),
    prepare(sqlText: string): SqliteStatement {
      const statement = database.prepare(sqlText);
      const convertRow = (row: unknown): unknown => {
        if (!statement.reader) return row;
        const names = booleanColumnsOf(sqlText, statement);
        if (names.length > 0 && typeof row === 'object' && row !== null) {
          const record = row as Record<string, unknown>;
          for (const name of names) {
            if (typeof record[name] === 'number') record[name] = record[name] !== 0;
          }
        }
        return row;
      };
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(bindable(parameters)).map(convertRow),
        run: (parameters) => statement.run(bindable(parameters)),
        *iterate(parameters) {
          for (const row of statement.iterate(bindable(parameters))) yield convertRow(row);
        },
      };
    },
  };
}

function bindable(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}
