import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '@tollgate/contracts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import { AppEvents } from '../../lib/app-events.js';
import { RelayError } from '../../errors/relay-error.js';
import { authenticateRelay, TOKEN_STATUS } from './authenticate-relay.js';
import { checkCallerIp } from './caller-ip.js';
import { RelayCallerCache } from './relay-caller-cache.js';

const KEY = 'k'.repeat(48);
const CHAT = '/v1/chat/completions';
const bearer = (key: string) => ({ authorization: `Bearer sk-${key}` });

interface TokenValues {
  status?: number;
  expired_time?: number;
  remain_quota?: number;
  unlimited_quota?: boolean;
  allow_ips?: string;
  model_limits_enabled?: boolean;
  model_limits?: string;
}

describe('relay authentication', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let events: AppEvents;
  let cache: RelayCallerCache;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function seed(
    token: TokenValues = {},
    user: { role?: number; status?: number; group?: string; setting?: string } = {},
  ) {
    for (const table of ['quota_holds', 'tokens', 'users'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({
        id: 1,
        username: 'caller',
        password: 'x',
        quota: 500,
        role: user.role ?? ROLE.common,
        status: user.status ?? USER_STATUS.enabled,
        group: user.group ?? 'vip',
        setting: user.setting ?? '',
      } as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values({
        id: 7,
        user_id: 1,
        key: KEY,
        name: 'token',
        status: TOKEN_STATUS.enabled,
        expired_time: -1,
        remain_quota: 100,
        unlimited_quota: false,
        ...token,
      } as never)
      .execute();
    cache?.clear();
  }

  beforeEach(() => {
    events = new AppEvents();
    cache = new RelayCallerCache(db(), 60, events);
  });

  const authenticate = (headers: Record<string, string> = bearer(KEY), path = CHAT) =>
    authenticateRelay(headers, path, cache, db());

  async function refusal(call: Promise<unknown>): Promise<RelayError> {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RelayError);
    return error as RelayError;
  }

  const tokenStatus = async () =>
    (await db().selectFrom('tokens').select('status').where('id', '=', 7).executeTakeFirstOrThrow())
      .status;

  it('lets a live token of an enabled user through, with its owner', async () => {
    await seed({}, { group: '' });
    const call = await authenticate();
    expect(call.caller.token.id).toBe(7);
    expect(call.caller.user).toMatchObject({
      id: 1,
      username: 'caller',
      group: 'default',
      quota: 500,
    });
    expect(call.pinnedChannelId).toBeUndefined();
  });

  it('refuses a call without a key or with an unknown key (401)', async () => {
    await seed();
    const missing = await refusal(authenticate({}));
    expect([missing.status, missing.message, missing.code]).toEqual([
      401,
      '未提供令牌',
      'invalid_token',
    ]);
    const unknown = await refusal(authenticate(bearer('unknown')));
    expect([unknown.status, unknown.message]).toEqual([401, '无效的令牌']);
  });

  it('refuses a deleted token and a token whose user is deleted', async () => {
    await seed();
    await db()
      .updateTable('tokens')
      .set({ deleted_at: new Date().toISOString() } as never)
      .execute();
    expect((await refusal(authenticate())).message).toBe('无效的令牌');
    await seed();
    await db()
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() } as never)
      .execute();
    expect((await refusal(authenticate())).message).toBe('无效的令牌');
  });

  it('refuses disabled, expired and exhausted tokens by their status without rewriting it', async () => {
    for (const [status, message] of [
      [TOKEN_STATUS.disabled, '该令牌状态不可用'],
      [TOKEN_STATUS.expired, '该令牌已过期'],
      [TOKEN_STATUS.exhausted, `该令牌额度已用尽 TokenStatusExhausted[sk-kkk***kkk]`],
    ] as const) {
      await seed({ status });
      const error = await refusal(authenticate());
      expect([error.status, error.message], String(status)).toEqual([401, message]);
      expect(await tokenStatus()).toBe(status);
    }
  });

  it('marks a token past its expiry time as expired, and lets one that never expires through', async () => {
    await seed({ expired_time: Math.floor(Date.now() / 1000) - 5 });
    const error = await refusal(authenticate());
    expect([error.status, error.message]).toEqual([401, '该令牌已过期']);
    expect(await tokenStatus()).toBe(TOKEN_STATUS.expired);

    await seed({ expired_time: Math.floor(Date.now() / 1000) + 60 });
    await expect(authenticate()).resolves.toBeDefined();
  });

  it('marks a token with nothing left as exhausted, unless its quota is unlimited or held', async () => {
    await seed({ remain_quota: 0 });
    const error = await refusal(authenticate());
    expect(error.message).toBe('该令牌额度已用尽 TokenStatusExhausted[sk-kkk***kkk]');
    expect(await tokenStatus()).toBe(TOKEN_STATUS.exhausted);

    await seed({ remain_quota: -3, unlimited_quota: true });
    await expect(authenticate()).resolves.toBeDefined();

    // The rest of the token is held for a call in flight: the ledger decides, not the cache.
    await seed({ remain_quota: 0 });
    await db()
      .insertInto('quota_holds')
      .values({ holder: 'h', user_id: 1, token_id: 7, amount: 40, expires_at: 2e9 } as never)
      .execute();
    await expect(authenticate()).resolves.toBeDefined();
    expect(await tokenStatus()).toBe(TOKEN_STATUS.enabled);

    // Holds that only cover a debt do not help.
    await db().updateTable('quota_holds').set({ amount: 0 }).execute();
    cache.clear();
    expect((await refusal(authenticate())).status).toBe(401);
  });

  it('confirms a refusal against the database (a token topped up elsewhere is let through)', async () => {
    await seed({ remain_quota: 0 });
    // The cache still holds the exhausted row; another node tops the token up meanwhile.
    await cache.get(KEY);
    await db().updateTable('tokens').set({ remain_quota: 50 }).execute();
    const call = await authenticate();
    expect(call.caller.token.remain_quota).toBe(50);
  });

  it('does not mark a token the database already changed', async () => {
    await seed({ remain_quota: 0 });
    await cache.get(KEY);
    // The row changes status on another node between the read and the mark.
    await db().updateTable('tokens').set({ status: TOKEN_STATUS.disabled }).execute();
    cache.dropToken(99); // unrelated token: nothing happens to this one
    expect((await refusal(authenticate())).message).toBe('该令牌状态不可用');
    expect(await tokenStatus()).toBe(TOKEN_STATUS.disabled);
  });

  it('refuses a banned user with 403', async () => {
    await seed({}, { status: USER_STATUS.disabled });
    const error = await refusal(authenticate());
    expect([error.status, error.message, error.code]).toEqual([403, '用户已被封禁', 'user_banned']);
  });

  it('lets only admins pin a channel, and refuses a malformed pin', async () => {
    await seed();
    const malformed = await refusal(authenticate(bearer(`${KEY}-x`)));
    expect([malformed.status, malformed.code]).toEqual([400, 'invalid_channel_id']);
    const forbidden = await refusal(authenticate(bearer(`${KEY}-3`)));
    expect([forbidden.status, forbidden.code]).toEqual([403, 'channel_pinning_forbidden']);

    await seed({}, { role: ROLE.admin });
    expect((await authenticate(bearer(`${KEY}-3`))).pinnedChannelId).toBe(3);
  });
});

