/**
 * Opens the database named by `SQL_DSN` / `SQLITE_PATH` exactly as new-api chooses it (reference §1):
 * empty or `local...` → SQLite file; `postgres://` / `postgresql://` → PostgreSQL; anything else → MySQL
 * (a `mysql://` URL or the Go driver DSN `user:pass@tcp(host:port)/db`).
 *
 * Every dialect returns the same JS values: BIGINT and DECIMAL as numbers, booleans as booleans, date-times
 * and JSON as the strings stored.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import { Kysely, MysqlDialect, sql, PostgresDialect, type Dialect } from 'kysely';
import { createPool, type TypeCast } from 'mysql2';
import pg from 'pg';

import {
  DEFAULT_CONNECTION_POOL,
  mysqlPoolOptions,
  postgresPoolOptions,
  retireOldMysqlConnections,
  type ConnectionPoolSettings,
} from './connection-pool.js';
import { parseMysqlDsn } from './parse-mysql-dsn.js';
import type { Database } from './schema.js';
import { bridgeSqliteBooleans } from './sqlite-boolean-bridge.js';
import { DEFERRED_AUTOCHECKPOINT_PAGES, SqliteCheckpointer } from './sqlite-checkpointer.js';
import { sqliteFilePath } from './sqlite-file-path.js';
import { ImmediateTransactionSqliteDialect } from './sqlite-immediate-dialect.js';
import { booleanColumnKeys } from './table-definitions.js';

/** The three supported SQL dialects. */
export type SqlDialect = 'sqlite' | 'postgres' | 'mysql';

/** An open database: the Kysely instance, its dialect, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** Closes every connection; the handle is unusable afterwards. */
  close(): Promise<void>;
}

/** Where the database is. */
export interface OpenDatabaseOptions {
  /** `SQL_DSN` (or `LOG_SQL_DSN`); empty means SQLite. */
  dsn: string;
  /** `SQLITE_PATH`, used when `dsn` selects SQLite; a `?_busy_timeout=...` suffix is ignored. */
  sqlitePath: string;
  /** The PostgreSQL/MySQL pool (SQL_MAX_*; SQLite always uses one connection). */
  pool?: ConnectionPoolSettings;
  /** Caps the pool's open connections (the command line's small pool). */
  maxConnections?: number;
  /**
   * SQLite only: who copies the WAL back into the database file. `inline` (default): SQLite's
   * automatic checkpoint, inside the commits of this connection. `background`: a worker thread of
   * this process, off the event loop. `elsewhere`: another process (a cluster's workers leave it
   * to the primary); this connection checkpoints only if the WAL grows far beyond normal.
   */
  walCheckpoints?: 'inline' | 'background' | 'elsewhere';
}

/** Which dialect a DSN selects, by new-api's rules. */
export function dialectForDsn(dsn: string): SqlDialect {
  const trimmed = dsn.trim();
  if (trimmed === '' || trimmed.startsWith('local')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(trimmed)) return 'postgres';
  return 'mysql';
}

/**
 * Opens the database and checks that it answers; nothing is created except the SQLite file and its
 * directory. Fails with a message naming the dialect when the server cannot be reached.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const dialect = dialectForDsn(options.dsn);
  const pool = options.pool ?? DEFAULT_CONNECTION_POOL;
  const poolSettings =
    options.maxConnections === undefined
      ? pool
      : { ...pool, maxOpen: Math.min(pool.maxOpen, options.maxConnections) };
  const kyselyDialect =
    dialect === 'sqlite'
      ? sqliteDialect(options.sqlitePath, (options.walCheckpoints ?? 'inline') !== 'inline')
      : dialect === 'postgres'
        ? postgresDialect(options.dsn.trim(), poolSettings)
        : mysqlDialect(options.dsn.trim(), poolSettings);
  const db = new Kysely<Database>({ dialect: kyselyDialect });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open the ${dialect} database: ${reason}`, { cause: error });
  }
  const checkpointer =
    dialect === 'sqlite' && options.walCheckpoints === 'background'
      ? startCheckpointer(options.sqlitePath)
      : undefined;
  return {
    db,
    dialect,
    close: async () => {
      await db.destroy();
      await checkpointer?.close();
    },
  };
}

function startCheckpointer(sqlitePath: string): SqliteCheckpointer | undefined {
  const file = sqliteFilePath(sqlitePath);
  if (file === ':memory:') return undefined;
  return new SqliteCheckpointer(file, {
    onError: (error) => process.emitWarning(error.message),
  });
}

/** How long a statement waits for another process's lock on the SQLite file. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

function sqliteDialect(sqlitePath: string, checkpointsDeferred: boolean): Dialect {
  const file = sqliteFilePath(sqlitePath);
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma('foreign_keys = OFF');
  database.pragma('synchronous = NORMAL');
  if (checkpointsDeferred) {
    database.pragma(`wal_autocheckpoint = ${DEFERRED_AUTOCHECKPOINT_PAGES}`);
  }
  return new ImmediateTransactionSqliteDialect({
    connection: database,
    busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
    database: bridgeSqliteBooleans(database, booleanColumnKeys),
  });
}

const postgresRawTextTypes = new Set([
  114, // json
  3802, // jsonb
  1082, // date
  1114, // timestamp
  1184, // timestamptz
]);

function postgresTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
  // int8 (ids, counts, quota) and numeric (GORM's float columns, SUM results) as numbers below 2^53.
  if (oid === 20 || oid === 1700) return (value: string) => Number(value);
  if (postgresRawTextTypes.has(oid)) return (value: string) => value;
  return pg.types.getTypeParser(oid, format ?? 'text');
}

function postgresDialect(dsn: string, settings: ConnectionPoolSettings): Dialect {
  const pool = new pg.Pool({
    connectionString: dsn,
    ...postgresPoolOptions(settings),
    types: { getTypeParser: postgresTypeParser as typeof pg.types.getTypeParser },
  });
  // An idle client losing its connection must not crash the process; the next query reports the problem.
  pool.on('error', () => {});
  return new PostgresDialect({ pool });
}

// GORM stores booleans as tinyint(1) in MySQL: read them back as booleans.
const mysqlTypeCast: TypeCast = (field, next) => {
  if (field.type === 'TINY' && field.length === 1) {
    const value = field.string();
    return value === null ? null : value !== '0';
  }
  return next();
};

function mysqlDialect(dsn: string, settings: ConnectionPoolSettings): Dialect {
  const pool = createPool({
    charset: 'UTF8MB4_UNICODE_CI',
    ...parseMysqlDsn(dsn),
    ...mysqlPoolOptions(settings),
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    dateStrings: true,
    jsonStrings: true,
    typeCast: mysqlTypeCast,
    enableKeepAlive: true,
  });
  retireOldMysqlConnections(pool, settings.maxLifetimeSeconds);
  return new MysqlDialect({ pool });
}
