import { createHash, createHmac } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import {
  accessTokenLookupValues,
  accessTokenMatches,
  generateAccessToken,
  storedAccessToken,
} from './access-tokens.js';
import { verifyTelegramLogin } from './oauth/telegram-login.js';
import { issueOAuthState, readOAuthState } from './oauth/oauth-state.js';
import { decodeSession, encodeSession, SESSION_MAX_AGE_SECONDS } from './session-cookie.js';
import { readSignedPayload, signPayload } from './signed-payload.js';
import { issuePendingSignIn, readPendingSignIn } from './two-factor/pending-sign-in.js';

const SECRET = 'cookie-secret';
const NOW = Date.UTC(2030, 5, 1);
/** A cookie value signed like the real ones, carrying any JSON (or raw text). */
const signedJson = (value: unknown) =>
  sign(
    Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url'),
    SECRET,
  );

describe('session cookie', () => {
  const identity = { id: 7, username: 'ann', role: 1, status: 1, group: 'default' };

  it('lasts exactly 30 days', () => {
    const cookie = encodeSession(identity, SECRET, NOW);
    const end = NOW + SESSION_MAX_AGE_SECONDS * 1000;
    expect(decodeSession(cookie, SECRET, end)).toMatchObject({ ...identity, exp: end / 1000 });
    expect(decodeSession(cookie, SECRET, end + 1)).toBeUndefined();
  });

  it('refuses authentic payloads that are not sessions', () => {
    const exp = NOW / 1000 + 60;
    for (const field of ['id', 'username', 'role', 'status', 'group', 'exp'] as const) {
      const session: Record<string, unknown> = { ...identity, exp };
      session[field] = field === 'username' || field === 'group' ? 1 : 'x';
      expect(decodeSession(signedJson(session), SECRET, NOW), field).toBeUndefined();
    }
    expect(decodeSession(signedJson({ ...identity, exp }), SECRET, NOW)).toBeDefined();
    expect(decodeSession(signedJson(null), SECRET, NOW)).toBeUndefined();
    expect(decodeSession(signedJson(42), SECRET, NOW)).toBeUndefined();
    expect(decodeSession(signedJson('{not json'), SECRET, NOW)).toBeUndefined();
    expect(decodeSession(sign('', SECRET), SECRET, NOW)).toBeUndefined();
    expect(decodeSession('', SECRET, NOW)).toBeUndefined();
  });
});

describe('signed payloads', () => {
  it('carry an object until its exp', () => {
    const cookie = signPayload({ a: 1, exp: NOW / 1000 + 10 }, SECRET);
    expect(readSignedPayload(cookie, SECRET, NOW)).toEqual({ a: 1, exp: NOW / 1000 + 10 });
    expect(readSignedPayload(cookie, SECRET, NOW + 9_999)).toBeDefined();
    expect(readSignedPayload(cookie, SECRET, NOW + 10_000)).toBeUndefined();
    expect(readSignedPayload(cookie, 'other', NOW)).toBeUndefined();
  });

  it('refuse anything but an authentic object with a numeric exp', () => {
    const exp = NOW / 1000 + 10;
    for (const value of [null, [1, 2], 'text', 5, { exp: String(exp) }, { a: 1 }, '{broken']) {
      expect(
        readSignedPayload(signedJson(value), SECRET, NOW),
        JSON.stringify(value),
      ).toBeUndefined();
    }
    expect(readSignedPayload(undefined, SECRET, NOW)).toBeUndefined();
    expect(readSignedPayload('', SECRET, NOW)).toBeUndefined();
    expect(readSignedPayload(sign('', SECRET), SECRET, NOW)).toBeUndefined();
    expect(readSignedPayload('garbage', SECRET, NOW)).toBeUndefined();
  });
});

describe('pending sign-in', () => {
  it('is read back only for its purpose and with every field of the right type', () => {
    const { pending, cookie } = issuePendingSignIn(3, 2, SECRET, NOW);
    expect(readPendingSignIn(cookie, SECRET, NOW)).toEqual(pending);
    const exp = NOW / 1000 + 60;
    const good = { userId: 3, version: 2, nonce: 'n', exp, purpose: 'login_2fa' };
    expect(readPendingSignIn(signedJson(good), SECRET, NOW)).toEqual({
      userId: 3,
      version: 2,
      nonce: 'n',
      exp,
    });
    for (const [field, value] of [
      ['purpose', 'other'],
      ['userId', '3'],
      ['version', '2'],
      ['nonce', 5],
    ] as const) {
      expect(
        readPendingSignIn(signedJson({ ...good, [field]: value }), SECRET, NOW),
        field,
      ).toBeUndefined();
    }
    expect(readPendingSignIn(undefined, SECRET, NOW)).toBeUndefined();
  });
});

describe('OAuth state cookie', () => {
  it('refuses authentic payloads of the wrong shape', () => {
    const exp = NOW / 1000 + 60;
    const good = { state: 's', aff: '', exp };
    expect(readOAuthState(signedJson(good), SECRET, NOW)).toEqual(good);
    for (const [field, value] of [
      ['state', 1],
      ['aff', null],
      ['exp', String(exp)],
    ] as const) {
      expect(
        readOAuthState(signedJson({ ...good, [field]: value }), SECRET, NOW),
        field,
      ).toBeUndefined();
    }
    for (const value of [null, 'text', '{broken']) {
      expect(readOAuthState(signedJson(value), SECRET, NOW)).toBeUndefined();
    }
    expect(readOAuthState(sign('', SECRET), SECRET, NOW)).toBeUndefined();
    expect(readOAuthState(signedJson({ ...good, exp: NOW / 1000 }), SECRET, NOW)).toBeUndefined();
  });

  it('keeps an invite code of exactly the column width', () => {
    const { cookie } = issueOAuthState('x'.repeat(32), SECRET, NOW);
    expect(readOAuthState(cookie, SECRET, NOW)?.aff).toBe('x'.repeat(32));
    expect(readOAuthState(cookie, SECRET, NOW)?.exp).toBe(NOW / 1000 + 600);
  });
});

