import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotaDataAggregator } from '../../src/dashboard/quota-data-aggregator.js';
import type { NewQuotaData } from '../../src/db/schema.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

interface QuotaDataJson {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
  cache_hits: number;
  cache_saved_quota: number;
}

const HOUR = 3600;
const DAY = 86_400;
const FORBIDDEN = { success: false, message: '无权进行此操作，权限不足' };

describe.each(testDatabaseKinds())('dashboard data API on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  let bob: Session;
  const now = Math.floor(Date.now() / 1000);
  /** Start of the hour two hours ago. */
  const h0 = now - (now % HOUR) - 2 * HOUR;
  const h1 = h0 + HOUR;
  /** Three days ago: outside the default one-day window. */
  const old = h0 - 3 * DAY;

  async function createAndLogin(username: string): Promise<Session> {
    const created = await harness.call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  async function get(session: Session | undefined, url: string) {
    return (await harness.call(session, 'GET', url)).json();
  }

  const strip = (rows: QuotaDataJson[]) => rows.map(({ id: _id, ...row }) => row);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    alice = await createAndLogin('alice');
    bob = await createAndLogin('bob');
    const a = { user_id: alice.userId, username: 'alice' };
    const b = { user_id: bob.userId, username: 'bob' };
    const rows: NewQuotaData[] = [
      { ...a, model_name: 'gpt-4o', created_at: h0, token_used: 100, count: 2, quota: 50 },
      { ...a, model_name: 'gpt-4o', created_at: h1, token_used: 10, count: 1, quota: 5 },
      { ...a, model_name: 'claude-3', created_at: h0, token_used: 30, count: 1, quota: 20 },
      { ...b, model_name: 'gpt-4o', created_at: h0, token_used: 7, count: 1, quota: 3 },
      { ...a, model_name: 'gpt-4o', created_at: old, token_used: 1, count: 1, quota: 1 },
      // A duplicate bucket row (two nodes inserting the same new hour): read as one bucket.
      { ...b, model_name: 'gpt-4o', created_at: h0, token_used: 3, count: 1, quota: 2 },
    ];
    await harness.runtime.context.database.db.insertInto('quota_data').values(rows).execute();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('sums every user per model and hour for admins', async () => {
    const response = await get(root, `/api/data/?start_timestamp=${h0}&end_timestamp=${h1}`);
    expect(response.success).toBe(true);
    expect(response.data).toEqual([
      {
        id: 0,
        user_id: 0,
        username: '',
        model_name: 'claude-3',
        created_at: h0,
        token_used: 30,
        count: 1,
        quota: 20,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
      {
        id: 0,
        user_id: 0,
        username: '',
        model_name: 'gpt-4o',
        created_at: h0,
        token_used: 110,
        count: 4,
        quota: 55,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
      {
        id: 0,
        user_id: 0,
        username: '',
        model_name: 'gpt-4o',
        created_at: h1,
        token_used: 10,
        count: 1,
        quota: 5,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
    ]);
    // Inclusive bounds.
    const onlyH1 = (await get(root, `/api/data/?start_timestamp=${h1}&end_timestamp=${h1}`)).data;
    expect(onlyH1).toHaveLength(1);
    const wide = await get(root, `/api/data/?start_timestamp=${old}&end_timestamp=${now}`);
    expect(wide.data).toHaveLength(4);
  });

  it('shows one user’s buckets to admins by username', async () => {
    const response = await get(
      root,
      `/api/data/?username=bob&start_timestamp=${h0}&end_timestamp=${now}`,
    );
    expect(response.data).toHaveLength(1);
    expect(response.data[0]).toMatchObject({
      user_id: bob.userId,
      username: 'bob',
      model_name: 'gpt-4o',
      created_at: h0,
      token_used: 10,
      count: 2,
      quota: 5,
    });
    expect(response.data[0].id).toBeGreaterThan(0);
    expect((await get(root, `/api/data/?username=nobody&start_timestamp=${h0}`)).data).toEqual([]);
  });

  it('defaults to a window set by DataExportDefaultTime', async () => {
    const recent = (await get(root, '/api/data/')).data as QuotaDataJson[];
    expect(recent.map((row) => row.created_at)).not.toContain(old);
    expect(recent).toHaveLength(3);
    await harness.call(root, 'PUT', '/api/option/', {
      key: 'DataExportDefaultTime',
      value: 'week',
    });
    try {
      const month = (await get(root, '/api/data/')).data as QuotaDataJson[];
      expect(month.map((row) => row.created_at)).toContain(old);
      const own = (await get(alice, '/api/data/self')).data as QuotaDataJson[];
      expect(own.map((row) => row.created_at)).toContain(old);
    } finally {
      await harness.call(root, 'PUT', '/api/option/', {
        key: 'DataExportDefaultTime',
        value: 'hour',
      });
    }
    // Only an end: the window ends there.
    const endOnly = (await get(root, `/api/data/?end_timestamp=${old + HOUR}`)).data;
    expect(endOnly.map((row: QuotaDataJson) => row.created_at)).toEqual([old]);
  });

  it('shows users their own buckets only', async () => {
    const response = await get(alice, `/api/data/self?start_timestamp=${h0}&end_timestamp=${now}`);
    expect(response.success).toBe(true);
    expect(strip(response.data)).toEqual([
      {
        user_id: alice.userId,
        username: 'alice',
        model_name: 'claude-3',
        created_at: h0,
        token_used: 30,
        count: 1,
        quota: 20,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
      {
        user_id: alice.userId,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: h0,
        token_used: 100,
        count: 2,
        quota: 50,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
      {
        user_id: alice.userId,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: h1,
        token_used: 10,
        count: 1,
        quota: 5,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
    ]);
    // A username parameter does not widen the scope.
    const asBob = await get(alice, `/api/data/self?username=bob&start_timestamp=${h0}`);
    expect(asBob.data.every((row: QuotaDataJson) => row.user_id === alice.userId)).toBe(true);
    const bobs = (await get(bob, `/api/data/self?start_timestamp=${h0}`)).data;
    expect(strip(bobs)).toEqual([
      {
        user_id: bob.userId,
        username: 'bob',
        model_name: 'gpt-4o',
        created_at: h0,
        token_used: 10,
        count: 2,
        quota: 5,
        cache_hits: 0,
        cache_saved_quota: 0,
      },
    ]);
    expect((await get(alice, '/api/data/self')).data).toHaveLength(3);
  });

  it('refuses a self range over 30 days', async () => {
    const start = now - 40 * DAY;
    expect(
      await get(alice, `/api/data/self?start_timestamp=${start}&end_timestamp=${now}`),
    ).toEqual({ success: false, message: '时间跨度不能超过 1 个月' });
    const exactly = await get(
      alice,
      `/api/data/self?start_timestamp=${now - 30 * DAY}&end_timestamp=${now}`,
    );
    expect(exactly.success).toBe(true);
    // Admins have no such limit.
    expect(
      (await get(root, `/api/data/?start_timestamp=${start}&end_timestamp=${now}`)).success,
    ).toBe(true);
  });

  it('keeps normal users off the admin data and strangers off both', async () => {
    expect(await get(alice, '/api/data/')).toEqual(FORBIDDEN);
    expect((await harness.call(undefined, 'GET', '/api/data/')).statusCode).toBe(401);
    expect((await harness.call(undefined, 'GET', '/api/data/self')).statusCode).toBe(401);
  });

  it('shows what the aggregator flushed', async () => {
    const { options, database } = harness.runtime.context;
    const aggregator = createQuotaDataAggregator(options);
    const at = now - (now % HOUR) - 5 * HOUR + 42;
    aggregator.record({
      userId: bob.userId,
      username: 'bob',
      modelName: 'gemini-pro',
      createdAt: at,
      tokensUsed: 12,
      quota: 6,
    });
    aggregator.record({
      userId: bob.userId,
      username: 'bob',
      modelName: 'gemini-pro',
      createdAt: at + 60,
      tokensUsed: 8,
      quota: 4,
    });
    expect(await aggregator.flush(database.db)).toBe(1);
    const rows = (await get(bob, '/api/data/self')).data as QuotaDataJson[];
    expect(rows.find((row) => row.model_name === 'gemini-pro')).toMatchObject({
      created_at: at - 42,
      token_used: 20,
      count: 2,
      quota: 10,
    });

    await harness.call(root, 'PUT', '/api/option/', { key: 'DataExportEnabled', value: 'false' });
    try {
      aggregator.record({
        userId: bob.userId,
        username: 'bob',
        modelName: 'gemini-pro',
        createdAt: at,
        tokensUsed: 1,
        quota: 1,
      });
      expect(aggregator.pendingBuckets()).toBe(0);
    } finally {
      await harness.call(root, 'PUT', '/api/option/', { key: 'DataExportEnabled', value: 'true' });
    }
  });
});
