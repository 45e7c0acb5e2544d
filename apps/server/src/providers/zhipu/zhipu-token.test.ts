import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import {
  ZHIPU_TOKEN_LIFETIME_MS,
  ZHIPU_TOKEN_REFRESH_MARGIN_MS,
  ZhipuTokenCache,
  signZhipuToken,
} from './zhipu-token.js';

const KEY = 'key-id.key-secret';
const secret = new TextEncoder().encode('key-secret');

describe('Zhipu tokens', () => {
  it('signs HS256 with the secret, sign_type SIGN, api_key and millisecond times', async () => {
    const token = await signZhipuToken(KEY, 1_700_000_000_000, 1_700_003_600_000);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    // jose reads `exp` as seconds: a millisecond value is far in the future, so it verifies.
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    expect(payload).toEqual({
      api_key: 'key-id',
      exp: 1_700_003_600_000,
      timestamp: 1_700_000_000_000,
    });
    await expect(jwtVerify(token, new TextEncoder().encode('other'))).rejects.toThrow();
  });

  it('serves one token per key until shortly before it expires', async () => {
    let now = 1_700_000_000_000;
    const cache = new ZhipuTokenCache(() => now);
    const first = await cache.get(KEY);
    expect(await cache.get(KEY)).toBe(first);
    expect(await cache.get('other-id.other-secret')).not.toBe(first);
    now += ZHIPU_TOKEN_LIFETIME_MS - ZHIPU_TOKEN_REFRESH_MARGIN_MS - 1;
    expect(await cache.get(KEY)).toBe(first);
    now += 1;
    const second = await cache.get(KEY);
    expect(second).not.toBe(first);
    const { payload } = await jwtVerify(second, secret);
    expect(payload.timestamp).toBe(now);
    expect(payload.exp).toBe(now + ZHIPU_TOKEN_LIFETIME_MS);
  });

  it('refuses a key that is not id.secret as a rejected credential', async () => {
    const cache = new ZhipuTokenCache();
    for (const key of ['no-dot', 'a.b.c', '.secret', 'id.']) {
      const error = await cache.get(key).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RelayError);
      expect(error).toMatchObject({ status: 401, local: false, code: 'invalid_api_key' });
    }
  });
});
