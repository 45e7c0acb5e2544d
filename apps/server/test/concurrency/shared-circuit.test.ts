import { createMockUpstream } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const redisUrl = process.env.TEST_REDIS_URL;
const kinds = (['postgres', 'mysql'] as const).filter((kind) =>
  kind === 'postgres' ? process.env.TEST_POSTGRES_DSN : process.env.TEST_MYSQL_DSN,
);
const MODEL = 'shared-model';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two Tollgate processes sharing one database and Redis: a circuit one of them opens is open on
 * the other (which then refuses at once without calling upstream), and after the cool-down exactly
 * one probe crosses both processes.
 */
describe
  .skipIf(!redisUrl || kinds.length === 0)
  .each(kinds.length > 0 ? [kinds[0]] : (['postgres'] as const))(
  'a circuit shared by two processes on %s and Redis',
  (kind) => {
    let database: TestDatabase;
    let mock: Awaited<ReturnType<typeof createMockUpstream>>;
    const nodes: ServerProcess[] = [];
    let apiKey = '';
    let channelId = 0;
    let call: (
      node: ServerProcess,
      method: string,
      path: string,
      body?: unknown,
    ) => Promise<{ data: unknown }>;

    beforeAll(async () => {
      mock = await createMockUpstream();
      database = await createTestDatabase(kind);
      const env = {
        SQL_DSN: database.dsn,
        REDIS_CONN_STRING: redisUrl!,
        SESSION_SECRET: 'shared-secret',
        GLOBAL_API_RATE_LIMIT: '100000',
        SYNC_FREQUENCY: '60',
        WORKERS: '1',
      };
      nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'master' }));
      const master = nodes[0];
      await fetch(`${master.url}/api/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'root',
          password: 'rootpassword1',
          confirmPassword: 'rootpassword1',
        }),
      });
      const login = await fetch(`${master.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'root', password: 'rootpassword1' }),
      });
      const { data: user } = await login.json();
      const headers = {
        'content-type': 'application/json',
        cookie: String(login.headers.get('set-cookie')).split(';')[0],
        'new-api-user': String(user.id),
      };
      call = async (node, method, path, body) => {
        const response = await fetch(`${node.url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = await response.json();
        if (!json.success) throw new Error(`${path}: ${json.message}`);
        return json;
      };
      for (const [key, value] of [
        ['ModelPrice', JSON.stringify({ [MODEL]: 0.002 })],
        ['CircuitBreakerFailureThreshold', '3'],
        ['CircuitBreakerCooldownSeconds', '2'],
      ]) {
        await call(master, 'PUT', '/api/option/', { key, value });
      }
      await call(master, 'POST', '/api/channel/', {
        mode: 'single',
        channel: {
          type: 1,
          name: 'flaky',
          key: 'sk-upstream',
          base_url: mock.url,
          models: MODEL,
          group: 'default',
          model_mapping: JSON.stringify({ [MODEL]: 'gpt-4o-mini@status=500' }),
        },
      });
      await call(master, 'POST', '/api/token/', { name: 'shared', unlimited_quota: true });
      const db = database.handle.db;
      apiKey = `sk-${(await db.selectFrom('tokens').select('key').executeTakeFirstOrThrow()).key}`;
      channelId = (await db.selectFrom('channels').select('id').executeTakeFirstOrThrow()).id;
      nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await mock?.close();
      await database?.drop();
    });

    async function chat(node: ServerProcess): Promise<number> {
      const response = await fetch(`${node.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
      });
      await response.arrayBuffer();
      return response.status;
    }

    async function circuitOn(node: ServerProcess, wanted: string): Promise<void> {
      for (let waited = 0; ; waited += 50) {
        const { data } = await call(node, 'GET', '/api/channel/?p=0&page_size=10');
        const row = (data as Array<{ id: number; circuit: string }>).find(
          (channel) => channel.id === channelId,
        );
        if (row?.circuit === wanted) return;
        expect(waited, `circuit ${wanted} on ${node.url}`).toBeLessThan(5_000);
        await sleep(50);
      }
    }

    it('opens on one process, refuses at once on the other, and lets one probe through', async () => {
      const [first, second] = nodes;
      for (let index = 0; index < 3; index += 1) expect(await chat(first)).toBe(500);
      expect(mock.requests).toHaveLength(3);
      await circuitOn(second, 'open');
      expect(await chat(second)).toBe(503);
      expect(mock.requests).toHaveLength(3);

      // The upstream recovers, slowly: the probe is still in flight while the other nine calls
      // arrive, however long a loaded machine takes to send them.
      await call(first, 'PUT', '/api/channel/', {
        id: channelId,
        model_mapping: JSON.stringify({ [MODEL]: 'gpt-4o-mini@latency=3000' }),
      });
      await circuitOn(second, 'half_open');
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, index) => chat(nodes[index % 2])),
      );
      expect(mock.requests).toHaveLength(4);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 503)).toHaveLength(9);
      await circuitOn(second, 'closed');
      await circuitOn(first, 'closed');
      expect(await chat(second)).toBe(200);
    }, 60_000);
  },
);
