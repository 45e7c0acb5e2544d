import { createMockUpstream } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = process.env.TEST_POSTGRES_DSN;

/** Each call costs exactly this (a per-call price of 0.002 USD at 500000 quota per USD). */
const CALL_COST = 1000;
const POOL_CALLS = 60;
const WALLET_CALLS = 20;
const CALLS = 150;

/**
 * Two Tollgate processes on one PostgreSQL database and Redis serve 150 concurrent calls of a
 * user whose subscription's period covers 60 and whose wallet covers 20 more (the default
 * preference: the subscription first, then the wallet). Exactly 80 are answered; the
 * subscription's amount_used and the wallet's drop add up to the logged charges, split as the
 * log rows say, with no hold left behind.
 */
describe.skipIf(!redisUrl || !postgres)('a subscription pool shared by two processes', () => {
  let database: TestDatabase;
  let mock: Awaited<ReturnType<typeof createMockUpstream>>;
  let nodes: ServerProcess[] = [];
  let apiKey = '';

  beforeAll(async () => {
    mock = await createMockUpstream();
    database = await createTestDatabase('postgres');
    const env = {
      SQL_DSN: database.dsn,
      REDIS_CONN_STRING: redisUrl!,
      SESSION_SECRET: 'shared-secret',
      GLOBAL_API_RATE_LIMIT: '100000',
      SYNC_FREQUENCY: '60',
      WORKERS: '1',
    };
    const master = await startServerProcess({ ...env, NODE_TYPE: 'master' });
    nodes.push(master);
    const json = { 'content-type': 'application/json' };
    await fetch(`${master.url}/api/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'root',
        password: 'rootpassword1',
        confirmPassword: 'rootpassword1',
      }),
    });
    const login = await fetch(`${master.url}/api/user/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'root', password: 'rootpassword1' }),
    });
    const { data: user } = await login.json();
    const headers = {
      ...json,
      cookie: String(login.headers.get('set-cookie')).split(';')[0],
      'new-api-user': String(user.id),
    };
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${master.url}${path}`, {
        method,
        headers,
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!answer.success) throw new Error(`${path}: ${answer.message}`);
      return answer;
    };
    await call('PUT', '/api/option/', {
      key: 'ModelPrice',
      value: JSON.stringify({ 'priced-model': 0.002 }),
    });
    await call('POST', '/api/channel/', {
      mode: 'single',
      channel: {
        type: 1,
        name: 'mock',
        key: 'sk-upstream',
        base_url: mock.url,
        models: 'priced-model',
        group: 'default',
        model_mapping: '{"priced-model":"gpt-4o-mini@delay=5,chunks=2"}',
      },
    });
    await call('POST', '/api/token/', { name: 'shared', unlimited_quota: true });
    const db = database.handle.db;
    apiKey = `sk-${(await db.selectFrom('tokens').select('key').executeTakeFirstOrThrow()).key}`;
    await db
      .updateTable('users')
      .set({ quota: CALL_COST * WALLET_CALLS })
      .where('id', '=', user.id)
      .execute();
    // Sold and bound through the console: the serving process hears of it at once.
    const plan = await call('POST', '/api/subscription/admin/plans', {
      plan: { title: 'Pool', total_amount: CALL_COST * POOL_CALLS, quota_reset_period: 'monthly' },
    });
    await call('POST', '/api/subscription/admin/bind', { user_id: user.id, plan_id: plan.data.id });
    nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await mock?.close();
    await database?.drop();
  });

  it('draws the pool, then the wallet, exactly, and logs which paid', async () => {
    const statuses = await Promise.all(
      Array.from({ length: CALLS }, async (_, index) => {
        const response = await fetch(`${nodes[index % 2].url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'priced-model',
            stream: index % 2 === 0,
            messages: [{ role: 'user', content: `call ${index}` }],
          }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    // Every call is answered or refused for want of quota (a count by status says which, should
    // anything else come back).
    const byStatus: Record<number, number> = {};
    for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
    expect(byStatus).toEqual({
      200: POOL_CALLS + WALLET_CALLS,
      403: CALLS - POOL_CALLS - WALLET_CALLS,
    });
    expect(await Promise.all(nodes.map((node) => node.stop()))).toEqual([0, 0]);
    nodes = [];

    const db = database.handle.db;
    const user = await db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('role', '=', 100)
      .executeTakeFirstOrThrow();
    const subscription = await db
      .selectFrom('user_subscriptions')
      .select('amount_used')
      .executeTakeFirstOrThrow();
    const logs = await db
      .selectFrom('logs')
      .select(['quota', 'other'])
      .where('type', '=', 2)
      .execute();
    const paidBySubscription = logs.filter(
      (log) => JSON.parse(log.other ?? '{}').billing_source === 'subscription',
    );
    expect(paidBySubscription).toHaveLength(POOL_CALLS);
    expect(JSON.parse(paidBySubscription[0].other ?? '{}')).toMatchObject({
      subscription_plan_title: 'Pool',
    });
    expect(Number(subscription.amount_used)).toBe(CALL_COST * POOL_CALLS);
    expect(Number(user.quota)).toBe(0);
    expect(Number(user.used_quota)).toBe(CALL_COST * (POOL_CALLS + WALLET_CALLS));
    expect(Number(user.request_count)).toBe(POOL_CALLS + WALLET_CALLS);
    expect(await db.selectFrom('quota_holds').selectAll().execute()).toEqual([]);
  }, 120_000);
});
