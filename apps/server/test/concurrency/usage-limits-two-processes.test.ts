import { createMockUpstream } from '@tollgate/mock-upstream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const redisUrl = process.env.TEST_REDIS_URL;
const CALLS = 20;
// Long enough that a loaded machine still asks while the dead process's reservations hold.
const HOLD_SECONDS = 6;
/** The upstream model of the calls a killed process leaves in flight: answered long after. */
const NEVER_IN_TIME = 'gpt-4o-mini@latency=30000';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inFlightUpstream = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  (body as { model?: unknown }).model === NEVER_IN_TIME;
const minuteOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * Sends a burst whose calls all land in one calendar minute (one rpm window): starts early in a
 * minute, and when a slow machine still let the burst run into the next minute (where the limit
 * rightly admits again), sends it again in a minute untouched by the first try.
 */
async function burstInOneMinute<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    if (Date.now() % 60_000 > 40_000) await sleep(60_000 - (Date.now() % 60_000) + 50);
    const started = minuteOf(Date.now());
    const result = await send();
    const ended = minuteOf(Date.now());
    if (ended === started || attempt === 2) return result;
    await sleep((ended + 1) * 60_000 - Date.now() + 50);
  }
}

/**
 * Usage limits on two processes sharing PostgreSQL, counted in Redis and, without it, in the
 * database: N concurrent calls against a limit of K admit exactly K whichever process serves them,
 * and the reservations of a process killed mid-call stop counting once they expire.
 */
describe.each([
  { store: 'Redis', redis: true },
  { store: 'the database', redis: false },
])('usage limits across two processes, counted in $store', ({ redis }) => {
  const enabled = Boolean(process.env.TEST_POSTGRES_DSN) && (!redis || Boolean(redisUrl));
  let database: TestDatabase;
  let mock: Awaited<ReturnType<typeof createMockUpstream>>;
  const nodes: ServerProcess[] = [];
  const keys = new Map<string, string>();
  const tokenIds = new Map<string, number>();

  const chat = (node: ServerProcess, token: string, model = 'gpt-4o-mini') =>
    fetch(`${node.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.get(token)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  beforeAll(async () => {
    if (!enabled) return;
    mock = await createMockUpstream();
    database = await createTestDatabase('postgres');
    if (redis) {
      // Counters are kept per token id: forget those of earlier runs (token 1 again).
      const connection = new Redis(redisUrl!);
      const stale = await connection.keys('tollgate:lim:*');
      if (stale.length > 0) await connection.del(...stale);
      connection.disconnect();
    }
    const env: Record<string, string> = {
      SQL_DSN: database.dsn,
      SESSION_SECRET: 'shared-secret',
      GLOBAL_API_RATE_LIMIT: '100000',
      WORKERS: '1',
      QUOTA_HOLD_SECONDS: String(HOLD_SECONDS),
    };
    if (redis) env.REDIS_CONN_STRING = redisUrl!;
    const master = await startServerProcess({ ...env, NODE_TYPE: 'master' });
    nodes.push(master);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${master.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const password = 'rootpassword1';
    await post('/api/setup', { username: 'root', password, confirmPassword: password });
    const login = await post('/api/user/login', { username: 'root', password });
    const { data: user } = await login.json();
    const headers = {
      cookie: String(login.headers.get('set-cookie')).split(';')[0],
      'new-api-user': String(user.id),
    };
    const call = async (path: string, body: unknown) => {
      const json = await (await post(path, body, headers)).json();
      if (!json.success) throw new Error(`${path}: ${json.message}`);
    };
    await call('/api/channel/', {
      mode: 'single',
      channel: {
        type: 1,
        name: 'mock',
        key: 'sk-upstream',
        base_url: mock.url,
        models: 'gpt-4o-mini,gpt-4o,gpt-4-turbo',
        model_mapping: JSON.stringify({
          'gpt-4o': 'gpt-4o-mini@latency=1500',
          'gpt-4-turbo': NEVER_IN_TIME,
        }),
        group: 'default',
      },
    });
    const limits = { rpm: { rpm: 7 }, concurrency: { concurrency: 3 }, crash: { concurrency: 2 } };
    for (const [name, value] of Object.entries(limits)) {
      await call('/api/token/', { name, unlimited_quota: true, limits: value });
    }
    for (const row of await database.handle.db
      .selectFrom('tokens')
      .select(['id', 'name', 'key'])
      .execute()) {
      keys.set(row.name ?? '', `sk-${row.key}`);
      tokenIds.set(row.name ?? '', row.id);
    }
    await database.handle.db
      .updateTable('users')
      .set({ quota: 100_000_000 })
      .where('id', '=', user.id)
      .execute();
    nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await mock?.close();
    await database?.drop();
  });

  it.skipIf(!enabled)(
    'admits exactly K of N concurrent calls (rpm and concurrency)',
    async () => {
      const rpm = await burstInOneMinute(() =>
        Promise.all(Array.from({ length: CALLS }, (_, index) => chat(nodes[index % 2], 'rpm'))),
      );
      const admitted = rpm.filter((response) => response.status === 200);
      const refused = rpm.filter((response) => response.status === 429);
      expect([admitted.length, refused.length]).toEqual([7, CALLS - 7]);
      expect(admitted[0].headers.get('x-ratelimit-limit-requests')).toBe('7');
      const retryAfter = Number(refused[0].headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = await refused[0].json();
      expect(body.error).toMatchObject({
        type: 'tollgate_limit_error',
        code: 'token_rpm_limit_exceeded',
      });
      expect(body.error.message).toMatch(/^token limit reached: 7 requests per minute; resets at /);

      const concurrent = await Promise.all(
        Array.from({ length: CALLS }, (_, index) =>
          chat(nodes[index % 2], 'concurrency', 'gpt-4o'),
        ),
      );
      const statuses = concurrent.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array(3).fill(200), ...Array(CALLS - 3).fill(429)]);
      // The calls ended: their slots are free again once each process has written its releases
      // (off the answer path, every 10 ms; longer on a loaded machine).
      await expect
        .poll(async () => (await chat(nodes[0], 'concurrency')).status, { timeout: 10_000 })
        .toBe(200);
    },
    60_000,
  );

  it.skipIf(!enabled)(
    'a process killed mid-call leaks no reservation past the hold expiry',
    async () => {
      const victim = nodes[1];
      const inFlight = [0, 1].map(() =>
        chat(victim, 'crash', 'gpt-4-turbo').catch(() => undefined),
      );
      // Both calls were admitted (reserved) once the upstream has them.
      await expect
        .poll(() => mock.requests.filter((request) => inFlightUpstream(request.body)).length, {
          timeout: 30_000,
        })
        .toBe(2);
      await victim.kill();
      await Promise.all(inFlight);
      // The dead process's two calls still hold the two slots…
      expect((await chat(nodes[0], 'crash')).status).toBe(429);
      // …until their reservations expire.
      await sleep(HOLD_SECONDS * 1000);
      await expect
        .poll(async () => (await chat(nodes[0], 'crash')).status, { timeout: 15_000 })
        .toBe(200);
      const tokenId = tokenIds.get('crash');
      await expect
        .poll(async () => {
          if (redis) {
            const connection = new Redis(redisUrl!);
            const live = await connection.zcard(`tollgate:lim:t${tokenId}:concurrency:0:x`);
            connection.disconnect();
            return live;
          }
          const rows = await database.handle.db
            .selectFrom('limit_reservations')
            .select('id')
            .where('counter_key', '=', `tollgate:lim:t${tokenId}:concurrency:0`)
            .execute();
          return rows.length;
        })
        .toBe(0);
    },
    60_000,
  );
});
