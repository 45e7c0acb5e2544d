import { createMockUpstream } from '@tollgate/mock-upstream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';
import { setUpAsRoot } from '../support/priced-node.js';

const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(process.env.TEST_POSTGRES_DSN) && Boolean(redisUrl);
/** Per-call prices (USD); at the default 500000 quota per USD the backup costs exactly 1000. */
const PRICES = { 'cached-model': 0.002, 'broken-model': 0.004, 'backup-model': 0.002 };
const BACKUP_COST = 1000;
const CACHE_KEYS = 'tollgate:response-cache:*';

/**
 * Two Tollgate processes sharing PostgreSQL and Redis: an answer stored by node A is a response
 * cache hit on node B (the Redis store), and a model fallback saved through node A's console is
 * used by a call on node B (option sync) and billed as the model that answered.
 */
describe.skipIf(!enabled)('response cache and model fallbacks across two processes', () => {
  let database: TestDatabase;
  let mock: Awaited<ReturnType<typeof createMockUpstream>>;
  let redis: Redis;
  const nodes: ServerProcess[] = [];
  let apiKey = '';
  let call: (
    node: ServerProcess,
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ data: unknown }>;

  async function chat(node: ServerProcess, model: string, content: string) {
    const response = await fetch(`${node.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  beforeAll(async () => {
    mock = await createMockUpstream();
    database = await createTestDatabase('postgres');
    redis = new Redis(redisUrl!);
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
    const headers = await setUpAsRoot(master.url);
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
      ['ModelPrice', JSON.stringify(PRICES)],
      ['ResponseCacheEnabled', 'true'],
      ['ResponseCacheRules', JSON.stringify([{ models: ['cached-model'], ttl_seconds: 300 }])],
    ]) {
      await call(master, 'PUT', '/api/option/', { key, value });
    }
    await call(master, 'POST', '/api/channel/', {
      mode: 'single',
      channel: {
        type: 1,
        name: 'mock',
        key: 'sk-upstream',
        base_url: mock.url,
        models: Object.keys(PRICES).join(','),
        group: 'default',
        model_mapping: JSON.stringify({
          'cached-model': 'gpt-4o-mini',
          'broken-model': 'gpt-4o-mini@status=500',
          'backup-model': 'gpt-4o-mini',
        }),
      },
    });
    await call(master, 'POST', '/api/token/', { name: 'shared', unlimited_quota: true });
    const token = await database.handle.db
      .selectFrom('tokens')
      .select('key')
      .executeTakeFirstOrThrow();
    apiKey = `sk-${token.key}`;
    nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    redis?.disconnect();
    await mock?.close();
    await database?.drop();
  });

  it('answers on node B from the answer node A stored', async () => {
    const [nodeA, nodeB] = nodes;
    // A text no earlier run sent: the first call is a miss whatever Redis still holds.
    const content = `shared cache ${Date.now()}`;
    const storedBefore = (await redis.keys(CACHE_KEYS)).length;
    const miss = await chat(nodeA, 'cached-model', content);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-tollgate-cache')).toBe('miss');
    // The answer is stored after it was sent and charged: wait for the write to land.
    await expect
      .poll(async () => (await redis.keys(CACHE_KEYS)).length, { timeout: 15_000 })
      .toBeGreaterThan(storedBefore);
    const upstreamCalls = mock.requests.length;

    const hit = await chat(nodeB, 'cached-model', content);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-tollgate-cache')).toBe('hit');
    expect(hit.text).toBe(miss.text);
    expect(mock.requests).toHaveLength(upstreamCalls);
  }, 60_000);

  it('uses on node B a fallback saved on node A, billed as the answering model', async () => {
    const [nodeA, nodeB] = nodes;
    const fallbacks = JSON.stringify({ 'broken-model': ['backup-model'] });
    await call(nodeA, 'PUT', '/api/option/', { key: 'ModelFallbacks', value: fallbacks });
    await expect
      .poll(
        async () => {
          const { data } = await call(nodeB, 'GET', '/api/option/');
          return (data as Array<{ key: string; value: string }>).find(
            (option) => option.key === 'ModelFallbacks',
          )?.value;
        },
        { timeout: 30_000 },
      )
      .toBe(fallbacks);

    const answer = await chat(nodeB, 'broken-model', 'fall back please');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-tollgate-fallback-from')).toBe('broken-model');
    const db = database.handle.db;
    await expect
      .poll(
        () =>
          db
            .selectFrom('logs')
            .select(['model_name', 'quota', 'other'])
            .where('type', '=', 2)
            .where('model_name', '=', 'backup-model')
            .executeTakeFirst(),
        { timeout: 15_000 },
      )
      .toBeDefined();
    const row = await db
      .selectFrom('logs')
      .select(['quota', 'other'])
      .where('type', '=', 2)
      .where('model_name', '=', 'backup-model')
      .executeTakeFirstOrThrow();
    expect(Number(row.quota)).toBe(BACKUP_COST);
    expect(JSON.parse(String(row.other)).fallback_from).toBe('broken-model');
  }, 60_000);
});
