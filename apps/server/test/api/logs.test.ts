import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../src/db/dialect-helpers.js';
import type { NewLog } from '../../src/db/schema.js';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

interface LogJson {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel: number;
  channel_name: string;
  token_id: number;
  group: string;
  other: string;
}

const FORBIDDEN = { success: false, message: '无权进行此操作，权限不足' };

describe.each(testDatabaseKinds())('logs API on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  let bob: Session;
  let aliceTokenKey: string;
  let aliceTokenId: number;
  let channelA: number;
  const now = Math.floor(Date.now() / 1000);
  /** Log ids by label. */
  const ids: Record<string, number> = {};

  async function createAndLogin(username: string): Promise<Session> {
    const created = await harness.call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  function logRow(overrides: Partial<NewLog>): NewLog {
    return {
      user_id: 0,
      created_at: now,
      type: 2,
      content: '',
      username: '',
      token_name: '',
      model_name: '',
      quota: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      use_time: 1,
      is_stream: false,
      channel_id: 0,
      token_id: 0,
      group: 'default',
      other: '',
      ...overrides,
    };
  }

  async function insertLog(label: string, overrides: Partial<NewLog>): Promise<number> {
    const id = await insertReturningId(harness.runtime.context.database, 'logs', logRow(overrides));
    ids[label] = id;
    return id;
  }

  async function get(session: Session | undefined, url: string) {
    const response = await harness.call(session, 'GET', url);
    return response.json();
  }

  const idsOf = (items: LogJson[]) => items.map((item) => item.id);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    alice = await createAndLogin('alice');
    bob = await createAndLogin('bob');
    const created = await harness.call(alice, 'POST', '/api/token/', { name: 'alice-key' });
    expect(created.json().success).toBe(true);
    const token = (await get(alice, '/api/token/')).data[0];
    // Lists show keys masked; the reveal route gives the full key.
    aliceTokenKey = (await harness.call(alice, 'POST', `/api/token/${token.id}/key`)).json().data
      .key;
    aliceTokenId = token.id;

    channelA = await insertReturningId(harness.runtime.context.database, 'channels', {
      name: 'chan-A',
      key: 'secret-upstream-key',
      type: 1,
    });

    const alicePart = { user_id: alice.userId, username: 'alice' };
    const bobPart = { user_id: bob.userId, username: 'bob' };
    await insertLog('L1', {
      ...alicePart,
      created_at: now - 3000,
      token_name: 'alice-key',
      token_id: aliceTokenId,
      model_name: 'gpt-4o',
      quota: 100,
      prompt_tokens: 10,
      completion_tokens: 20,
      channel_id: channelA,
      content: '模型倍率 2',
      other: JSON.stringify({ admin_info: { use_channel: [String(channelA)] }, model_ratio: 2 }),
      is_stream: true,
    });
    await insertLog('L2', {
      ...alicePart,
      created_at: now - 10,
      token_name: 'alice-key',
      token_id: aliceTokenId,
      model_name: 'gpt-4o-mini',
      quota: 50,
      prompt_tokens: 5,
      completion_tokens: 5,
      channel_id: 999,
      group: 'vip',
    });
    await insertLog('L3', {
      ...bobPart,
      created_at: now - 5,
      token_name: 'bob-key',
      model_name: 'claude-3',
      quota: 70,
      prompt_tokens: 7,
      completion_tokens: 3,
      channel_id: channelA,
    });
    await insertLog('L4', {
      ...alicePart,
      created_at: now - 2000,
      type: 1,
      content: '通过兑换码充值 ＄1.000000 额度，兑换码ID 3',
      group: '',
    });
    await insertLog('L5', {
      ...bobPart,
      created_at: now - 1000,
      type: 3,
      content: '管理员将用户额度从 0 点额度修改为 10 点额度',
      group: '',
    });
    // A large id, to check the id a user sees (id mod 1024).
    await insertLog('L6', {
      ...alicePart,
      id: 5000,
      created_at: now - 30,
      token_name: 'alice-key',
      token_id: aliceTokenId,
      model_name: 'gpt-4o',
      quota: 30,
      prompt_tokens: 1,
      completion_tokens: 2,
      channel_id: channelA,
      other: 'not json',
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists every log for admins, newest first, with channel names', async () => {
    const response = await get(root, '/api/log/?p=1&page_size=10');
    expect(response.success).toBe(true);
    expect(response.data).toMatchObject({ total: 6, page: 1, page_size: 10 });
    expect(idsOf(response.data.items)).toEqual([ids.L6, ids.L5, ids.L4, ids.L3, ids.L2, ids.L1]);
    const first = response.data.items.find((item: LogJson) => item.id === ids.L1);
    expect(first).toEqual({
      id: ids.L1,
      user_id: alice.userId,
      created_at: now - 3000,
      type: 2,
      content: '模型倍率 2',
      username: 'alice',
      token_name: 'alice-key',
      model_name: 'gpt-4o',
      quota: 100,
      prompt_tokens: 10,
      completion_tokens: 20,
      use_time: 1,
      is_stream: true,
      channel: channelA,
      channel_name: 'chan-A',
      token_id: aliceTokenId,
      group: 'default',
      other: JSON.stringify({ admin_info: { use_channel: [String(channelA)] }, model_ratio: 2 }),
    });
    const unknownChannel = response.data.items.find((item: LogJson) => item.id === ids.L2);
    expect(unknownChannel).toMatchObject({ channel: 999, channel_name: '' });
    expect(response.data.items.find((item: LogJson) => item.id === ids.L6).id).toBe(5000);
  });

  it('pages admin logs 1-based', async () => {
    const first = (await get(root, '/api/log/?p=1&page_size=2')).data;
    expect(first).toMatchObject({ total: 6, page: 1, page_size: 2 });
    expect(idsOf(first.items)).toEqual([ids.L6, ids.L5]);
    const third = (await get(root, '/api/log/?p=3&page_size=2')).data;
    expect(idsOf(third.items)).toEqual([ids.L2, ids.L1]);
    const beyond = (await get(root, '/api/log/?p=9&page_size=2')).data;
    expect(beyond).toEqual({ items: [], total: 6, page: 9, page_size: 2 });
    const defaults = (await get(root, '/api/log/')).data;
    expect(defaults).toMatchObject({ page: 1, page_size: 10 });
    expect((await get(root, '/api/log/?p=0&page_size=0')).data).toMatchObject({
      page: 1,
      page_size: 10,
    });
    expect((await get(root, '/api/log/?p=abc&page_size=xyz')).data).toMatchObject({
      page: 1,
      page_size: 10,
    });
    expect((await get(root, '/api/log/?page_size=5000')).data.page_size).toBe(1000);
  });

  it('filters admin logs', async () => {
    const filtered = async (query: string) =>
      idsOf((await get(root, `/api/log/?p=1&page_size=100&${query}`)).data.items);
    expect(await filtered('type=2')).toEqual([ids.L6, ids.L3, ids.L2, ids.L1]);
    expect(await filtered('type=0')).toHaveLength(6);
    expect(await filtered('type=1')).toEqual([ids.L4]);
    expect(await filtered('username=bob')).toEqual([ids.L5, ids.L3]);
    expect(await filtered('username=bo')).toEqual([]);
    expect(await filtered('token_name=alice-key')).toEqual([ids.L6, ids.L2, ids.L1]);
    expect(await filtered('model_name=gpt-4o')).toEqual([ids.L6, ids.L1]);
    expect(await filtered('model_name=gpt-4o%25')).toEqual([ids.L6, ids.L2, ids.L1]);
    expect(await filtered(`channel=${channelA}`)).toEqual([ids.L6, ids.L3, ids.L1]);
    expect(await filtered('group=vip')).toEqual([ids.L2]);
    expect(await filtered(`start_timestamp=${now - 100}&end_timestamp=${now - 6}`)).toEqual([
      ids.L6,
      ids.L2,
    ]);
    expect(await filtered(`start_timestamp=${now - 3000}&end_timestamp=${now - 3000}`)).toEqual([
      ids.L1,
    ]);
    expect(await filtered(`username=alice&type=2&model_name=gpt%25&channel=${channelA}`)).toEqual([
      ids.L6,
      ids.L1,
    ]);
    // Empty parameters, as the console sends them, do not filter.
    expect(
      await filtered('type=&username=&token_name=&model_name=&channel=&group=&start_timestamp='),
    ).toHaveLength(6);
    const total = (await get(root, '/api/log/?username=alice&page_size=1')).data.total;
    expect(total).toBe(4);
  });

  it('filters the refusals of one limit, or of any, on their literal code', async () => {
    const alicePart = { user_id: alice.userId, username: 'alice', type: 5 };
    const refusals = [
      await insertLog('R1', {
        ...alicePart,
        other: JSON.stringify({ limit_refusal: 'token.rpm', reset_at: 60 }),
      }),
      await insertLog('R2', {
        user_id: bob.userId,
        username: 'bob',
        type: 5,
        other: JSON.stringify({ limit_refusal: 'user.budget_day' }),
      }),
      // `_` is a LIKE wildcard: unescaped, the filter would match this row too.
      await insertLog('R3', { ...alicePart, other: '{"limitXrefusal":"token.rpm"}' }),
    ];
    try {
      const filtered = async (path: string, session: Session, query: string) =>
        idsOf((await get(session, `${path}?p=1&page_size=100&${query}`)).data.items);
      expect(await filtered('/api/log/', root, 'limit_refusal=token.rpm')).toEqual([ids.R1]);
      expect(await filtered('/api/log/', root, 'limit_refusal=user.budget_day')).toEqual([ids.R2]);
      expect(await filtered('/api/log/', root, 'limit_refusal=any')).toEqual([ids.R2, ids.R1]);
      expect(await filtered('/api/log/', root, 'limit_refusal=group.rpm')).toEqual([]);
      // An unknown value is no filter, like every other unreadable filter.
      expect(await filtered('/api/log/', root, 'limit_refusal=%25')).toHaveLength(9);
      expect(await filtered('/api/log/self/', alice, 'limit_refusal=any')).toEqual([ids.R1 % 1024]);
      const stat = await get(root, '/api/log/stat?limit_refusal=any');
      expect(stat.data.quota).toBe(0);
    } finally {
      await harness.runtime.context.database.db
        .deleteFrom('logs')
        .where('id', 'in', refusals)
        .execute();
    }
  });

  it('filters the response cache hits and the fallback answers on their `other` keys', async () => {
    const alicePart = { user_id: alice.userId, username: 'alice', model_name: 'gpt-4o' };
    const rows = [
      await insertLog('C1', {
        ...alicePart,
        quota: 0,
        other: JSON.stringify({ model_ratio: 2, cache_hit: true, cache_saved_quota: 40 }),
      }),
      await insertLog('F1', {
        ...alicePart,
        quota: 7,
        other: JSON.stringify({ model_ratio: 2, fallback_from: 'gpt-5' }),
      }),
      await insertLog('CF', {
        ...alicePart,
        quota: 3,
        other: JSON.stringify({ fallback_from: 'gpt-5', cache_hit: true, cache_saved_quota: 9 }),
      }),
      // The words inside a value, not as keys: no filter matches these.
      await insertLog('N1', {
        ...alicePart,
        quota: 100,
        other: JSON.stringify({ upstream_model_name: '"cache_hit":true "fallback_from":"x"' }),
      }),
    ];
    try {
      const filtered = async (path: string, session: Session, query: string) =>
        idsOf((await get(session, `${path}?p=1&page_size=100&${query}`)).data.items);
      expect(await filtered('/api/log/', root, 'cache_hit=1')).toEqual([ids.CF, ids.C1]);
      expect(await filtered('/api/log/', root, 'fallback=1')).toEqual([ids.CF, ids.F1]);
      expect(await filtered('/api/log/', root, 'cache_hit=1&fallback=true')).toEqual([ids.CF]);
      // Any other value is no filter, as new-api's console never sends these.
      expect(await filtered('/api/log/', root, 'cache_hit=0&fallback=')).toHaveLength(
        (await filtered('/api/log/', root, '')).length,
      );
      expect(await filtered('/api/log/self/', alice, 'cache_hit=1')).toEqual([
        ids.CF % 1024,
        ids.C1 % 1024,
      ]);
      expect(await filtered('/api/log/self/', bob, 'fallback=1')).toEqual([]);
      expect((await get(root, '/api/log/stat?fallback=1')).data.quota).toBe(10);
      expect((await get(alice, '/api/log/self/stat?cache_hit=1')).data.quota).toBe(3);
    } finally {
      await harness.runtime.context.database.db
        .deleteFrom('logs')
        .where('id', 'in', rows)
        .execute();
    }
  });

  it('shows users only their own logs, without channel or admin details', async () => {
    const response = await get(alice, '/api/log/self?p=1&page_size=10');
    expect(response.success).toBe(true);
    expect(response.data).toMatchObject({ total: 4, page: 1, page_size: 10 });
    const items: LogJson[] = response.data.items;
    expect(items.map((item) => item.created_at)).toEqual([
      now - 30,
      now - 2000,
      now - 10,
      now - 3000,
    ]);
    expect(items.every((item) => item.user_id === alice.userId)).toBe(true);
    expect(items.every((item) => item.channel === 0 && item.channel_name === '')).toBe(true);
    expect(items[0].id).toBe(5000 % 1024);
    expect(items.every((item) => item.id < 1024)).toBe(true);
    expect(items[0].other).toBe('');
    const withDetails = items.find((item) => item.created_at === now - 3000)!;
    expect(JSON.parse(withDetails.other)).toEqual({ model_ratio: 2 });
    expect(withDetails).toMatchObject({
      type: 2,
      model_name: 'gpt-4o',
      quota: 100,
      token_name: 'alice-key',
      is_stream: true,
    });

    // The trailing-slash path the console uses, and filters a user may not apply are ignored.
    const slash = await get(alice, `/api/log/self/?username=bob&channel=${channelA}`);
    expect(slash.data.total).toBe(4);
    const bobs = await get(bob, '/api/log/self');
    expect(bobs.data.items.map((item: LogJson) => item.username)).toEqual(['bob', 'bob']);

    const filtered = async (query: string) =>
      (await get(alice, `/api/log/self?${query}`)).data.items.map(
        (item: LogJson) => item.created_at,
      );
    expect(await filtered('type=1')).toEqual([now - 2000]);
    expect(await filtered('model_name=gpt-4o-mini')).toEqual([now - 10]);
    expect(await filtered('token_name=alice-key&group=vip')).toEqual([now - 10]);
    expect(await filtered(`start_timestamp=${now - 2500}&end_timestamp=${now - 20}`)).toEqual([
      now - 30,
      now - 2000,
    ]);

    const paged = (await get(alice, '/api/log/self?p=2&page_size=3')).data;
    expect(paged).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(paged.items).toHaveLength(1);
    expect((await get(alice, '/api/log/self?page_size=500')).data.page_size).toBe(100);
  });

  it('sums quota over the filters and rpm/tpm over the last minute', async () => {
    // rpm and tpm count the rows of the minute before the server's clock: the rows are moved by
    // the time this file has run so far (seconds on a loaded machine), and moved back after.
    const db = harness.runtime.context.database.db;
    const shift = Math.floor(Date.now() / 1000) - now;
    await db
      .updateTable('logs')
      .set({ created_at: sql`created_at + ${shift}` })
      .execute();
    try {
      await expectStats(now + shift);
    } finally {
      await db
        .updateTable('logs')
        .set({ created_at: sql`created_at - ${shift}` })
        .execute();
    }
  });

  async function expectStats(current: number) {
    expect(await get(root, '/api/log/stat')).toEqual({
      success: true,
      message: '',
      data: { quota: 250, rpm: 3, tpm: 23 },
    });
    expect((await get(root, '/api/log/stat?username=alice')).data).toEqual({
      quota: 180,
      rpm: 2,
      tpm: 13,
    });
    // The time range narrows quota only; the type is ignored.
    expect((await get(root, `/api/log/stat?start_timestamp=${current - 100}&type=1`)).data).toEqual(
      {
        quota: 150,
        rpm: 3,
        tpm: 23,
      },
    );
    expect((await get(root, `/api/log/stat?channel=${channelA}`)).data).toEqual({
      quota: 200,
      rpm: 2,
      tpm: 13,
    });
    expect((await get(root, '/api/log/stat?model_name=claude%25&group=default')).data).toEqual({
      quota: 70,
      rpm: 1,
      tpm: 10,
    });
    expect((await get(root, '/api/log/stat?username=nobody')).data).toEqual({
      quota: 0,
      rpm: 0,
      tpm: 0,
    });

    expect((await get(alice, '/api/log/self/stat')).data).toEqual({ quota: 180, rpm: 2, tpm: 13 });
    expect((await get(alice, '/api/log/self/stat?model_name=gpt-4o')).data).toEqual({
      quota: 130,
      rpm: 1,
      tpm: 3,
    });
    expect((await get(alice, '/api/log/self/stat?username=bob')).data.quota).toBe(180);
    expect((await get(bob, '/api/log/self/stat')).data).toEqual({ quota: 70, rpm: 1, tpm: 10 });
  }

  it('searches logs by type or content prefix', async () => {
    const byContent = await get(root, `/api/log/search?keyword=${encodeURIComponent('管理员')}`);
    expect(byContent.success).toBe(true);
    expect(idsOf(byContent.data)).toEqual([ids.L5]);
    expect(idsOf((await get(root, '/api/log/search?keyword=1')).data)).toEqual([ids.L4]);
    expect(idsOf((await get(root, '/api/log/search?keyword=2')).data)).toEqual([
      ids.L6,
      ids.L3,
      ids.L2,
      ids.L1,
    ]);
    const withChannel = (await get(root, '/api/log/search?keyword=2')).data[0];
    expect(withChannel.channel_name).toBe('chan-A');

    const own = await get(alice, '/api/log/self/search?keyword=2');
    expect(own.success).toBe(true);
    expect(own.data.map((item: LogJson) => item.created_at)).toEqual([
      now - 30,
      now - 10,
      now - 3000,
    ]);
    expect(own.data.every((item: LogJson) => item.channel === 0 && item.id < 1024)).toBe(true);
    expect((await get(alice, '/api/log/self/search?keyword=abc')).data).toEqual([]);
    expect((await get(bob, '/api/log/self/search?keyword=3')).data).toHaveLength(1);
  });

  it('answers a token’s logs publicly by key, sanitised, with CORS', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/log/token?key=sk-${aliceTokenKey}`,
      headers: { origin: 'https://example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.map((item: LogJson) => item.created_at)).toEqual([
      now - 30,
      now - 10,
      now - 3000,
    ]);
    expect(body.data.every((item: LogJson) => item.channel === 0 && item.channel_name === '')).toBe(
      true,
    );
    expect(body.data.every((item: LogJson) => !item.other.includes('admin_info'))).toBe(true);
    expect((await get(undefined, `/api/log/token?key=${aliceTokenKey}`)).data).toHaveLength(3);
    expect(await get(undefined, '/api/log/token?key=sk-unknown')).toEqual({
      success: true,
      message: '',
      data: [],
    });
    expect(await get(undefined, '/api/log/token')).toEqual({
      success: false,
      message: '未提供令牌',
    });
    const preflight = await harness.app.inject({ method: 'OPTIONS', url: '/api/log/token' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps normal users out of the admin log routes', async () => {
    expect(await get(alice, '/api/log/?p=1')).toEqual(FORBIDDEN);
    expect(await get(alice, '/api/log/stat')).toEqual(FORBIDDEN);
    expect(await get(alice, '/api/log/search?keyword=1')).toEqual(FORBIDDEN);
    const remove = await harness.call(alice, 'DELETE', `/api/log/?target_timestamp=${now}`);
    expect(remove.json()).toEqual(FORBIDDEN);
    for (const url of ['/api/log/', '/api/log/self', '/api/log/self/stat', '/api/log/stat']) {
      expect((await harness.call(undefined, 'GET', url)).statusCode, url).toBe(401);
    }
    expect((await get(root, '/api/log/?p=1')).data.total).toBe(6);
  });

  it('deletes logs older than the target time, in batches, and returns the count', async () => {
    expect((await harness.call(root, 'DELETE', '/api/log/')).json()).toEqual({
      success: false,
      message: 'target timestamp is required',
    });
    expect((await harness.call(root, 'DELETE', '/api/log/?target_timestamp=0')).json()).toEqual({
      success: false,
      message: 'target timestamp is required',
    });
    expect(
      businessFailure(await harness.call(root, 'DELETE', '/api/log/?target_timestamp=abc')),
    ).toEqual(REFUSED);

    const removed = await harness.call(root, 'DELETE', `/api/log/?target_timestamp=${now - 2500}`);
    expect(removed.json()).toEqual({ success: true, message: '', data: 1 });
    expect(idsOf((await get(root, '/api/log/?page_size=100')).data.items)).not.toContain(ids.L1);

    // More rows than one batch.
    const db = harness.runtime.context.database.db;
    const old = Array.from({ length: 2500 }, (_, index) =>
      logRow({ created_at: 1000 + index, user_id: bob.userId, username: 'bob', type: 4 }),
    );
    for (let start = 0; start < old.length; start += 250) {
      await db
        .insertInto('logs')
        .values(old.slice(start, start + 250))
        .execute();
    }
    const bulk = await harness.call(root, 'DELETE', '/api/log/?target_timestamp=100000');
    expect(bulk.json()).toEqual({ success: true, message: '', data: 2500 });
    expect((await get(root, '/api/log/')).data.total).toBe(5);
    expect(
      (await harness.call(root, 'DELETE', '/api/log/?target_timestamp=100000')).json().data,
    ).toBe(0);
  });
});
