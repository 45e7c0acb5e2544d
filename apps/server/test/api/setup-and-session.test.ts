import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  ROOT_PASSWORD,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

describe.each(appDatabaseKinds())('setup wizard and sessions on %s', (kind) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp(kind);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('reports setup not done on a fresh database', async () => {
    const response = await harness.call(undefined, 'GET', '/api/setup');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: '',
      data: { status: false, root_init: false, database_type: kind },
    });
    const status = await harness.call(undefined, 'GET', '/api/status');
    expect(status.json().data.setup).toBe(false);
  });

  it('refuses mismatched and short passwords, and bad JSON, as business failures', async () => {
    const mismatch = await harness.call(undefined, 'POST', '/api/setup', {
      username: 'root',
      password: 'abcdefgh1',
      confirmPassword: 'abcdefgh2',
    });
    expect(businessFailure(mismatch)).toEqual(REFUSED);
    expect(mismatch.json()).toMatchObject({ success: false, message: '两次输入的密码不一致' });
    const short = await harness.call(undefined, 'POST', '/api/setup', {
      username: 'root',
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.json()).toMatchObject({ success: false, message: '密码长度至少为8个字符' });
    const badJson = await harness.app.inject({
      method: 'POST',
      url: '/api/setup',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(businessFailure(badJson)).toEqual(REFUSED);
    expect(badJson.json().success).toBe(false);
    expect(badJson.body).not.toMatch(/at .*\.js/);
  });

  it('creates the root account once and records the mode options', async () => {
    const response = await harness.call(undefined, 'POST', '/api/setup', {
      username: 'root',
      password: ROOT_PASSWORD,
      confirmPassword: ROOT_PASSWORD,
      SelfUseModeEnabled: true,
      DemoSiteEnabled: false,
    });
    expect(response.json()).toEqual({ success: true, message: '系统初始化成功' });
    const again = await harness.call(undefined, 'POST', '/api/setup', {
      username: 'root2',
      password: ROOT_PASSWORD,
      confirmPassword: ROOT_PASSWORD,
    });
    expect(businessFailure(again)).toEqual(REFUSED);
    expect(again.json().message).toBe('系统已经初始化完成');
    const status = (await harness.call(undefined, 'GET', '/api/status')).json().data;
    expect(status.setup).toBe(true);
    expect(status.self_use_mode_enabled).toBe(true);
    expect(status.demo_site_enabled).toBe(false);
    // A wizard that sends no server address (new-api's console) leaves the option as it was.
    expect(status.server_address).toBe('http://localhost:3000');
  });

  it('signs in with the right password only and returns the identity', async () => {
    const wrong = await harness.call(undefined, 'POST', '/api/user/login', {
      username: 'root',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({
      success: false,
      message: '用户名或密码错误，或用户已被封禁',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const empty = await harness.call(undefined, 'POST', '/api/user/login', {
      username: '',
      password: '',
    });
    expect(empty.json()).toMatchObject({ success: false, message: '无效的参数' });

    const response = await harness.call(undefined, 'POST', '/api/user/login', {
      username: 'root',
      password: ROOT_PASSWORD,
    });
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      username: 'root',
      role: 100,
      status: 1,
      display_name: 'Root User',
    });
    expect(body.data.password).toBeUndefined();
    expect(String(response.headers['set-cookie'])).toMatch(
      /session=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Strict/,
    );
  });

  it('requires the New-Api-User header to match the session', async () => {
    const session = await harness.login('root', ROOT_PASSWORD);
    const missing = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { cookie: session.cookie },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      success: false,
      message: '无权进行此操作，未提供 New-Api-User',
    });
    const malformed = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { cookie: session.cookie, 'new-api-user': 'abc' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toBe('无权进行此操作，New-Api-User 格式错误');
    const mismatch = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { cookie: session.cookie, 'new-api-user': String(session.userId + 1) },
    });
    expect(mismatch.statusCode).toBe(401);
    expect(mismatch.json().message).toBe('无权进行此操作，New-Api-User 与登录用户不匹配');
    const anonymous = await harness.call(undefined, 'GET', '/api/user/self');
    expect(anonymous.statusCode).toBe(401);
    const good = await harness.call(session, 'GET', '/api/user/self');
    expect(good.json().data).toMatchObject({ username: 'root', quota: 100_000_000 });
  });

  it('rejects a forged or tampered session cookie', async () => {
    const session = await harness.login('root', ROOT_PASSWORD);
    const [payload, signature] = session.cookie.slice('session='.length).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, id: claims.id + 5 })).toString(
      'base64url',
    );
    const response = await harness.call(
      { cookie: `session=${forged}.${signature}`, userId: claims.id + 5 },
      'GET',
      '/api/user/self',
    );
    expect(response.statusCode).toBe(401);
  });

  it('accepts a session signed by another node sharing SESSION_SECRET', async () => {
    const session = await harness.login('root', ROOT_PASSWORD);
    const other = await createTestApp(
      kind,
      {},
      {
        dsn: harness.config.database.dsn,
        sqlitePath: harness.config.database.sqlitePath,
      },
    );
    try {
      const response = await other.call(session, 'GET', '/api/user/self');
      expect(response.json().data.username).toBe('root');
    } finally {
      await other.close();
    }
  });

  it('authenticates with the system access token instead of a cookie', async () => {
    const session = await harness.login('root', ROOT_PASSWORD);
    const token = (await harness.call(session, 'GET', '/api/user/token')).json().data as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const viaToken = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: `Bearer ${token}`, 'new-api-user': String(session.userId) },
    });
    expect(viaToken.json().data.username).toBe('root');
    const badToken = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: 'Bearer nope', 'new-api-user': String(session.userId) },
    });
    expect(badToken.json()).toMatchObject({ success: false, message: 'access token 无效' });
    const replaced = (await harness.call(session, 'GET', '/api/user/token')).json().data as string;
    expect(replaced).not.toBe(token);
    const oldToken = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: token, 'new-api-user': String(session.userId) },
    });
    expect(oldToken.json().success).toBe(false);
  });

  it('logs out by clearing the cookie', async () => {
    const response = await harness.call(undefined, 'GET', '/api/user/logout');
    expect(response.json().success).toBe(true);
    expect(String(response.headers['set-cookie'])).toMatch(/session=;/);
  });
});