describe('RelayCallerCache', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await db()
      .insertInto('users')
      .values([
        {
          id: 1,
          username: 'one',
          password: 'x',
          quota: 10,
          setting: '{"accept_unset_model_ratio_model":true}',
          email: 'a@b.c',
        },
        { id: 2, username: 'two', password: 'x', quota: 20, setting: '[1]' },
        { id: 3, username: 'three', password: 'x', quota: 30, setting: '{broken' },
      ] as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values([
        {
          id: 1,
          user_id: 1,
          key: 'a'.repeat(48),
          name: 't',
          remain_quota: 5,
          model_limits_enabled: true,
          model_limits: 'gpt-4, ,claude',
          allow_ips: '10.0.0.1\n 10.0.0.2 ,10.0.0.3',
        },
        {
          id: 2,
          user_id: 1,
          key: 'b'.repeat(48),
          name: 't',
          remain_quota: 6,
          model_limits_enabled: false,
          model_limits: 'gpt-4',
        },
        { id: 3, user_id: 2, key: 'c'.repeat(48), name: 't', remain_quota: 7 },
        { id: 4, user_id: 3, key: 'd'.repeat(48), name: 't', remain_quota: 8 },
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('parses the token lists and the user setting leniently', async () => {
    const cache = new RelayCallerCache(db(), 60, new AppEvents());
    const first = await cache.get('a'.repeat(48));
    expect([...(first?.modelLimits ?? [])]).toEqual(['gpt-4', 'claude']);
    expect([...(first?.allowIps ?? [])]).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(first?.user).toMatchObject({
      email: 'a@b.c',
      setting: { accept_unset_model_ratio_model: true },
    });
    const second = await cache.get('b'.repeat(48));
    expect(second?.modelLimits.size).toBe(0);
    expect(second?.allowIps.size).toBe(0);
    // One user entry is shared by all of the user's tokens.
    expect(second?.user).toBe(first?.user);
    expect((await cache.get('c'.repeat(48)))?.user.setting).toEqual({});
    expect((await cache.get('d'.repeat(48)))?.user).toMatchObject({ setting: {}, email: '' });
  });

  it('makes one read for a burst, serves from memory until the entry expires', async () => {
    const cache = new RelayCallerCache(db(), 60, new AppEvents());
    const [one, two] = await Promise.all([cache.get('c'.repeat(48)), cache.get('c'.repeat(48))]);
    expect(one).toBe(two);
    await db().updateTable('tokens').set({ remain_quota: 70 }).where('id', '=', 3).execute();
    expect((await cache.get('c'.repeat(48)))?.token.remain_quota).toBe(7);

    const expiring = new RelayCallerCache(db(), 0, new AppEvents());
    await expiring.get('c'.repeat(48));
    await db().updateTable('tokens').set({ remain_quota: 71 }).where('id', '=', 3).execute();
    expect((await expiring.get('c'.repeat(48)))?.token.remain_quota).toBe(71);
    await db().updateTable('tokens').set({ remain_quota: 7 }).where('id', '=', 3).execute();
  });

  it('drops entries when this node changes a token or a user', async () => {
    const events = new AppEvents();
    const cache = new RelayCallerCache(db(), 60, events);
    const key = 'a'.repeat(48);
    const before = await cache.get(key);
    events.emit('token-changed', { tokenId: 1 });
    const afterToken = await cache.get(key);
    expect(afterToken).not.toBe(before);
    events.emit('user-changed', { userId: 2 });
    expect(await cache.get(key)).toBe(afterToken);
    events.emit('user-changed', { userId: 1 });
    expect(await cache.get(key)).not.toBe(afterToken);
    cache.clear();
    expect(await cache.get('z'.repeat(48))).toBeUndefined();
  });

  it('takes the balances a ledger write read back, for cached rows only', async () => {
    const cache = new RelayCallerCache(db(), 60, new AppEvents());
    const caller = await cache.get('b'.repeat(48));
    cache.observeBalances({
      users: new Map([
        [1, 99],
        [42, 1],
      ]),
      tokens: new Map([
        [2, 77],
        [42, 1],
      ]),
    } as never);
    expect(caller?.user.quota).toBe(99);
    expect(caller?.token.remain_quota).toBe(77);
    cache.dropToken(2);
    cache.observeBalances({ users: new Map(), tokens: new Map([[2, 1]]) } as never);
    expect(caller?.token.remain_quota).toBe(77);
    cache.dropUser(1);
    cache.observeBalances({ users: new Map([[1, 5]]), tokens: new Map() } as never);
    expect(caller?.user.quota).toBe(99);
  });
});

describe('checkCallerIp', () => {
  const caller = (ips: string[]) => ({ allowIps: new Set(ips) }) as never;

  it('allows any address when the list is empty, else only listed ones', () => {
    expect(() => checkCallerIp(caller([]), '1.2.3.4')).not.toThrow();
    expect(() => checkCallerIp(caller(['1.2.3.4']), '1.2.3.4')).not.toThrow();
    let error: unknown;
    try {
      checkCallerIp(caller(['1.2.3.4']), '5.6.7.8');
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ status: 403, code: 'ip_not_allowed' });
  });
});