describe('access tokens', () => {
  it('are random, URL-safe, and stored only as a 32-character hash', () => {
    const token = generateAccessToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateAccessToken()).not.toBe(token);
    const stored = storedAccessToken(token);
    expect(stored).toHaveLength(32);
    expect(stored.startsWith('h:')).toBe(true);
    expect(stored.slice(2)).toBe(
      createHash('sha256').update(token).digest('base64url').slice(0, 30),
    );
  });

  it('are looked up by hash and as plain text, unless they cannot be a token', () => {
    const token = 'a'.repeat(16);
    expect(accessTokenLookupValues(token)).toEqual([storedAccessToken(token), token]);
    expect(accessTokenLookupValues('a'.repeat(64))).toBeDefined();
    for (const bad of [
      'a'.repeat(15),
      'a'.repeat(65),
      storedAccessToken(token),
      `${token}!`,
      ` ${token}`,
    ]) {
      expect(accessTokenLookupValues(bad), bad).toBeUndefined();
    }
  });

  it('match a stored hash or a plain token new-api stored, nothing else', () => {
    const token = generateAccessToken();
    expect(accessTokenMatches(storedAccessToken(token), token)).toBe(true);
    expect(accessTokenMatches(storedAccessToken(token), generateAccessToken())).toBe(false);
    expect(accessTokenMatches(token, token)).toBe(true);
    expect(accessTokenMatches(token, `${token.slice(1)}x`)).toBe(false);
    expect(accessTokenMatches(token, token.slice(1))).toBe(false);
    // A stored hash presented as a token does not match its own row.
    const stored = storedAccessToken(token);
    expect(accessTokenMatches(stored, stored)).toBe(false);
  });
});

describe('Telegram login', () => {
  const BOT = '123:bot-token';
  const nowSeconds = NOW / 1000;
  function answer(fields: Record<string, string>, bot = BOT): Record<string, string> {
    const check = Object.entries(fields)
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join('\n');
    const secret = createHash('sha256').update(bot).digest();
    return { ...fields, hash: createHmac('sha256', secret).update(check).digest('hex') };
  }
  const fresh = { id: '777', first_name: 'Ann', auth_date: String(nowSeconds - 10) };

  it('answers the id of an authentic, fresh answer', () => {
    expect(verifyTelegramLogin(answer(fresh), BOT, NOW)).toBe('777');
    const upper = answer(fresh);
    expect(verifyTelegramLogin({ ...upper, hash: upper.hash.toUpperCase() }, BOT, NOW)).toBe('777');
  });

  it('refuses another bot, a changed field, a bad hash and non-text values', () => {
    expect(verifyTelegramLogin(answer(fresh), '', NOW)).toBeUndefined();
    expect(verifyTelegramLogin(answer(fresh, 'other:bot'), BOT, NOW)).toBeUndefined();
    expect(verifyTelegramLogin({ ...answer(fresh), first_name: 'Eve' }, BOT, NOW)).toBeUndefined();
    expect(verifyTelegramLogin({ ...answer(fresh), hash: 'ab' }, BOT, NOW)).toBeUndefined();
    expect(
      verifyTelegramLogin({ ...answer(fresh), hash: 'g'.repeat(64) }, BOT, NOW),
    ).toBeUndefined();
    const { hash: _hash, ...unsigned } = answer(fresh);
    expect(verifyTelegramLogin(unsigned, BOT, NOW)).toBeUndefined();
    expect(
      verifyTelegramLogin({ ...answer(fresh), first_name: ['Ann', 'Eve'] }, BOT, NOW),
    ).toBeUndefined();
  });

  it('refuses an answer older than a day or more than a minute ahead', () => {
    const at = (authDate: number) =>
      verifyTelegramLogin(answer({ ...fresh, auth_date: String(authDate) }), BOT, NOW);
    expect(at(nowSeconds - 86_400)).toBe('777');
    expect(at(nowSeconds - 86_401)).toBeUndefined();
    expect(at(nowSeconds + 60)).toBe('777');
    expect(at(nowSeconds + 61)).toBeUndefined();
    expect(verifyTelegramLogin(answer({ ...fresh, auth_date: 'soon' }), BOT, NOW)).toBeUndefined();
    expect(verifyTelegramLogin(answer({ id: '777', first_name: 'Ann' }), BOT, NOW)).toBeUndefined();
  });

  it('refuses an id that is not a number', () => {
    expect(verifyTelegramLogin(answer({ ...fresh, id: 'abc' }), BOT, NOW)).toBeUndefined();
    expect(verifyTelegramLogin(answer({ ...fresh, id: '1'.repeat(21) }), BOT, NOW)).toBeUndefined();
    expect(
      verifyTelegramLogin(answer({ first_name: 'Ann', auth_date: fresh.auth_date }), BOT, NOW),
    ).toBeUndefined();
  });
});
