import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { decodeSession } from '../../src/accounts/session-cookie.js';

const PASSWORD = 'password123';
const EXPIRED = 'Passkey 验证会话不存在或已过期，请重试';
const REGISTRATION_FAILED = 'Passkey 注册失败，请重试';
const VERIFICATION_FAILED = 'Passkey 验证失败，请重试';

type Options = { challenge: string; user: { id: string } };

/** The `name=value` pairs a response set, by cookie name. */
function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return Object.fromEntries(
    cookies.map((cookie) => {
      const pair = cookie.split(';')[0];
      return [pair.slice(0, pair.indexOf('=')), pair];
    }),
  );
}

/** The session a `session=<value>` cookie pair carries. */
function sessionOf(pair: string | undefined) {
  const value = pair?.slice(pair.indexOf('=') + 1);
  return decodeSession(value && decodeURIComponent(value), 'test-session-secret');
}

/**
 * Passkeys through the console API, with a software authenticator: registration, discoverable
 * sign-in, the verification step, single-use challenges, the relying party and origin checks,
 * disabled users, the user handle check, removal and the admin reset.
 */
describe.each(appDatabaseKinds())('passkeys on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let sequence = 0;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** One call from an address of its own (the critical rate limit counts per address). */
  function send(session: Session | undefined, method: string, url: string, payload?: object) {
    sequence += 1;
    return harness.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
      headers: session ? { cookie: session.cookie, 'new-api-user': String(session.userId) } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function setEnabled(enabled: boolean) {
    const saved = await send(root, 'PUT', '/api/option/', {
      key: 'passkey.enabled',
      value: String(enabled),
    });
    expect(saved.json()).toMatchObject({ success: true });
  }

  async function newUser(role = 1): Promise<Session> {
    const username = `pk${(sequence += 1)}`;
    await send(root, 'POST', '/api/user/', { username, password: PASSWORD, role });
    return harness.login(username, PASSWORD);
  }

  async function beginRegistration(user: Session): Promise<Options> {
    const begun = (await send(user, 'POST', '/api/user/passkey/register/begin')).json();
    expect(begun).toMatchObject({ success: true });
    return begun.data.options;
  }

  /** A user with a registered passkey. */
  async function registered(role = 1) {
    const user = await newUser(role);
    const authenticator = new SoftwareAuthenticator();
    const options = await beginRegistration(user);
    const finished = await send(
      user,
      'POST',
      '/api/user/passkey/register/finish',
      authenticator.register(options),
    );
    expect(finished.json()).toMatchObject({ success: true, message: 'Passkey 注册成功' });
    return { user, authenticator };
  }

  async function loginOptions(): Promise<{ challenge: string }> {
    const begun = (await send(undefined, 'POST', '/api/user/passkey/login/begin')).json();
    expect(begun).toMatchObject({ success: true });
    return begun.data.options;
  }

  const finishLogin = (assertion: object) =>
    send(undefined, 'POST', '/api/user/passkey/login/finish', assertion);

  it('refuses every ceremony while passkeys are off', async () => {
    const user = await newUser();
    const begun = await send(user, 'POST', '/api/user/passkey/register/begin');
    expect(begun.json()).toEqual({ success: false, message: '管理员未启用 Passkey 登录' });
    const login = await send(undefined, 'POST', '/api/user/passkey/login/begin');
    expect(login.json()).toMatchObject({ success: false, message: '管理员未启用 Passkey 登录' });
    const status = (await send(undefined, 'GET', '/api/status')).json();
    expect(status.data.passkey_login).toBe(false);
  });

  it('registers a passkey, shown in the status, its challenge good once', async () => {
    await setEnabled(true);
    expect((await send(undefined, 'GET', '/api/status')).json().data.passkey_login).toBe(true);
    const user = await newUser();
    expect((await send(user, 'GET', '/api/user/passkey')).json()).toEqual({
      success: true,
      message: '',
      data: { enabled: false },
    });
    const authenticator = new SoftwareAuthenticator();
    const options = await beginRegistration(user);
    expect(options).toMatchObject({ rp: { id: 'localhost' }, attestation: 'none' });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(String(user.userId));
    const attestation = authenticator.register(options);
    const finished = await send(user, 'POST', '/api/user/passkey/register/finish', attestation);
    expect(finished.json()).toEqual({ success: true, message: 'Passkey 注册成功' });
    const replayed = await send(user, 'POST', '/api/user/passkey/register/finish', attestation);
    expect(replayed.json()).toEqual({ success: false, message: EXPIRED });
    expect((await send(user, 'GET', '/api/user/passkey')).json().data).toEqual({
      enabled: true,
      last_used_at: null,
    });
    // The registered credential is excluded from a second registration.
    const again = await beginRegistration(user);
    expect(again).toMatchObject({ excludeCredentials: [{ id: authenticator.id }] });
  });

  it('refuses an attestation from another origin or relying party, or for another user', async () => {
    await setEnabled(true);
    const user = await newUser();
    const other = await newUser();
    const authenticator = new SoftwareAuthenticator();
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const options = await beginRegistration(user);
      const answer = authenticator.register(options, overrides);
      const finished = await send(user, 'POST', '/api/user/passkey/register/finish', answer);
      expect(finished.json()).toEqual({ success: false, message: REGISTRATION_FAILED });
    }
    // A challenge handed to one user does not register a passkey for another.
    const options = await beginRegistration(user);
    const stolen = await send(
      other,
      'POST',
      '/api/user/passkey/register/finish',
      authenticator.register(options),
    );
    expect(stolen.json()).toEqual({ success: false, message: EXPIRED });
    expect((await send(user, 'GET', '/api/user/passkey')).json().data).toEqual({ enabled: false });
  });

  it('signs in with the passkey: the password sign-in answer and a session, once per challenge', async () => {
    await setEnabled(true);
    const { user, authenticator } = await registered();
    const assertion = authenticator.authenticate(await loginOptions());
    const signedIn = await finishLogin(assertion);
    expect(signedIn.json()).toMatchObject({ success: true, data: { id: user.userId } });
    const cookie = cookiesOf(signedIn).session;
    expect(cookie).toBeDefined();
    const self = await send({ cookie, userId: user.userId }, 'GET', '/api/user/self');
    expect(self.json()).toMatchObject({ success: true, data: { id: user.userId } });
    const status = (await send(user, 'GET', '/api/user/passkey')).json().data;
    expect(status.enabled).toBe(true);
    expect(Number.isNaN(Date.parse(status.last_used_at))).toBe(false);

    expect((await finishLogin(assertion)).json()).toEqual({ success: false, message: EXPIRED });
    // The sign count moved on: a fresh challenge with an old count is refused.
    const stale = authenticator.authenticate(await loginOptions(), { signCount: 1 });
    expect((await finishLogin(stale)).json()).toEqual({
      success: false,
      message: VERIFICATION_FAILED,
    });
  });

  it('refuses an assertion from another origin or relying party, or a forged user handle', async () => {
    await setEnabled(true);
    const { authenticator } = await registered();
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const answer = authenticator.authenticate(await loginOptions(), overrides);
      const refused = await finishLogin(answer);
      expect(refused.json()).toEqual({ success: false, message: VERIFICATION_FAILED });
      expect(cookiesOf(refused).session).toBeUndefined();
    }
    const forged = authenticator.authenticate(await loginOptions(), {
      userHandle: Buffer.from(String(root.userId)).toString('base64url'),
    });
    expect((await finishLogin(forged)).json()).toEqual({
      success: false,
      message: '用户句柄与凭证不匹配',
    });
    const unknown = new SoftwareAuthenticator().authenticate(await loginOptions());
    expect((await finishLogin(unknown)).json()).toEqual({
      success: false,
      message: 'Passkey 凭证不存在或已被移除',
    });
  });

  it('refuses a disabled user', async () => {
    await setEnabled(true);
    const { user, authenticator } = await registered();
    const disabled = await send(root, 'POST', '/api/user/manage', {
      id: user.userId,
      action: 'disable',
    });
    expect(disabled.json()).toMatchObject({ success: true });
    const refused = await finishLogin(authenticator.authenticate(await loginOptions()));
    expect(refused.json()).toEqual({ success: false, message: '该用户已被禁用' });
    expect(cookiesOf(refused).session).toBeUndefined();
  });

  it('verifies the own passkey (needs one; its challenge is good once)', async () => {
    await setEnabled(true);
    const stranger = await newUser();
    const none = await send(stranger, 'POST', '/api/user/passkey/verify/begin');
    expect(none.json()).toEqual({ success: false, message: '该用户尚未绑定 Passkey' });

    const { user, authenticator } = await registered();
    const begun = (await send(user, 'POST', '/api/user/passkey/verify/begin')).json();
    expect(begun.data.options.allowCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    const assertion = authenticator.authenticate(begun.data.options);
    const finished = await send(user, 'POST', '/api/user/passkey/verify/finish', assertion);
    expect(finished.json()).toEqual({ success: true, message: 'Passkey 验证成功' });
    const replayed = await send(user, 'POST', '/api/user/passkey/verify/finish', assertion);
    expect(replayed.json()).toEqual({ success: false, message: EXPIRED });
  });

  it('lets POST /api/verify take the passkey marker once, and a new ceremony clear the proof', async () => {
    await setEnabled(true);
    const stranger = await newUser();
    const none = await send(stranger, 'POST', '/api/verify', { method: 'passkey' });
    expect(none.json()).toEqual({ success: false, message: '该用户尚未绑定 Passkey' });

    const { user, authenticator } = await registered();
    const early = await send(user, 'POST', '/api/verify', { method: 'passkey' });
    expect(early.json()).toEqual({ success: false, message: '请先完成 Passkey 验证' });

    const ceremony = async (session: Session) => {
      const begun = (await send(session, 'POST', '/api/user/passkey/verify/begin')).json();
      const answer = authenticator.authenticate(begun.data.options);
      return send(session, 'POST', '/api/user/passkey/verify/finish', answer);
    };
    expect((await ceremony(user)).json()).toMatchObject({ success: true });
    const verified = await send(user, 'POST', '/api/verify', { method: 'passkey' });
    expect(verified.json()).toMatchObject({ success: true, data: { verified: true } });
    const again = await send(user, 'POST', '/api/verify', { method: 'passkey' });
    expect(again.json()).toEqual({ success: false, message: '请先完成 Passkey 验证' });

    // The verified session's next passkey ceremony drops the earlier proof from the cookie.
    const proven = { ...user, cookie: cookiesOf(verified).session };
    const provenSession = sessionOf(proven.cookie);
    expect(provenSession?.sv).toBeTypeOf('number');
    const renewed = await ceremony(proven);
    const cleared = sessionOf(cookiesOf(renewed).session);
    expect(cleared).toMatchObject({ id: user.userId });
    expect(cleared?.sv).toBeUndefined();
    expect(cleared?.svm).toBeUndefined();
  });

  it('removes the own passkey, and lets admins reset another user’s by the role rules', async () => {
    await setEnabled(true);
    const { user } = await registered();
    const removed = await send(user, 'DELETE', '/api/user/passkey');
    expect(removed.json()).toEqual({ success: true, message: 'Passkey 已解绑' });
    expect((await send(user, 'GET', '/api/user/passkey')).json().data).toEqual({ enabled: false });

    const { user: member, authenticator } = await registered();
    const admin = await newUser(10);
    const { user: otherAdmin } = await registered(10);
    const refused = await send(admin, 'DELETE', `/api/user/${otherAdmin.userId}/reset_passkey`);
    expect(refused.json()).toEqual({
      success: false,
      message: '无权更新同权限等级或更高权限等级的用户信息',
    });
    const byMember = await send(member, 'DELETE', `/api/user/${otherAdmin.userId}/reset_passkey`);
    expect(byMember.json()).toMatchObject({ success: false, message: '无权进行此操作，权限不足' });

    const reset = await send(admin, 'DELETE', `/api/user/${member.userId}/reset_passkey`);
    expect(reset.json()).toEqual({ success: true, message: 'Passkey 已重置' });
    const again = await send(admin, 'DELETE', `/api/user/${member.userId}/reset_passkey`);
    expect(again.json()).toEqual({ success: false, message: '该用户尚未绑定 Passkey' });
    const gone = await finishLogin(authenticator.authenticate(await loginOptions()));
    expect(gone.json()).toEqual({ success: false, message: 'Passkey 凭证不存在或已被移除' });
  });
});
