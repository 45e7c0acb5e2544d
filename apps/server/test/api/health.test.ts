import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';
import { runCli } from '../../src/cli/run-cli.js';
import { openDatabase } from '../../src/db/open-database.js';
import { createReadinessCheck } from '../../src/http/readiness.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('GET /healthz and /readyz', () => {
  let harness: TestApp | undefined;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await harness?.close();
    await database?.drop();
    harness = undefined;
    database = undefined;
  });

  it('answers alive and ready on a migrated database, without a session', async () => {
    harness = await createTestApp('sqlite');
    const alive = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not configured', migrations: 'ok' },
    });
  });

  it('is not counted by the per-IP rate limits', async () => {
    harness = await createTestApp('sqlite', {
      GLOBAL_API_RATE_LIMIT: '2',
      GLOBAL_WEB_RATE_LIMIT: '2',
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      for (const url of ['/healthz', '/readyz']) {
        statuses.push((await harness.app.inject({ method: 'GET', url })).statusCode);
      }
    }
    expect(statuses).toEqual(new Array(12).fill(200));
    // The limit itself is on: the console API is refused after two calls.
    const api = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      api.push((await harness.app.inject({ method: 'GET', url: '/api/status' })).statusCode);
    }
    expect(api).toEqual([200, 200, 429]);
  });

  it.runIf(redisUrl)('reports Redis, and 503 with the reason once Redis is gone', async () => {
    harness = await createTestApp('sqlite', { REDIS_CONN_STRING: redisUrl! });
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json().checks.redis).toBe('ok');

    harness.runtime.context.redis!.disconnect();
    // Answers are reused for a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const gone = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(gone.statusCode).toBe(503);
    const body = gone.json();
    expect(body.status).toBe('unavailable');
    expect(body.checks.database).toBe('ok');
    expect(body.checks.redis).not.toBe('ok');
    expect(body.reason).toMatch(/^redis: /);
    // Alive all the same: a liveness probe must not restart a process for a dependency.
    expect((await harness.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  for (const kind of testDatabaseKinds()) {
    it(`is not ready on a slave node until the schema is migrated (${kind})`, async () => {
      database = await createTestDatabase(kind);
      await sql`drop table redemptions`.execute(database.handle.db);
      harness = await createTestApp(
        kind,
        { NODE_TYPE: 'slave' },
        { dsn: database.dsn, sqlitePath: database.sqlitePath },
      );
      const response = await harness.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        reason: 'migrations: pending: table redemptions',
        checks: {
          database: 'ok',
          redis: 'not configured',
          migrations: 'pending: table redemptions',
        },
      });
    }, 30_000);
  }

  it('turns ready on a slave node once the master (here: tollgate migrate) has migrated', async () => {
    database = await createTestDatabase('sqlite');
    await sql`drop table redemptions`.execute(database.handle.db);
    harness = await createTestApp(
      'sqlite',
      { NODE_TYPE: 'slave' },
      { dsn: '', sqlitePath: database.sqlitePath },
    );
    const check = createReadinessCheck(harness.runtime.context, {
      answerReuseMs: 0,
      schemaRecheckMs: 0,
    });
    expect((await check()).checks.migrations).toBe('pending: table redemptions');
    const migrate = await runCli(
      ['migrate'],
      { SQLITE_PATH: database.sqlitePath },
      { out: () => {}, err: () => {} },
    );
    expect(migrate).toBe(0);
    expect(await check()).toEqual({
      ready: true,
      checks: { database: 'ok', redis: 'not configured', migrations: 'ok' },
    });
  });

  it('reports the database when it stops answering', async () => {
    harness = await createTestApp('sqlite');
    // A real handle on the same file, closed: every query on it fails as on a database gone away.
    const closed = await openDatabase({ dsn: '', sqlitePath: harness.config.database.sqlitePath });
    await closed.close();
    const check = createReadinessCheck({ ...harness.runtime.context, database: closed });
    const { ready, checks } = await check();
    expect(ready).toBe(false);
    expect(checks.database).toMatch(/destroyed/);
    expect(checks.migrations).toBe('unknown: the database is down');
  });
});
