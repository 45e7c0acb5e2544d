import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../src/accounts/two-factor/totp.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const PASSWORD = 'password123';
const WRONG_CODE = '验证码或备用码错误，请重试';
const EXPIRED = '会话已过期，请重新登录';

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

/**
 * Two-factor sign-in with TOTP: setup, enabling with a first code, sign-in in two steps, no
 * replay of a TOTP code, single-use backup codes, regeneration, disabling, and the admin reset.
 */
describe.each(appDatabaseKinds())('two-factor sign-in on %s', (kind) => {
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

  /**
   * One console call from an address of its own: sign-in and code routes are under the critical
   * rate limit (20 per address), which these tests would otherwise run into.
   */
  function send(
    session: Session | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie?: string,
  ) {
    sequence += 1;
    return harness.app.inject({
      method,
      url,
      remoteAddress: `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`,
      headers: session
        ? { cookie: session.cookie, 'new-api-user': String(session.userId) }
        : cookie
          ? { cookie }
          : {},
      ...(payload === undefined ? {} : { payload }),
    });
  }

  /** A new user (of `role`), signed in. */
  async function newUser(role = 1): Promise<Session & { username: string }> {
    const username = `member${(sequence += 1)}`;
    await send(root, 'POST', '/api/user/', { username, password: PASSWORD, role });
    const response = await send(undefined, 'POST', '/api/user/login', {
      username,
      password: PASSWORD,
    });
    return { cookie: cookiesOf(response).session, userId: response.json().data.id, username };
  }

  /** Turns 2FA on for `user`: the secret, the backup codes and the time the code was made at. */
  async function enable(user: Session) {
    const setup = (await send(user, 'POST', '/api/user/2fa/setup')).json();
    expect(setup).toMatchObject({ success: true });
    const secret: string = setup.data.secret;
    const madeAt = Math.floor(Date.now() / 1000);
    const enabled = await send(user, 'POST', '/api/user/2fa/enable', {
      code: await currentTotp(secret, madeAt),
    });
    expect(enabled.json()).toMatchObject({ success: true, message: '两步验证启用成功' });
    return { secret, madeAt, backupCodes: enabled.json().data.backup_codes as string[] };
  }

  /** The first step of a sign-in: its answer and the pending cookie it set. */
  async function password(username: string) {
    const response = await send(undefined, 'POST', '/api/user/login', {
      username,
      password: PASSWORD,
    });
    return { response, pending: cookiesOf(response).login_2fa };
  }

  function secondStep(pending: string | undefined, code: string) {
    return send(undefined, 'POST', '/api/user/login/2fa', { code }, pending);
  }

  /** Whether the session a response started can read the own user. */
  async function sessionWorks(response: LightMyRequestResponse, userId: number) {
    const cookie = cookiesOf(response).session;
    if (!cookie) return false;
    return (await send({ cookie, userId }, 'GET', '/api/user/self')).statusCode === 200;
  }

  it('sets up, and enables only with a code of the new secret', async () => {
    const user = await newUser();
    const status = () => send(user, 'GET', '/api/user/2fa/status');
    expect((await status()).json().data).toEqual({
      enabled: false,
      pending: false,
      backup_codes_remaining: 0,
    });
    expect(
      (await send(user, 'POST', '/api/user/2fa/enable', { code: '123456' })).json(),
    ).toMatchObject({ success: false, message: '请先完成2FA初始化设置' });

    const setup = (await send(user, 'POST', '/api/user/2fa/setup')).json();
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.data.qr_code_data);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.data.secret);
    expect(uri.searchParams.get('issuer')).toBe('Tollgate');
    expect((await status()).json().data).toMatchObject({ enabled: false, pending: true });
    // Not in force yet: the password alone still signs in.
    expect((await password(user.username)).response.json().data).toMatchObject({ id: user.userId });

    // The secret is sealed at rest.
    const row = await harness.runtime.context.database.db
      .selectFrom('two_factor')
      .selectAll()
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.secret.startsWith('v1.')).toBe(true);
    expect(row.secret).not.toContain(setup.data.secret);

    const wrong = await send(user, 'POST', '/api/user/2fa/enable', { code: '000000' });
    expect(wrong.json()).toMatchObject({ success: false, message: WRONG_CODE });
    const enabled = await send(user, 'POST', '/api/user/2fa/enable', {
      code: await currentTotp(setup.data.secret),
    });
    expect(enabled.json()).toMatchObject({ success: true });
    const codes: string[] = enabled.json().data.backup_codes;
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    expect((await status()).json().data).toEqual({
      enabled: true,
      pending: false,
      backup_codes_remaining: 8,
    });
    expect((await send(user, 'POST', '/api/user/2fa/setup')).json()).toMatchObject({
      success: false,
      message: '用户已启用2FA，请先禁用后重新设置',
    });
  });

  it('signs in in two steps; a TOTP code is good once, a backup code once', async () => {
    const user = await newUser();
    const { secret, madeAt, backupCodes } = await enable(user);

    const first = await password(user.username);
    expect(first.response.json()).toEqual({
      success: true,
      message: '请输入两步验证码',
      data: { require_2fa: true },
    });
    expect(cookiesOf(first.response).session).toBeUndefined();
    expect(first.pending).toBeDefined();

    expect((await secondStep(undefined, '123456')).json()).toMatchObject({ message: EXPIRED });
    expect((await secondStep(first.pending, '000000')).json()).toMatchObject({
      success: false,
      message: WRONG_CODE,
    });
    // The code that enabled 2FA was used up by doing so.
    const enablingCode = await currentTotp(secret, madeAt);
    expect((await secondStep(first.pending, enablingCode)).json()).toMatchObject({
      message: WRONG_CODE,
    });

    const nextCode = await currentTotp(secret, madeAt + 30);
    const signedIn = await secondStep(first.pending, nextCode);
    expect(signedIn.json()).toMatchObject({
      success: true,
      data: { id: user.userId, username: user.username },
    });
    expect(await sessionWorks(signedIn, user.userId)).toBe(true);

    // The pending sign-in is spent, and the same code cannot sign in again.
    expect((await secondStep(first.pending, backupCodes[0])).json()).toMatchObject({
      message: EXPIRED,
    });
    const replay = await secondStep((await password(user.username)).pending, nextCode);
    expect(replay.json()).toMatchObject({ success: false, message: WRONG_CODE });

    // A backup code, typed loosely, signs in once.
    const typed = backupCodes[0].toLowerCase().replace('-', ' ');
    const byBackup = await secondStep((await password(user.username)).pending, typed);
    expect(byBackup.json()).toMatchObject({ success: true, data: { id: user.userId } });
    const again = await secondStep((await password(user.username)).pending, backupCodes[0]);
    expect(again.json()).toMatchObject({ success: false, message: WRONG_CODE });
    const status = (await send(user, 'GET', '/api/user/2fa/status')).json();
    expect(status.data.backup_codes_remaining).toBe(7);
  });

  it('lets only one of two simultaneous sign-ins use a backup code', async () => {
    const user = await newUser();
    const { backupCodes } = await enable(user);
    const pendings = [
      (await password(user.username)).pending,
      (await password(user.username)).pending,
    ];
    const answers = await Promise.all(
      pendings.map((pending) => secondStep(pending, backupCodes[3])),
    );
    const successes = answers.map((answer) => answer.json().success);
    expect(successes.filter(Boolean)).toHaveLength(1);
  });

  it('limits the codes tried per sign-in and per user', async () => {
    const user = await newUser();
    const { backupCodes } = await enable(user);
    const { pending } = await password(user.username);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep(pending, '000000')).json()).toMatchObject({ message: WRONG_CODE });
    }
    expect((await secondStep(pending, backupCodes[0])).json()).toMatchObject({
      success: false,
      message: '尝试次数过多，请重新登录',
    });
    // Ten failures in all lock the second factor for a while, even with a good code.
    const other = (await password(user.username)).pending;
    for (let attempt = 0; attempt < 5; attempt += 1) await secondStep(other, '000000');
    const locked = await secondStep((await password(user.username)).pending, backupCodes[0]);
    expect(locked.json()).toMatchObject({
      success: false,
      message: '两步验证失败次数过多，请稍后再试',
    });
  });

  it('regenerates backup codes and disables with a code', async () => {
    const user = await newUser();
    const { backupCodes } = await enable(user);
    expect(
      (await send(user, 'POST', '/api/user/2fa/backup_codes', { code: 'nonsense' })).json(),
    ).toMatchObject({ success: false, message: WRONG_CODE });
    const regenerated = await send(user, 'POST', '/api/user/2fa/backup_codes', {
      code: backupCodes[0],
    });
    expect(regenerated.json()).toMatchObject({ success: true, message: '备用码重新生成成功' });
    const fresh: string[] = regenerated.json().data.backup_codes;
    expect(fresh).toHaveLength(8);

    // The old codes are gone.
    const withOld = await send(user, 'POST', '/api/user/2fa/disable', {
      code: backupCodes[1],
    });
    expect(withOld.json()).toMatchObject({ success: false, message: WRONG_CODE });
    const disabled = await send(user, 'POST', '/api/user/2fa/disable', { code: fresh[0] });
    expect(disabled.json()).toMatchObject({ success: true, message: '两步验证已禁用' });
    expect((await send(user, 'GET', '/api/user/2fa/status')).json().data).toEqual({
      enabled: false,
      pending: false,
      backup_codes_remaining: 0,
    });
    const signIn = await password(user.username);
    expect(signIn.response.json().data).toMatchObject({ id: user.userId });
    expect(await sessionWorks(signIn.response, user.userId)).toBe(true);
    expect(
      (await send(user, 'POST', '/api/user/2fa/disable', { code: fresh[1] })).json(),
    ).toMatchObject({ success: false, message: '用户未启用2FA' });
  });

  it('lets an admin reset the second factor of a lower role only', async () => {
    const member = await newUser();
    const admin = await newUser(10);
    const otherAdmin = await newUser(10);
    await enable(member);
    await enable(otherAdmin);
    const reset = (actor: Session, target: number) =>
      send(actor, 'DELETE', `/api/user/${target}/2fa`);

    expect((await reset(member, admin.userId)).json()).toMatchObject({
      success: false,
      message: '无权进行此操作，权限不足',
    });
    expect((await reset(admin, otherAdmin.userId)).json()).toMatchObject({
      success: false,
      message: '无权操作同级或更高级用户的2FA设置',
    });
    expect((await reset(admin, root.userId)).json()).toMatchObject({ success: false });
    expect((await reset(admin, admin.userId)).json()).toMatchObject({ success: false });
    expect((await reset(admin, 999_999)).json()).toMatchObject({ message: '用户不存在' });

    expect((await reset(admin, member.userId)).json()).toEqual({
      success: true,
      message: '用户2FA已被强制禁用',
    });
    expect((await password(member.username)).response.json().data).toMatchObject({
      id: member.userId,
    });
    expect((await reset(admin, member.userId)).json()).toMatchObject({ message: '用户未启用2FA' });
    expect((await reset(root, otherAdmin.userId)).json()).toMatchObject({ success: true });
  });

  it('voids a pending sign-in when the password changes meanwhile', async () => {
    const user = await newUser();
    const { secret, madeAt } = await enable(user);
    const { pending } = await password(user.username);
    await send(root, 'PUT', '/api/user/', { id: user.userId, password: 'another-pass1' });
    const answer = await secondStep(pending, await currentTotp(secret, madeAt + 30));
    expect(answer.json()).toMatchObject({ success: false, message: EXPIRED });
  });
});
