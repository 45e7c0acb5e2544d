import { createMockUpstream } from '@tollgate/mock-upstream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = 30;
const CALLS = 60;

/**
 * The per-user model request limit (ModelRequestRateLimit*) on two processes sharing PostgreSQL
 * and Redis: one budget for both, so a burst spread over the two passes exactly `count` calls.
 */
describe.skipIf(!redisUrl || !process.env.TEST_POSTGRES_DSN)(
  'model request limit shared by two processes through Redis',
  () => {
    let database: TestDatabase;
    let mock: Awaited<ReturnType<typeof createMockUpstream>>;
    const nodes: ServerProcess[] = [];
    let apiKey = '';
    let rootHeaders: Record<string, string> = {};

    beforeAll(async () => {
      mock = await createMockUpstream();
      database = await createTestDatabase('postgres');
      // Limits are kept per user id in Redis: forget those of earlier runs (user 1 again).
      const redis = new Redis(redisUrl!);
      const stale = await redis.keys('tollgate:rl:MRRL:*');
      if (stale.length > 0) await redis.del(...stale);
      redis.disconnect();
      const env = {
        SQL_DSN: database.dsn,
        REDIS_CONN_STRING: redisUrl!,
        SESSION_SECRET: 'shared-secret',
        GLOBAL_API_RATE_LIMIT: '100000',
        WORKERS: '1',
      };
      const master = await startServerProcess({ ...env, NODE_TYPE: 'master' });
      nodes.push(master);
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        fetch(`${master.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      await post('/api/setup', {
        username: 'root',
        password: 'rootpassword1',
        confirmPassword: 'rootpassword1',
      });
      const login = await post('/api/user/login', {
        username: 'root',
        password: 'rootpassword1',
      });
      const { data: user } = await login.json();
      const headers = {
        'content-type': 'application/json',
        cookie: String(login.headers.get('set-cookie')).split(';')[0],
        'new-api-user': String(user.id),
      };
      rootHeaders = headers;
      const call = async (method: string, path: string, body: unknown) => {
        const response = await fetch(`${master.url}${path}`, {
          method,
          headers,
          body: JSON.stringify(body),
        });
        const json = await response.json();
        if (!json.success) throw new Error(`${path}: ${json.message}`);
      };
      await call('POST', '/api/channel/', {
        mode: 'single',
        channel: {
          type: 1,
          name: 'mock',
          key: 'sk-upstream',
          base_url: mock.url,
          models: 'gpt-4o-mini',
          group: 'default',
        },
      });
      await call('POST', '/api/token/', { name: 'limited', unlimited_quota: true });
      apiKey = `sk-${(await database.handle.db.selectFrom('tokens').select('key').executeTakeFirstOrThrow()).key}`;
      await database.handle.db
        .updateTable('users')
        .set({ quota: 100_000_000 })
        .where('id', '=', user.id)
        .execute();
      nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
      for (const [key, value] of [
        ['ModelRequestRateLimitDurationMinutes', '1'],
        ['ModelRequestRateLimitCount', String(LIMIT)],
        ['ModelRequestRateLimitSuccessCount', '1000'],
        ['ModelRequestRateLimitEnabled', 'true'],
      ]) {
        await call('PUT', '/api/option/', { key, value });
      }
    }, 180_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await mock?.close();
      await database?.drop();
    });

    it('lets exactly `count` calls of a burst through, whichever process serves them', async () => {
      // Saved on the master; the slave applies it once Redis has carried the change.
      await expect
        .poll(async () => {
          const response = await fetch(`${nodes[1].url}/api/option/`, { headers: rootHeaders });
          const { data } = (await response.json()) as { data: { key: string; value: string }[] };
          return data.find((option) => option.key === 'ModelRequestRateLimitEnabled')?.value;
        })
        .toBe('true');

      const answers = await Promise.all(
        Array.from({ length: CALLS }, async (_, index) => {
          const response = await fetch(`${nodes[index % 2].url}/v1/chat/completions`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${apiKey}`,
              'content-type': 'application/json',
              'accept-language': 'zh-CN',
            },
            body: JSON.stringify({
              model: 'gpt-4o-mini',
              messages: [{ role: 'user', content: `call ${index}` }],
            }),
          });
          return { status: response.status, body: await response.json() };
        }),
      );
      const passed = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(passed).toHaveLength(LIMIT);
      expect(refused).toHaveLength(CALLS - LIMIT);
      expect(refused[0].body.error.message).toMatch(
        new RegExp(`^您已达到总请求数限制：1分钟内最多请求${LIMIT}次，包括失败次数`),
      );
      expect(refused[0].body.error.type).toBe('new_api_error');
    }, 60_000);
  },
);
