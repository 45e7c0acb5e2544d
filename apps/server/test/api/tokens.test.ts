import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

interface TokenJson {
  id: number;
  user_id: number;
  key: string;
  name: string;
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  used_quota: number;
  created_time: number;
  accessed_time: number;
  DeletedAt: string | null;
}

const now = () => Math.floor(Date.now() / 1000);

describe.each(testDatabaseKinds())('tokens API on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  let bob: Session;
  const changes: { tokenId: number; tokenKey?: string }[] = [];

  async function createAndLogin(username: string): Promise<Session> {
    const created = await harness.call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  async function createToken(session: Session, body: Record<string, unknown>) {
    return (await harness.call(session, 'POST', '/api/token/', body)).json();
  }

  /** The list, with each token's full key put back from the database (lists show them masked). */
  async function listAll(session: Session): Promise<TokenJson[]> {
    const listed: TokenJson[] = (
      await harness.call(session, 'GET', '/api/token/?p=0&size=100')
    ).json().data;
    const rows = await harness.runtime.context.database.db
      .selectFrom('tokens')
      .select(['id', 'key'])
      .execute();
    const keys = new Map(rows.map((row) => [row.id, row.key]));
    return listed.map((token) => ({ ...token, key: keys.get(token.id) ?? token.key }));
  }

  /** A 48-character key as lists show it. */
  const masked = (key: string) => `${key.slice(0, 4)}**********${key.slice(-4)}`;
  /** A token as single-token answers show it: key masked. */
  const shown = (token: TokenJson): TokenJson => ({ ...token, key: masked(token.key) });

  async function tokenNamed(session: Session, name: string): Promise<TokenJson> {
    const token = (await listAll(session)).find((item) => item.name === name);
    if (!token) throw new Error(`no token named ${name}`);
    return token;
  }

  function rawCall(session: Session, method: 'POST' | 'PUT', url: string, payload: string) {
    return harness.app.inject({
      method,
      url,
      headers: {
        cookie: session.cookie,
        'new-api-user': String(session.userId),
        'content-type': 'application/json',
      },
      payload,
    });
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    alice = await createAndLogin('alice');
    bob = await createAndLogin('bob');
    harness.runtime.context.events.on('token-changed', (change) => changes.push(change));
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('creates a token with defaults and lists it with its key masked', async () => {
    changes.length = 0;
    const response = await harness.call(alice, 'POST', '/api/token/', { name: 'first' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '' });

    const list = (await harness.call(alice, 'GET', '/api/token/')).json();
    expect(list.success).toBe(true);
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.data).toHaveLength(1);
    const token: TokenJson = list.data[0];
    expect(token).toMatchObject({
      user_id: alice.userId,
      name: 'first',
      status: 1,
      expired_time: -1,
      remain_quota: 0,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      used_quota: 0,
      group: '',
      DeletedAt: null,
    });
    expect(token.key).toMatch(/^[0-9a-zA-Z]{4}\*{10}[0-9a-zA-Z]{4}$/);
    expect(Math.abs(token.created_time - now())).toBeLessThan(5);
    expect(token.accessed_time).toBe(token.created_time);

    const stored = await harness.runtime.context.database.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(stored.key).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(token.key).toBe(masked(stored.key));
    expect(changes).toEqual([{ tokenId: token.id, tokenKey: stored.key }]);
  });

  it('creates every field as given', async () => {
    const expiry = now() + 86_400;
    const result = await createToken(alice, {
      name: 'full',
      expired_time: expiry,
      remain_quota: 500_000,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '1.2.3.4\n10.0.0.0/8\n\n  ::1  ',
      group: 'vip',
    });
    expect(result).toEqual({ success: true, message: '' });
    expect(await tokenNamed(alice, 'full')).toMatchObject({
      expired_time: expiry,
      remain_quota: 500_000,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '1.2.3.4\n10.0.0.0/8\n::1',
      group: 'vip',
    });
  });

  it('creates a batch with random suffixes after the first name', async () => {
    changes.length = 0;
    expect(await createToken(alice, { name: 'batch', count: 3, unlimited_quota: true })).toEqual({
      success: true,
      message: '',
    });
    const batch = (await listAll(alice)).filter((token) => token.name.startsWith('batch'));
    expect(batch).toHaveLength(3);
    const names = batch.map((token) => token.name).sort();
    expect(names[0]).toBe('batch');
    expect(names[1]).toMatch(/^batch-[0-9a-zA-Z]{6}$/);
    expect(names[2]).toMatch(/^batch-[0-9a-zA-Z]{6}$/);
    expect(new Set(batch.map((token) => token.key)).size).toBe(3);
    expect(batch.every((token) => token.unlimited_quota)).toBe(true);
    expect(changes).toHaveLength(3);

    const tooMany = await harness.call(alice, 'POST', '/api/token/', { name: 'x', count: 101 });
    expect(businessFailure(tooMany)).toEqual(REFUSED);
    const zero = await harness.call(alice, 'POST', '/api/token/', { name: 'x', count: 0 });
    expect(businessFailure(zero)).toEqual(REFUSED);
    // 24 bytes + "-" + 6 characters exceeds 30 bytes for the suffixed names.
    expect(await createToken(alice, { name: 'n'.repeat(24), count: 2 })).toEqual({
      success: false,
      message: '令牌名称过长',
    });
  });

  it('refuses invalid input on create', async () => {
    const before = (await listAll(alice)).length;
    expect(await createToken(alice, { name: 'n'.repeat(31) })).toEqual({
      success: false,
      message: '令牌名称过长',
    });
    expect(await createToken(alice, { name: '令'.repeat(11) })).toMatchObject({
      message: '令牌名称过长',
    });
    expect(await createToken(alice, { name: 'ip', allow_ips: '1.2.3.4\n300.1.1.1' })).toEqual({
      success: false,
      message: 'IP 白名单格式错误：300.1.1.1',
    });
    expect(await createToken(alice, { name: 'ip', allow_ips: '10.0.0.0/40' })).toMatchObject({
      success: false,
    });
    expect(await createToken(alice, { name: 'grp', group: 'svip' })).toEqual({
      success: false,
      message: '无权使用分组 svip',
    });
    expect(await createToken(alice, { name: 'grp', group: 'auto' })).toEqual({
      success: false,
      message: '无权使用分组 auto',
    });
    expect(await createToken(alice, { name: 'old', expired_time: now() - 10 })).toMatchObject({
      success: false,
    });
    expect(await createToken(alice, { name: 'zero', expired_time: 0 })).toMatchObject({
      success: false,
    });
    expect(await createToken(alice, { name: 'neg', remain_quota: -1 })).toEqual({
      success: false,
      message: '额度值不能为负数',
    });
    expect(
      await createToken(alice, { name: 'limits', model_limits: 'm'.repeat(1025) }),
    ).toMatchObject({ success: false });

    const badJson = await rawCall(alice, 'POST', '/api/token/', '{"name": ');
    expect(businessFailure(badJson)).toEqual(REFUSED);
    expect(badJson.json().success).toBe(false);
    const wrongType = await harness.call(alice, 'POST', '/api/token/', { remain_quota: 'lots' });
    expect(businessFailure(wrongType)).toEqual(REFUSED);
    const fraction = await harness.call(alice, 'POST', '/api/token/', { remain_quota: 1.5 });
    expect(businessFailure(fraction)).toEqual(REFUSED);
    expect((await listAll(alice)).length).toBe(before);
  });

  it('offers the auto group when DefaultUseAutoGroup is on', async () => {
    await harness.call(root, 'PUT', '/api/option/', { key: 'DefaultUseAutoGroup', value: 'true' });
    try {
      expect(await createToken(alice, { name: 'auto', group: 'auto' })).toEqual({
        success: true,
        message: '',
      });
      expect((await tokenNamed(alice, 'auto')).group).toBe('auto');
    } finally {
      await harness.call(root, 'PUT', '/api/option/', {
        key: 'DefaultUseAutoGroup',
        value: 'false',
      });
    }
  });

  it('pages 0-based with size defaulting to 10 and capped at 100', async () => {
    for (let index = 0; index < 12; index += 1) {
      expect((await createToken(bob, { name: `page-${index}` })).success).toBe(true);
    }
    const all = await listAll(bob);
    expect(all).toHaveLength(12);
    expect(all.map((token) => token.name)).toEqual(
      Array.from({ length: 12 }, (_, index) => `page-${11 - index}`),
    );

    const first = (await harness.call(bob, 'GET', '/api/token/?p=0&size=5')).json().data;
    expect(first.map((token: TokenJson) => token.name)).toEqual([
      'page-11',
      'page-10',
      'page-9',
      'page-8',
      'page-7',
    ]);
    const third = (await harness.call(bob, 'GET', '/api/token/?p=2&size=5')).json().data;
    expect(third.map((token: TokenJson) => token.name)).toEqual(['page-1', 'page-0']);
    const beyond = (await harness.call(bob, 'GET', '/api/token/?p=9&size=5')).json();
    expect(beyond).toEqual({ success: true, message: '', data: [] });
    expect((await harness.call(bob, 'GET', '/api/token/')).json().data).toHaveLength(10);
    expect((await harness.call(bob, 'GET', '/api/token/?size=0')).json().data).toHaveLength(10);
    expect((await harness.call(bob, 'GET', '/api/token/?size=abc&p=x')).json().data).toHaveLength(
      10,
    );
    expect((await harness.call(bob, 'GET', '/api/token/?p=-3&size=1000')).json().data).toHaveLength(
      12,
    );
    // Each user sees only their own tokens.
    expect((await listAll(bob)).every((token) => token.user_id === bob.userId)).toBe(true);
    expect((await listAll(alice)).some((token) => token.name.startsWith('page-'))).toBe(false);
  });

  it('searches own tokens by name and by key, with or without sk-', async () => {
    const target = await tokenNamed(bob, 'page-3');
    const byName = (await harness.call(bob, 'GET', '/api/token/search?keyword=page-1')).json();
    expect(byName.success).toBe(true);
    expect(byName.data.map((token: TokenJson) => token.name).sort()).toEqual([
      'page-1',
      'page-10',
      'page-11',
    ]);

    const fragment = target.key.slice(10, 30);
    for (const query of [fragment, `sk-${target.key}`, target.key]) {
      const found = (
        await harness.call(bob, 'GET', `/api/token/search?token=${encodeURIComponent(query)}`)
      ).json().data;
      expect(found.map((token: TokenJson) => token.id)).toEqual([target.id]);
    }
    const both = (
      await harness.call(bob, 'GET', `/api/token/search?keyword=page&token=sk-${target.key}`)
    ).json().data;
    expect(both).toHaveLength(1);
    const everything = (await harness.call(bob, 'GET', '/api/token/search')).json().data;
    expect(everything).toHaveLength(12);

    // Wildcards are literal text.
    expect((await harness.call(bob, 'GET', '/api/token/search?keyword=%25')).json().data).toEqual(
      [],
    );
    expect((await harness.call(bob, 'GET', '/api/token/search?keyword=_')).json().data).toEqual([]);
    // Another user's key is not found.
    const other = (
      await harness.call(alice, 'GET', `/api/token/search?token=${target.key}`)
    ).json();
    expect(other).toEqual({ success: true, message: '', data: [] });
  });

  it('gets an own token by id and hides everyone else’s', async () => {
    const target = await tokenNamed(bob, 'page-3');
    const own = (await harness.call(bob, 'GET', `/api/token/${target.id}`)).json();
    expect(own).toEqual({ success: true, message: '', data: shown(target) });

    const foreign = await harness.call(alice, 'GET', `/api/token/${target.id}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ success: false, message: '令牌不存在' });
    expect((await harness.call(bob, 'GET', '/api/token/999999')).json()).toEqual({
      success: false,
      message: '令牌不存在',
    });
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await harness.call(bob, 'GET', `/api/token/${bad}`);
      expect(businessFailure(response), bad).toEqual(REFUSED);
      expect(response.json().success).toBe(false);
    }
  });

  it('edits every field of an own token and leaves the status alone', async () => {
    const target = await tokenNamed(alice, 'first');
    changes.length = 0;
    const expiry = now() + 3600;
    const response = await harness.call(alice, 'PUT', '/api/token/', {
      ...shown(target),
      name: 'renamed',
      status: 2,
      expired_time: expiry,
      remain_quota: 42,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
      allow_ips: '192.168.0.0/16',
      group: 'vip',
      key: 'attempt-to-change-key',
      used_quota: 999,
      user_id: bob.userId,
    });
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      ...shown(target),
      name: 'renamed',
      expired_time: expiry,
      remain_quota: 42,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
      allow_ips: '192.168.0.0/16',
      group: 'vip',
    });
    expect((await harness.call(alice, 'GET', `/api/token/${target.id}`)).json().data).toEqual(
      body.data,
    );
    expect(changes).toEqual([{ tokenId: target.id, tokenKey: target.key }]);

    // Absent fields keep their values.
    const partial = (
      await harness.call(alice, 'PUT', '/api/token/', { id: target.id, name: 'first' })
    ).json();
    expect(partial.data).toMatchObject({ name: 'first', remain_quota: 42, group: 'vip' });
  });

  it('refuses invalid edits and other users’ tokens', async () => {
    const target = await tokenNamed(alice, 'first');
    const put = (body: Record<string, unknown>) =>
      harness.call(alice, 'PUT', '/api/token/', { id: target.id, ...body });
    expect((await put({ name: 'n'.repeat(31) })).json()).toEqual({
      success: false,
      message: '令牌名称过长',
    });
    expect((await put({ allow_ips: 'nope' })).json()).toEqual({
      success: false,
      message: 'IP 白名单格式错误：nope',
    });
    expect((await put({ group: 'svip' })).json()).toEqual({
      success: false,
      message: '无权使用分组 svip',
    });
    expect((await put({ expired_time: now() - 100 })).json().success).toBe(false);
    expect((await put({ unlimited_quota: false, remain_quota: -5 })).json()).toEqual({
      success: false,
      message: '额度值不能为负数',
    });
    expect(
      (await harness.call(bob, 'PUT', '/api/token/', { id: target.id, name: 'x' })).json(),
    ).toEqual({
      success: false,
      message: '令牌不存在',
    });
    expect(
      businessFailure(await harness.call(alice, 'PUT', '/api/token/', { name: 'no id' })),
    ).toEqual(REFUSED);
    expect(businessFailure(await harness.call(alice, 'PUT', '/api/token/', { id: 'abc' }))).toEqual(
      REFUSED,
    );
    expect(businessFailure(await rawCall(alice, 'PUT', '/api/token/', 'not json'))).toEqual(
      REFUSED,
    );
    expect((await harness.call(alice, 'GET', `/api/token/${target.id}`)).json().data.name).toBe(
      'first',
    );

    // An unchanged past expiry does not block other edits.
    const db = harness.runtime.context.database.db;
    await db
      .updateTable('tokens')
      .set({ expired_time: now() - 50 })
      .where('id', '=', target.id)
      .execute();
    const stored = (await harness.call(alice, 'GET', `/api/token/${target.id}`)).json().data;
    expect((await put({ ...stored, name: 'still-editable' })).json().success).toBe(true);
    await put({ name: 'first', expired_time: -1 });
  });

  it('switches status with status_only and refuses to enable expired or exhausted tokens', async () => {
    const target = await tokenNamed(alice, 'full');
    changes.length = 0;
    const setStatus = (id: number, status: unknown, session = alice) =>
      harness.call(session, 'PUT', '/api/token/?status_only=true', { id, status });

    const disabled = (await setStatus(target.id, 2)).json();
    expect(disabled.success).toBe(true);
    expect(disabled.data).toEqual({ ...shown(target), status: 2 });
    expect(changes).toEqual([{ tokenId: target.id, tokenKey: target.key }]);
    expect((await setStatus(target.id, 1)).json().data.status).toBe(1);

    const db = harness.runtime.context.database.db;
    await db
      .updateTable('tokens')
      .set({ status: 3, expired_time: now() - 60 })
      .where('id', '=', target.id)
      .execute();
    expect((await setStatus(target.id, 1)).json()).toEqual({
      success: false,
      message: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
    });
    expect((await setStatus(target.id, 2)).json().success).toBe(true);
    expect((await setStatus(target.id, 1)).json().success).toBe(false);

    await db
      .updateTable('tokens')
      .set({ status: 4, expired_time: -1, remain_quota: 0, unlimited_quota: false })
      .where('id', '=', target.id)
      .execute();
    expect((await setStatus(target.id, 1)).json()).toEqual({
      success: false,
      message: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    });
    await db
      .updateTable('tokens')
      .set({ unlimited_quota: true })
      .where('id', '=', target.id)
      .execute();
    expect((await setStatus(target.id, 1)).json().data.status).toBe(1);

    // The status-only form changes nothing else.
    const after = (await harness.call(alice, 'GET', `/api/token/${target.id}`)).json().data;
    expect(after).toMatchObject({ name: 'full', group: 'vip', model_limits: 'gpt-4o,gpt-4o-mini' });

    expect(businessFailure(await setStatus(target.id, 3))).toEqual(REFUSED);
    expect(businessFailure(await setStatus(target.id, 'on'))).toEqual(REFUSED);
    expect((await setStatus(target.id, 2, bob)).json()).toEqual({
      success: false,
      message: '令牌不存在',
    });
    expect(
      businessFailure(
        await harness.call(alice, 'PUT', '/api/token/?status_only=true', { status: 1 }),
      ),
    ).toEqual(REFUSED);
  });

  it('soft-deletes own tokens only, with or without the trailing slash', async () => {
    const [first, second] = (await listAll(bob)).slice(0, 2);
    changes.length = 0;
    expect((await harness.call(alice, 'DELETE', `/api/token/${first.id}`)).json()).toEqual({
      success: false,
      message: '令牌不存在',
    });
    expect((await harness.call(bob, 'DELETE', `/api/token/${first.id}`)).json()).toEqual({
      success: true,
      message: '',
    });
    expect((await harness.call(bob, 'DELETE', `/api/token/${second.id}/`)).json()).toEqual({
      success: true,
      message: '',
    });
    expect(changes).toEqual([
      { tokenId: first.id, tokenKey: first.key },
      { tokenId: second.id, tokenKey: second.key },
    ]);
    expect((await harness.call(bob, 'GET', `/api/token/${first.id}`)).json().success).toBe(false);
    expect((await harness.call(bob, 'DELETE', `/api/token/${first.id}`)).json()).toEqual({
      success: false,
      message: '令牌不存在',
    });
    expect((await listAll(bob)).map((token) => token.id)).not.toContain(first.id);
    expect(
      (await harness.call(bob, 'GET', `/api/token/search?token=${first.key}`)).json().data,
    ).toEqual([]);
    const row = await harness.runtime.context.database.db
      .selectFrom('tokens')
      .select(['deleted_at'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(businessFailure(await harness.call(bob, 'DELETE', '/api/token/abc'))).toEqual(REFUSED);
  });

  it('requires a signed-in user with the New-Api-User header', async () => {
    const anonymous = await harness.call(undefined, 'GET', '/api/token/');
    expect(anonymous.statusCode).toBe(401);
    const noHeader = await harness.app.inject({
      method: 'GET',
      url: '/api/token/',
      headers: { cookie: alice.cookie },
    });
    expect(noHeader.statusCode).toBe(401);
    const mismatch = await harness.app.inject({
      method: 'GET',
      url: '/api/token/',
      headers: { cookie: alice.cookie, 'new-api-user': String(bob.userId) },
    });
    expect(mismatch.statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', '/api/token/'],
      ['PUT', '/api/token/'],
      ['DELETE', '/api/token/1'],
      ['GET', '/api/token/search'],
      ['GET', '/api/token/1'],
    ] as const) {
      expect((await harness.call(undefined, method, url, {})).statusCode, url).toBe(401);
    }
  });
});
