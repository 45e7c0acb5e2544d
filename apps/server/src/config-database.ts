import { ConfigError, readInteger } from './config-env.js';
import { DEFAULT_CONNECTION_POOL, type ConnectionPoolSettings } from './db/connection-pool.js';

/** The database settings of config.ts: which database a DSN names, and the connection pool. */

export interface DatabaseConfig {
  kind: 'sqlite' | 'postgres' | 'mysql';
  /** The DSN as given (empty for SQLite). */
  dsn: string;
  /** SQLite file path (used when kind is sqlite). */
  sqlitePath: string;
}

export const DEFAULT_SQLITE_PATH = 'data/tollgate.db';

/** Chooses the database from a DSN the way new-api does, also accepting `mysql://` URLs. */
export function parseDatabaseDsn(
  name: string,
  dsn: string | undefined,
  sqlitePath: string,
): DatabaseConfig {
  const value = dsn?.trim() ?? '';
  if (value === '' || value.startsWith('local')) return { kind: 'sqlite', dsn: '', sqlitePath };
  if (value.startsWith('postgres://') || value.startsWith('postgresql://')) {
    return { kind: 'postgres', dsn: value, sqlitePath };
  }
  if (
    value.startsWith('mysql://') ||
    /^[^\s@]*@?(tcp|unix)\(.*\)\/.*/.test(value) ||
    value.includes('@')
  ) {
    return { kind: 'mysql', dsn: value, sqlitePath };
  }
  throw new ConfigError(
    `${name} is not a PostgreSQL URL (postgres://…), a MySQL DSN (user:pass@tcp(host:port)/db or mysql://…) or "local": "${value}"`,
  );
}

/** More connections than one process can use; new-api's default (1000) is for a whole node. */
const MAX_POOL_CONNECTIONS = 1000;

/**
 * The PostgreSQL/MySQL pool of each process (new-api's names; Tollgate's defaults, since every
 * worker process holds a pool): `SQL_MAX_OPEN_CONNS` (default 10), `SQL_MAX_IDLE_CONNS` (default
 * and at most the open count) and `SQL_MAX_LIFETIME` seconds (default 60, 0 = kept for good).
 */
export function readConnectionPool(env: NodeJS.ProcessEnv): ConnectionPoolSettings {
  const maxOpen = readInteger(env, 'SQL_MAX_OPEN_CONNS', DEFAULT_CONNECTION_POOL.maxOpen, {
    min: 1,
    max: MAX_POOL_CONNECTIONS,
  });
  const maxIdle = readInteger(env, 'SQL_MAX_IDLE_CONNS', maxOpen, {
    min: 0,
    max: MAX_POOL_CONNECTIONS,
  });
  return {
    maxOpen,
    // As Go's database/sql: more idle connections than open ones cannot exist.
    maxIdle: Math.min(maxIdle, maxOpen),
    maxLifetimeSeconds: readInteger(
      env,
      'SQL_MAX_LIFETIME',
      DEFAULT_CONNECTION_POOL.maxLifetimeSeconds,
      { min: 0, max: 86_400 },
    ),
  };
}
