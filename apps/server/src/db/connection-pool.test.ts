import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  mysqlPoolOptions,
  postgresPoolOptions,
  type ConnectionPoolSettings,
} from './connection-pool.js';
import { openDatabase, type DatabaseHandle } from './open-database.js';

describe('pool options (SQL_MAX_OPEN_CONNS, SQL_MAX_IDLE_CONNS, SQL_MAX_LIFETIME)', () => {
  const settings: ConnectionPoolSettings = { maxOpen: 20, maxIdle: 4, maxLifetimeSeconds: 90 };

  it('sets pg: max open, idle clients kept from its idle timeout, lifetime', () => {
    expect(postgresPoolOptions(settings)).toEqual({ max: 20, min: 4, maxLifetimeSeconds: 90 });
  });

  it('sets mysql2: connection limit and idle connections kept', () => {
    expect(mysqlPoolOptions(settings)).toEqual({ connectionLimit: 20, maxIdle: 4 });
  });

  it('never keeps more idle connections than it may open', () => {
    const wide = { maxOpen: 2, maxIdle: 100, maxLifetimeSeconds: 0 };
    expect(postgresPoolOptions(wide).min).toBe(2);
    expect(mysqlPoolOptions(wide).maxIdle).toBe(2);
  });
});

/** The server's id of the connection a query ran on, after `sleepSeconds` on it. */
type ConnectionId = (handle: DatabaseHandle, sleepSeconds?: number) => Promise<number>;

const servers: Array<{ name: string; dsn: string | undefined; connectionId: ConnectionId }> = [
  {
    name: 'PostgreSQL',
    dsn: process.env.TEST_POSTGRES_DSN,
    connectionId: async (handle, sleepSeconds = 0) =>
      Number(
        (
          await sql<{
            id: number;
          }>`select pg_backend_pid() as id, pg_sleep(${sleepSeconds})`.execute(handle.db)
        ).rows[0].id,
      ),
  },
  {
    name: 'MySQL',
    dsn: process.env.TEST_MYSQL_DSN,
    connectionId: async (handle, sleepSeconds = 0) =>
      Number(
        (
          await sql<{
            id: number;
          }>`select connection_id() as id, sleep(${sleepSeconds}) as slept`.execute(handle.db)
        ).rows[0].id,
      ),
  },
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const server of servers) {
  describe.runIf(server.dsn)(`the ${server.name} pool follows its settings`, () => {
    let handle: DatabaseHandle | undefined;
    const open = async (pool: ConnectionPoolSettings) => {
      handle = await openDatabase({ dsn: server.dsn!, sqlitePath: '', pool });
      return handle;
    };
    afterEach(async () => {
      await handle?.close();
      handle = undefined;
    });

    it('opens at most SQL_MAX_OPEN_CONNS connections: concurrent queries wait for one', async () => {
      const single = await open({ maxOpen: 1, maxIdle: 1, maxLifetimeSeconds: 0 });
      const [a, b] = await Promise.all([
        server.connectionId(single, 0.2),
        server.connectionId(single, 0.2),
      ]);
      expect(a).toBe(b);
      await single.close();

      const pair = await open({ maxOpen: 2, maxIdle: 2, maxLifetimeSeconds: 0 });
      const [c, d] = await Promise.all([
        server.connectionId(pair, 0.2),
        server.connectionId(pair, 0.2),
      ]);
      expect(c).not.toBe(d);
    });

    it('replaces a connection after SQL_MAX_LIFETIME seconds, and keeps it without one', async () => {
      const kept = await open({ maxOpen: 1, maxIdle: 1, maxLifetimeSeconds: 0 });
      const first = await server.connectionId(kept);
      await pause(1200);
      expect(await server.connectionId(kept)).toBe(first);
      await kept.close();

      const renewed = await open({ maxOpen: 1, maxIdle: 1, maxLifetimeSeconds: 1 });
      const before = await server.connectionId(renewed);
      expect(await server.connectionId(renewed)).toBe(before);
      await pause(1200);
      expect(await server.connectionId(renewed)).not.toBe(before);
    });
  });
}

describe.runIf(process.env.TEST_MYSQL_DSN)('the MySQL pool with SQL_MAX_IDLE_CONNS', () => {
  it('closes idle connections beyond the count', async () => {
    const handle = await openDatabase({
      dsn: process.env.TEST_MYSQL_DSN!,
      sqlitePath: '',
      pool: { maxOpen: 2, maxIdle: 0, maxLifetimeSeconds: 0 },
    });
    try {
      const first = await servers[1].connectionId(handle);
      // mysql2 sweeps the idle connections every second.
      await pause(2200);
      expect(await servers[1].connectionId(handle)).not.toBe(first);
    } finally {
      await handle.close();
    }
  });
});
