/**
 * Makes booleans behave in SQLite as they do in PostgreSQL: better-sqlite3 refuses to bind JS booleans and
 * returns 0/1 for boolean columns (GORM declares them `numeric`). This wrapper binds booleans as 1/0 and turns
 * the 0/1 of a known boolean column back into a boolean. Columns are recognised by the table and column the
 * value comes from (SQLite reports them per result column), so aliases work and computed values are untouched.
 *
 * It also keeps prepared statements by SQL text: Kysely prepares every query anew, and preparing costs
 * more than running a small UPDATE, so the relay's per-call statements are compiled once.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

const cacheLimit = 1000;

interface PreparedEntry {
  statement: BetterSqlite3.Statement;
  /** Result columns holding booleans (read once per statement). */
  booleanColumns: string[];
}

/** Wraps `database` for Kysely's SqliteDialect; `booleanColumnKeys` holds `table.column` entries. */
export function bridgeSqliteBooleans(
  database: BetterSqlite3.Database,
  booleanColumnKeys: ReadonlySet<string>,
): SqliteDatabase {
  const prepared = new Map<string, PreparedEntry>();

  function prepare(sqlText: string): PreparedEntry {
    let entry = prepared.get(sqlText);
    if (entry === undefined) {
      const statement = database.prepare(sqlText);
      const booleanColumns = statement.reader
        ? statement
            .columns()
            .filter((column) => booleanColumnKeys.has(`${column.table}.${column.column}`))
            .map((column) => column.name)
        : [];
      entry = { statement, booleanColumns };
      // Dynamic SQL (IN lists of varying length) would grow the cache without bound.
      if (prepared.size >= cacheLimit) prepared.clear();
      prepared.set(sqlText, entry);
    }
    return entry;
  }

  return {
    close: () => database.close(),
    prepare(sqlText: string): SqliteStatement {
      const { statement, booleanColumns } = prepare(sqlText);
      const convertRow = (row: unknown): unknown => {
        if (booleanColumns.length > 0 && typeof row === 'object' && row !== null) {
          const record = row as Record<string, unknown>;
          for (const name of booleanColumns) {
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
          // A cached statement cannot run twice at once; an iteration gets its own.
          const own = database.prepare(sqlText);
          for (const row of own.iterate(bindable(parameters))) yield convertRow(row);
        },
      };
    },
  };
}

function bindable(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}
