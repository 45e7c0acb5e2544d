import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config, type DatabaseConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/open-database.js';
import { listTables } from '../db/schema-introspection.js';
import { sqliteFilePath } from '../db/sqlite-file-path.js';
import { CliError } from './cli-command.js';

/** The server's configuration from `env`, read exactly as the server reads it. */
export function loadCliConfig(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`Configuration error: ${error.message}`);
    throw error;
  }
}

/**
 * Opens a configured database with a small pool. A SQLite file that does not exist is refused
 * unless `create` is set (opening would create an empty one: most likely a wrong SQLITE_PATH).
 */
export async function openConfiguredDatabase(
  database: DatabaseConfig,
  { create = false }: { create?: boolean } = {},
): Promise<DatabaseHandle> {
  if (database.kind === 'sqlite' && !create) {
    const file = sqliteFilePath(database.sqlitePath);
    if (file !== ':memory:' && !existsSync(file)) {
      throw new CliError(
        `The SQLite database ${resolve(file)} does not exist: check SQLITE_PATH (or SQL_DSN for PostgreSQL/MySQL)`,
      );
    }
  }
  try {
    return await openDatabase({
      dsn: database.dsn,
      sqlitePath: database.sqlitePath,
      maxConnections: 2,
    });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

/** Runs `work` on the main database (SQL_DSN / SQLITE_PATH) and closes it afterwards. */
export async function withMainDatabase<T>(
  config: Config,
  work: (handle: DatabaseHandle) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const handle = await openConfiguredDatabase(config.database, options);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Refuses a database that has never been migrated (a new, empty one: wrong DSN or first run). */
export async function requireUsersTable(handle: DatabaseHandle): Promise<void> {
  if (!(await listTables(handle)).includes('users')) {
    throw new CliError(
      `The ${handle.dialect} database has no users table: check SQL_DSN/SQLITE_PATH, or create the schema with "tollgate migrate" first`,
    );
  }
}
