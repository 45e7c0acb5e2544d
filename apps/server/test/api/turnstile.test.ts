import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTurnstile, type FakeTurnstile } from '../support/fake-turnstile.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

const SECRET = 'turnstile-secret-key';
const PASSWORD = 'password123';

/** The `turnstile` cookie a response set, as a `name=value` pair. */
function passCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.find((cookie) => cookie.startsWith('turnstile='))?.split(';')[0];
}

/**
 * Turnstile (reference §8.10): with the check on, registration and sign-in need `?turnstile=`
 * verified by siteverify with the secret key and the client's address; a passed check is
 * remembered for the browser session, so it runs once.
 */
describe('Turnstile check', () => {
  let harness: TestApp;
  let turnstile: FakeTurnstile;
  let root: Session;
  let sequence = 0;

  beforeAll(async () => {
    turnstile = await startFakeTurnstile(SECRET);
    harness = await createTestApp('sqlite', {
      TURNSTILE_SITEVERIFY_URL: turnstile.url,
      TRUSTED_PROXIES: '127.0.0.1',
    });
    root = await harness.setupRoot();
    for (const [key, value] of [
      ['TurnstileSiteKey', 'site-key'],
      ['TurnstileSecretKey', SECRET],
      ['TurnstileCheckEnabled', 'true'],
    ]) {
      const saved = await harness.call(root, 'PUT', '/api/option/', { key, value });
      expect(saved.json()).toMatchObject({ success: true });
    }
  });
  afterAll(async () => {
    await harness?.close();
    await turnstile?.close();
  });

  /** `POST /api/user/register` from `ip` (behind the trusted proxy), with a token and cookies. */
  function register(options: { token?: string; cookie?: string; ip?: string } = {}) {
    const username = `visitor${(sequence += 1)}`;
    const query =
      options.token === undefined ? '' : `?turnstile=${encodeURIComponent(options.token)}`;
    return harness.app.inject({
      method: 'POST',
      url: `/api/user/register${query}`,
      headers: {
        'x-forwarded-for': options.ip ?? '198.51.100.9',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      payload: { username, password: PASSWORD, password2: PASSWORD },
    });
  }

  it('refuses a missing token without calling siteverify', async () => {
    const before = turnstile.calls.length;
    expect((await register()).json()).toEqual({ success: false, message: 'Turnstile token 为空' });
    expect((await register({ token: '' })).json()).toMatchObject({
      message: 'Turnstile token 为空',
    });
    expect(turnstile.calls.length).toBe(before);
  });

  it('refuses a token siteverify rejects, and an unreadable siteverify answer', async () => {
    const refused = await register({ token: 'forged-token' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ success: false, message: 'Turnstile 校验失败，请刷新重试！' });
    expect(passCookie(refused)).toBeUndefined();
    // The secret key and the client's address (from the trusted proxy) were sent.
    expect(turnstile.calls.at(-1)).toEqual({
      secret: SECRET,
      response: 'forged-token',
      remoteip: '198.51.100.9',
    });
    expect((await register({ token: 'broken' })).json()).toMatchObject({ success: false });
  });

  it('accepts a good token once, then remembers the pass without verifying again', async () => {
    const token = turnstile.issueToken();
    const accepted = await register({ token });
    expect(accepted.json()).toEqual({ success: true, message: '' });
    const cookie = passCookie(accepted);
    expect(cookie).toBeDefined();

    // The same token again, without the pass: siteverify says it was used.
    expect((await register({ token })).json()).toMatchObject({ success: false });

    const calls = turnstile.calls.length;
    expect((await register({ cookie })).json()).toEqual({ success: true, message: '' });
    expect((await register({ cookie, token: 'ignored' })).json()).toMatchObject({ success: true });
    expect(turnstile.calls.length).toBe(calls);

    // The pass belongs to the address that earned it.
    expect((await register({ cookie, ip: '203.0.113.50' })).json()).toMatchObject({
      success: false,
      message: 'Turnstile token 为空',
    });
  });

  it('guards sign-in too', async () => {
    const login = (query: string, cookie?: string) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/user/login${query}`,
        headers: { 'x-forwarded-for': '198.51.100.10', ...(cookie ? { cookie } : {}) },
        payload: { username: 'root', password: 'rootpassword1' },
      });
    expect((await login('')).json()).toMatchObject({ message: 'Turnstile token 为空' });
    const signedIn = await login(`?turnstile=${turnstile.issueToken()}`);
    expect(signedIn.json()).toMatchObject({ success: true, data: { username: 'root' } });
    expect((await login('', passCookie(signedIn))).json()).toMatchObject({ success: true });
  });

  it('asks for nothing once the check is off', async () => {
    await harness.call(root, 'PUT', '/api/option/', {
      key: 'TurnstileCheckEnabled',
      value: 'false',
    });
    const calls = turnstile.calls.length;
    expect((await register()).json()).toEqual({ success: true, message: '' });
    expect(turnstile.calls.length).toBe(calls);
  });
});