describe.each(appDatabaseKinds())('setup wizard with a server address on %s', (kind) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp(kind);
  });
  afterAll(async () => {
    await harness?.close();
  });

  const setup = (ServerAddress: unknown) =>
    harness.call(undefined, 'POST', '/api/setup', {
      username: 'root',
      password: ROOT_PASSWORD,
      confirmPassword: ROOT_PASSWORD,
      ServerAddress,
    });

  it('refuses an address that is not http(s), before creating the account', async () => {
    const refused = await setup('gate.example.com');
    expect(businessFailure(refused)).toEqual(REFUSED);
    expect(refused.json().message).toBe('ServerAddress 必须以 http:// 或 https:// 开头');
    const state = (await harness.call(undefined, 'GET', '/api/setup')).json().data;
    expect(state).toMatchObject({ status: false, root_init: false });
    expect(businessFailure(await setup(42))).toEqual(REFUSED);
  });

  it('saves the address with the setup', async () => {
    const response = await setup('  https://gate.example.com ');
    expect(response.json()).toEqual({ success: true, message: '系统初始化成功' });
    const status = (await harness.call(undefined, 'GET', '/api/status')).json().data;
    expect(status.setup).toBe(true);
    expect(status.server_address).toBe('https://gate.example.com');
    const session = await harness.login('root', ROOT_PASSWORD);
    const options = (await harness.call(session, 'GET', '/api/option/')).json().data as {
      key: string;
      value: string;
    }[];
    expect(options.find((option) => option.key === 'ServerAddress')?.value).toBe(
      'https://gate.example.com',
    );
  });
});
