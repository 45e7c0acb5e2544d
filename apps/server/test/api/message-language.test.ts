import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

/**
 * Console API messages follow `Accept-Language`: Tollgate's console sends its language, and a
 * request preferring English gets listed messages in English; without the header or preferring
 * Chinese (new-api's console in a Chinese browser) the messages are exactly new-api's.
 */
describe('console API messages in the caller language', () => {
  let harness: TestApp;
  let root: Session;
  let walter: Session;

  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    root = await harness.setupRoot();
    await harness.call(root, 'PUT', '/api/option/', { key: 'RegisterEnabled', value: 'true' });
    await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'walter',
      password: 'password123',
    });
    walter = await harness.login('walter', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** One console call with an optional `Accept-Language`; its status and envelope. */
  async function call(
    session: Session | undefined,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    language: string | undefined,
    payload?: object | string,
  ) {
    const headers: Record<string, string> = {};
    if (session) {
      headers.cookie = session.cookie;
      headers['new-api-user'] = String(session.userId);
    }
    if (language !== undefined) headers['accept-language'] = language;
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    const response = await harness.app.inject({ method, url, headers, payload });
    const body = response.json() as { success: boolean; message: string; data?: unknown };
    return { status: response.statusCode, ...body };
  }

  const CHINESE_HEADERS = [undefined, 'zh', 'zh-CN,zh;q=0.9,en;q=0.8', 'fr'];

  it('answers a wrong password in English only to a caller preferring English', async () => {
    const login = (language?: string) =>
      call(undefined, 'POST', '/api/user/login', language, {
        username: 'walter',
        password: 'wrong-password',
      });
    // The last two are Tollgate's console in French and Japanese (no messages in either).
    for (const language of ['en', 'en-US,en;q=0.9,zh-CN;q=0.8', 'fr,en;q=0.9', 'ja,en;q=0.9']) {
      expect(await login(language)).toEqual({
        status: 200,
        success: false,
        message: 'Wrong username or password, or the user is banned',
      });
    }
    for (const language of CHINESE_HEADERS) {
      expect((await login(language)).message, String(language)).toBe(
        '用户名或密码错误，或用户已被封禁',
      );
    }
  });

  it('translates role and sign-in refusals, which the error handler renders', async () => {
    expect(await call(walter, 'GET', '/api/user/', 'en')).toEqual({
      status: 200,
      success: false,
      message: 'Not authorized: insufficient permissions',
    });
    expect((await call(walter, 'GET', '/api/user/', 'zh')).message).toBe(
      '无权进行此操作，权限不足',
    );
    expect(await call(undefined, 'GET', '/api/user/self', 'en')).toEqual({
      status: 401,
      success: false,
      message: 'Not authorized: not signed in and no access token given',
    });
    expect((await call(undefined, 'GET', '/api/user/self', undefined)).message).toBe(
      '无权进行此操作，未登录且未提供 access token',
    );
  });

  it('translates request errors and validation prefixes', async () => {
    expect(await call(root, 'POST', '/api/user/', 'en', '{"username":')).toEqual({
      status: 200,
      success: false,
      message: 'Invalid request: the body is not valid JSON',
    });
    const tooLong = { username: 'x'.repeat(40), password: 'password123' };
    const english = await call(root, 'POST', '/api/user/', 'en', tooLong);
    expect(english.success).toBe(false);
    expect(english.message).toMatch(/^Invalid input: The username must not be longer than \d+/);
    const chinese = await call(root, 'POST', '/api/user/', undefined, tooLong);
    expect(chinese.message).toMatch(/^输入不合法 用户名长度不能超过 \d+ 个字符$/);
  });

  it("translates Tollgate's own refusals, such as the outbound address guard", async () => {
    const save = (language?: string) =>
      call(root, 'PUT', '/api/option/', language, {
        key: 'WorkerUrl',
        value: 'http://127.0.0.1:8080/',
      });
    const english = await save('en');
    expect(english.success).toBe(false);
    expect(english.message).toMatch(
      /^WorkerUrl must not point to an internal address: 127\.0\.0\.1 is a loopback address/,
    );
    for (const language of CHINESE_HEADERS) {
      expect((await save(language)).message).toMatch(
        /^WorkerUrl 不能指向内部地址：127\.0\.0\.1 is a loopback address/,
      );
    }
  });

  it('leaves successful answers and unknown messages as they are', async () => {
    const self = await call(walter, 'GET', '/api/user/self', 'en');
    expect(self).toMatchObject({ status: 200, success: true, message: '' });
    const status = await call(undefined, 'GET', '/api/status', 'en');
    expect(status).toMatchObject({ success: true });
    expect(status.data).toEqual((await call(undefined, 'GET', '/api/status', undefined)).data);
  });
});
