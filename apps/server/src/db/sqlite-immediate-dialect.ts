import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

/**
 * Kysely's SQLite dialect with every transaction opened as `BEGIN IMMEDIATE`.
 *
 * Several processes share one SQLite file (the `WORKERS` cluster). A plain `BEGIN` is deferred: a
 * transaction that reads and then writes tries to take the write lock only at its first write, and
 * if another process committed meanwhile SQLite fails it at once with SQLITE_BUSY — the busy timeout
 * does not apply, because waiting could not help a snapshot that is already stale. Taking the write
 * lock at `BEGIN` makes a second writer wait (up to the busy timeout) before it reads anything, so
 * read-then-write transactions (redeeming a code, settling quota) never fail that way.
 */
export class ImmediateTransactionSqliteDialect extends SqliteDialect {
  private readonly driverConfig: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.driverConfig = config;
  }

  override createDriver(): Driver {
    return new ImmediateTransactionSqliteDriver(this.driverConfig);
  }
}

class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
