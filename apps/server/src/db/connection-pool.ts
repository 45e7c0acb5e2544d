import type { Pool as MysqlPool, PoolConnection as MysqlPoolConnection, PoolOptions } from 'mysql2';
import type { PoolConfig as PostgresPoolConfig } from 'pg';

/**
 * The PostgreSQL and MySQL connection pool of one process, as new-api's `SQL_MAX_OPEN_CONNS`,
 * `SQL_MAX_IDLE_CONNS` and `SQL_MAX_LIFETIME` set Go's `database/sql` pool (SQLite always uses one
 * connection). Every process of a cluster (`WORKERS`) has a pool of its own.
 */
export interface ConnectionPoolSettings {
  /** Connections open at most; a query waits for a free one beyond this. */
  maxOpen: number;
  /**
   * Idle connections kept open (at most `maxOpen`). Idle ones beyond this are closed after a short
   * idle time: 10 s on PostgreSQL (pg's idle timeout), about 1 s on MySQL (mysql2's idle sweep).
   */
  maxIdle: number;
  /**
   * Seconds a connection is used for before it is closed and replaced, so a database failover or a
   * load balancer's rotation reaches every connection; 0 = kept for good. A connection in use is
   * closed when it is given back.
   */
  maxLifetimeSeconds: number;
}

/** Tollgate's pool per process: 10 connections (× WORKERS per node), renewed every minute. */
export const DEFAULT_CONNECTION_POOL: ConnectionPoolSettings = Object.freeze({
  maxOpen: 10,
  maxIdle: 10,
  maxLifetimeSeconds: 60,
});

/** pg's pool options: `min` is how many idle clients its idle timeout leaves open. */
export function postgresPoolOptions(
  settings: ConnectionPoolSettings,
): Pick<PostgresPoolConfig, 'max' | 'min' | 'maxLifetimeSeconds'> {
  return {
    max: settings.maxOpen,
    min: Math.min(settings.maxIdle, settings.maxOpen),
    maxLifetimeSeconds: settings.maxLifetimeSeconds,
  };
}

/** mysql2's pool options (it has no lifetime of its own: see retireOldMysqlConnections). */
export function mysqlPoolOptions(
  settings: ConnectionPoolSettings,
): Pick<PoolOptions, 'connectionLimit' | 'maxIdle'> {
  return {
    connectionLimit: settings.maxOpen,
    maxIdle: Math.min(settings.maxIdle, settings.maxOpen),
  };
}

/**
 * Gives a mysql2 pool the connection lifetime it lacks: `seconds` after a connection opened, it is
 * closed if idle, else as soon as it is given back, and the next query opens a fresh one.
 */
export function retireOldMysqlConnections(pool: MysqlPool, seconds: number): void {
  if (seconds <= 0) return;
  const idle = new WeakSet<MysqlPoolConnection>();
  const expired = new WeakSet<MysqlPoolConnection>();
  pool.on('connection', (connection) => {
    const timer = setTimeout(() => {
      if (idle.has(connection)) connection.destroy();
      else expired.add(connection);
    }, seconds * 1000);
    timer.unref();
    connection.once('end', () => clearTimeout(timer));
  });
  // 'acquire' and 'release' are emitted as a connection leaves and joins the free list.
  pool.on('acquire', (connection) => idle.delete(connection));
  pool.on('release', (connection) => {
    if (expired.has(connection)) connection.destroy();
    else idle.add(connection);
  });
}
