import type BetterSqlite3 from 'better-sqlite3';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/** How often a transaction asks again for the write lock another process holds. */
const LOCK_RETRY_MS = 1;

export interface ImmediateTransactionConfig extends SqliteDialectConfig {
  /** The connection itself (`database` may wrap it): transactions begin on it directly. */
  connection: BetterSqlite3.Database;
  /** The connection's busy timeout: how long a transaction waits for the write lock in all. */
  busyTimeoutMs: number;
}

/**
 * Kysely's SQLite dialect with every transaction opened as `BEGIN IMMEDIATE`, waiting for the write
 * lock without blocking the event loop.
 *
 * Several processes share one SQLite file (the `WORKERS` cluster). A plain `BEGIN` is deferred: a
 * transaction that reads and then writes tries to take the write lock only at its first write, and
 * if another process committed meanwhile SQLite fails it at once with SQLITE_BUSY — the busy timeout
 * does not apply, because waiting could not help a snapshot that is already stale. Taking the write
 * lock at `BEGIN` makes a second writer wait before it reads anything, so read-then-write
 * transactions (redeeming a code, settling quota) never fail that way.
 *
 * That wait is not SQLite's busy handler: it sleeps inside the call (1, 2, 5, 10 ms…), and
 * better-sqlite3 is synchronous, so the whole process stopped serving while another worker held the
 * lock for a commit of a millisecond. `BEGIN IMMEDIATE` is tried without a busy timeout instead, and
 * tried again every millisecond on a timer, the event loop free meanwhile, for up to the
 * connection's busy timeout.
 */
export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  constructor(private readonly driverConfig: ImmediateTransactionConfig) {
    super(driverConfig);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.driverConfig);
  }
}

class ImmediateTransactionSqliteDriver extends SqliteDriver {
  constructor(private readonly immediateConfig: ImmediateTransactionConfig) {
    super(immediateConfig);
  }

  // Kysely calls this with the (single) connection already taken for the transaction.
  override async beginTransaction(_connection: DatabaseConnection): Promise<void> {
    const { connection, busyTimeoutMs } = this.immediateConfig;
    const deadline = Date.now() + busyTimeoutMs;
    for (;;) {
      const busy = tryBeginImmediate(connection, busyTimeoutMs);
      if (busy === undefined) return;
      // SQLite's own answer once its busy timeout has passed.
      if (Date.now() >= deadline) throw busy;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
}

/**
 * `BEGIN IMMEDIATE` at once: undefined when it began, SQLite's SQLITE_BUSY error when another
 * connection holds the write lock.
 */
function tryBeginImmediate(
  connection: BetterSqlite3.Database,
  busyTimeoutMs: number,
): Error | undefined {
  connection.pragma('busy_timeout = 0');
  try {
    connection.exec('begin immediate');
    return undefined;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return error as Error;
    throw error;
  } finally {
    connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
  }
}
