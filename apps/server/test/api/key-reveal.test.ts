import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedCookie, signPayload } from '../../src/accounts/signed-payload.js';
import { SESSION_COOKIE_NAME } from '../../src/accounts/session-cookie.js';
import { maskTokenKey } from '../../src/tokens/token-key-mask.js';
import { createTestApp, ROOT_PASSWORD, type Session, type TestApp } from '../support/test-app.js';

const SECRET = 'test-session-secret';

/**
 * Secure verification (`POST /api/verify`) and the key reveals (additions §6): tokens' keys
 * masked in lists and given by the reveal routes, channels' keys only to a verified root.
 */
describe('secure verification and key reveal', () => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  let bob: Session;
  let channelId: number;

  const db = () => harness.runtime.context.database.db;
  const call = (session: Session | undefined, method: string, url: string, body?: unknown) =>
    harness.call(session, method, url, body);

  async function createAndLogin(username: string): Promise<Session> {
    const created = await call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  async function tokenOf(session: Session, name: string) {
    await call(session, 'POST', '/api/token/', { name, unlimited_quota: true });
    return db()
      .selectFrom('tokens')
      .select(['id', 'key'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  }

  /** The session cookie a verification answer sets, as a Session for the next calls. */
  function sessionFrom(response: { headers: Record<string, unknown> }, user: Session): Session {
    const setCookie = response.headers['set-cookie'];
    const first = (Array.isArray(setCookie) ? setCookie[0] : setCookie) as string;
    return { cookie: first.split(';')[0]!, userId: user.userId };
  }

  /** `session` with its verification fields replaced (signed as the server signs). */
  function withVerification(session: Session, fields: Record<string, unknown>): Session {
    const value = decodeURIComponent(session.cookie.slice(`${SESSION_COOKIE_NAME}=`.length));
    const payload = openSignedCookie(value, SECRET) as Record<string, unknown>;
    return {
      ...session,
      cookie: `${SESSION_COOKIE_NAME}=${encodeURIComponent(signPayload({ ...payload, ...fields }, SECRET))}`,
    };
  }

  async function logContents(type: number): Promise<string[]> {
    const rows = await harness.runtime.context.logDatabase.db
      .selectFrom('logs')
      .select('content')
      .where('type', '=', type)
      .execute();
    return rows.map((row) => row.content ?? '');
  }

  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    // This file checks refusals and reveals, many from one address; the limit has its own test.
    harness.config.criticalRateLimit.limit = 10_000;
    root = await harness.setupRoot();
    alice = await createAndLogin('alice');
    bob = await createAndLogin('bob');
    await call(root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: {
        type: 1,
        name: 'secret',
        key: 'sk-upstream-secret',
        models: 'gpt-4o',
        group: 'default',
      },
    });
    channelId = (await db().selectFrom('channels').select('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('masks keys of every length class as new-api does', () => {
    expect(maskTokenKey('')).toBe('');
    expect(maskTokenKey('abcd')).toBe('****');
    expect(maskTokenKey('abcde')).toBe('ab****de');
    expect(maskTokenKey('abcdefgh')).toBe('ab****gh');
    expect(maskTokenKey('abcdefghi')).toBe('abcd**********fghi');
    expect(maskTokenKey('x'.repeat(48))).toBe(`xxxx${'*'.repeat(10)}xxxx`);
  });

  it('shows keys masked in the list, search, a token and the edit answer', async () => {
    const token = await tokenOf(alice, 'masked');
    const shown = maskTokenKey(token.key);
    const list = (await call(alice, 'GET', '/api/token/?p=0&size=10')).json().data;
    expect(list.find((row: { id: number }) => row.id === token.id).key).toBe(shown);
    const search = (await call(alice, 'GET', '/api/token/search?keyword=masked')).json().data;
    expect(search[0].key).toBe(shown);
    expect((await call(alice, 'GET', `/api/token/${token.id}`)).json().data.key).toBe(shown);
    const edited = await call(alice, 'PUT', '/api/token/', { id: token.id, name: 'masked' });
    expect(edited.json().data.key).toBe(shown);
    const status = await call(alice, 'PUT', '/api/token/?status_only=true', {
      id: token.id,
      status: 1,
    });
    expect(status.json().data.key).toBe(shown);
    // Searching by the full key still finds it.
    const byKey = (await call(alice, 'GET', `/api/token/search?token=sk-${token.key}`)).json();
    expect(byKey.data).toHaveLength(1);
  });

  it('gives full keys in lists again with TokenKeysInLists on', async () => {
    const token = await tokenOf(alice, 'in-lists');
    await call(root, 'PUT', '/api/option/', { key: 'TokenKeysInLists', value: 'true' });
    try {
      const list = (await call(alice, 'GET', '/api/token/?p=0&size=10')).json().data;
      expect(list.find((row: { id: number }) => row.id === token.id).key).toBe(token.key);
    } finally {
      await call(root, 'PUT', '/api/option/', { key: 'TokenKeysInLists', value: 'false' });
    }
    const list = (await call(alice, 'GET', '/api/token/?p=0&size=10')).json().data;
    expect(list.find((row: { id: number }) => row.id === token.id).key).toBe(
      maskTokenKey(token.key),
    );
  });

  it('reveals an own key, refuses another user’s, and lets root read any with a log row', async () => {
    const token = await tokenOf(alice, 'reveal-me');
    const own = await call(alice, 'POST', `/api/token/${token.id}/key`);
    expect(own.json()).toEqual({ success: true, message: '', data: { key: token.key } });
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.headers.pragma).toBe('no-cache');

    expect((await call(bob, 'POST', `/api/token/${token.id}/key`)).json()).toEqual({
      success: false,
      message: '令牌不存在',
    });
    expect((await call(undefined, 'POST', `/api/token/${token.id}/key`)).statusCode).toBe(401);
    expect((await call(alice, 'POST', '/api/token/999999/key')).json().success).toBe(false);
    expect((await call(alice, 'POST', '/api/token/abc/key')).json().success).toBe(false);

    const before = (await logContents(3)).length;
    const byRoot = await call(root, 'POST', `/api/token/${token.id}/key`);
    expect(byRoot.json().data).toEqual({ key: token.key });
    const manage = await logContents(3);
    expect(manage).toHaveLength(before + 1);
    expect(manage.at(-1)).toBe(`管理员 root 查看了令牌 reveal-me (ID: ${token.id}) 的密钥`);
    // Alice reading her own key writes nothing.
    await call(alice, 'POST', `/api/token/${token.id}/key`);
    expect(await logContents(3)).toHaveLength(before + 1);
  });

  it('reveals own keys in a batch of at most 100 ids', async () => {
    const first = await tokenOf(bob, 'batch-1');
    const second = await tokenOf(bob, 'batch-2');
    const foreign = await tokenOf(alice, 'batch-foreign');
    const answer = await call(bob, 'POST', '/api/token/batch/keys', {
      ids: [first.id, second.id, foreign.id, 999_999],
    });
    expect(answer.json()).toEqual({
      success: true,
      message: '',
      data: { keys: { [first.id]: first.key, [second.id]: second.key } },
    });
    expect(answer.headers['cache-control']).toContain('no-store');
    expect((await call(bob, 'POST', '/api/token/batch/keys', { ids: [] })).json()).toEqual({
      success: false,
      message: '无效的参数',
    });
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1);
    expect((await call(bob, 'POST', '/api/token/batch/keys', { ids: tooMany })).json()).toEqual({
      success: false,
      message: '一次最多处理 100 个令牌',
    });
    expect((await call(bob, 'POST', '/api/token/batch/keys', {})).json().success).toBe(false);
  });

  it('deletes own tokens in a batch and leaves others’ alone', async () => {
    const mine = await tokenOf(bob, 'delete-1');
    const foreign = await tokenOf(alice, 'delete-foreign');
    const answer = await call(bob, 'POST', '/api/token/batch', { ids: [mine.id, foreign.id] });
    expect(answer.json()).toEqual({ success: true, message: '', data: 1 });
    const live = await db()
      .selectFrom('tokens')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('id', 'in', [mine.id, foreign.id])
      .execute();
    expect(live.map((row) => row.id)).toEqual([foreign.id]);
  });

  it('refuses every wrong verification with its message', async () => {
    const verify = (session: Session, body: unknown) => call(session, 'POST', '/api/verify', body);
    expect((await call(undefined, 'POST', '/api/verify', { method: 'password' })).statusCode).toBe(
      401,
    );
    expect((await verify(alice, { method: 'sms', code: '1' })).json()).toEqual({
      success: false,
      message: '不支持的验证方式: sms',
    });
    expect((await verify(alice, { method: 'passkey' })).json().success).toBe(false);
    expect((await verify(alice, { method: '2fa', code: '123456' })).json()).toEqual({
      success: false,
      message: '用户未启用2FA',
    });
    expect((await verify(alice, { method: 'password', code: '' })).json()).toEqual({
      success: false,
      message: '密码不能为空',
    });
    expect((await verify(alice, { method: 'password', code: 'wrong-password' })).json()).toEqual({
      success: false,
      message: '验证失败，请检查密码',
    });
    const english = await harness.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: {
        cookie: alice.cookie,
        'new-api-user': String(alice.userId),
        'accept-language': 'en',
      },
      payload: { method: 'password', code: 'wrong-password' },
    });
    expect(english.json().message).toBe('Verification failed, please check the password');
  });

  it('verifies with 2FA (and refuses the password then), logging the method', async () => {
    const carol = await createAndLogin('carol');
    const setup = (await call(carol, 'POST', '/api/user/2fa/setup')).json();
    const { currentTotp } = await import('../../src/accounts/two-factor/totp.js');
    const enabled = await call(carol, 'POST', '/api/user/2fa/enable', {
      code: await currentTotp(setup.data.secret),
    });
    const backupCodes: string[] = enabled.json().data.backup_codes;

    const verify = (body: unknown) => call(carol, 'POST', '/api/verify', body);
    expect((await verify({ method: 'password', code: 'password123' })).json()).toEqual({
      success: false,
      message: '已启用两步验证的用户请使用两步验证码或 Passkey 验证',
    });
    expect((await verify({ method: '2fa', code: '' })).json()).toEqual({
      success: false,
      message: '验证码不能为空',
    });
    expect((await verify({ method: '2fa', code: '000000' })).json()).toEqual({
      success: false,
      message: '验证失败，请检查验证码',
    });
    const passed = await verify({ method: '2fa', code: backupCodes[0] });
    const body = passed.json();
    expect(body.success).toBe(true);
    expect(body.data.verified).toBe(true);
    expect(Math.abs(body.data.expires_at - (Math.floor(Date.now() / 1000) + 300))).toBeLessThan(5);
    expect(await logContents(4)).toContain('通用安全验证成功 (验证方式: 2FA)');
    // The backup code is used up.
    expect((await verify({ method: '2fa', code: backupCodes[0] })).json().success).toBe(false);
  });

  it('lets root read a channel key only after verifying, for five minutes', async () => {
    const url = `/api/channel/${channelId}/key`;
    expect((await call(alice, 'POST', url)).statusCode).toBe(200);
    expect((await call(alice, 'POST', url)).json().success).toBe(false);
    const required = await call(root, 'POST', url);
    expect(required.statusCode).toBe(403);
    expect(required.json()).toEqual({
      success: false,
      message: '需要安全验证',
      code: 'VERIFICATION_REQUIRED',
    });

    const verified = await call(root, 'POST', '/api/verify', {
      method: 'password',
      code: ROOT_PASSWORD,
    });
    expect(verified.json().success).toBe(true);
    expect(await logContents(4)).toContain('通用安全验证成功 (验证方式: 密码)');
    const rootVerified = sessionFrom(verified, root);

    const revealed = await call(rootVerified, 'POST', url);
    expect(revealed.json()).toEqual({
      success: true,
      message: '获取成功',
      data: { key: 'sk-upstream-secret' },
    });
    expect(revealed.headers['cache-control']).toContain('no-store');
    expect(await logContents(4)).toContain(`查看渠道密钥信息 (渠道ID: ${channelId})`);
    expect((await call(rootVerified, 'POST', '/api/channel/999999/key')).json()).toEqual({
      success: false,
      message: '渠道不存在',
    });
    expect((await call(rootVerified, 'POST', '/api/channel/abc/key')).json()).toEqual({
      success: false,
      message: '渠道ID格式错误',
    });
    // Lists and reads never carry the key.
    expect((await call(root, 'GET', `/api/channel/${channelId}`)).json().data.key).toBe('');
    const list = (await call(root, 'GET', '/api/channel/?p=0&page_size=10')).json().data;
    expect(JSON.stringify(list)).not.toContain('sk-upstream-secret');

    const now = Math.floor(Date.now() / 1000);
    const expired = await call(
      withVerification(root, { sv: now - 301, svm: 'password' }),
      'POST',
      url,
    );
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('VERIFICATION_EXPIRED');
    // The stale proof is cleared from the re-issued cookie.
    const cleared = sessionFrom(expired, root);
    expect((await call(cleared, 'POST', url)).json().code).toBe('VERIFICATION_REQUIRED');

    const stillGood = withVerification(root, { sv: now - 290, svm: 'password' });
    expect((await call(stillGood, 'POST', url)).json().success).toBe(true);
    for (const fields of [
      { sv: 'soon', svm: 'password' },
      { sv: now },
      { sv: now + 3600, svm: '2fa' },
    ]) {
      const invalid = await call(withVerification(root, fields), 'POST', url);
      expect(invalid.statusCode).toBe(403);
      expect(invalid.json().code).toBe('VERIFICATION_INVALID');
    }
  });

  it('puts key reveals under the critical limit', async () => {
    const token = await tokenOf(alice, 'limited');
    harness.config.criticalRateLimit.limit = 1;
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 2; index += 1) {
        statuses.push((await call(alice, 'POST', `/api/token/${token.id}/key`)).statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      harness.config.criticalRateLimit.limit = 10_000;
    }
  });
});
