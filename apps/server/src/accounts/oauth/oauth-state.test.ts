import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limiter.js';
import {
  issueOAuthState,
  OAUTH_STATE_LIFETIME_SECONDS,
  readOAuthState,
  redeemOAuthState,
} from './oauth-state.js';

const SECRET = 'state-test-secret';

describe('OAuth state cookie', () => {
  it('remembers the state and the invite code until it expires', () => {
    const now = Date.UTC(2030, 0, 1);
    const { state, cookie } = issueOAuthState(' AbCd ', SECRET, now);
    expect(state).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(readOAuthState(cookie, SECRET, now)).toMatchObject({ state, aff: 'AbCd' });
    const later = now + OAUTH_STATE_LIFETIME_SECONDS * 1000;
    expect(readOAuthState(cookie, SECRET, later - 1000)).toBeDefined();
    expect(readOAuthState(cookie, SECRET, later)).toBeUndefined();
  });

  it('refuses a cookie signed with another secret or altered', () => {
    const { cookie } = issueOAuthState('', SECRET);
    expect(readOAuthState(cookie, 'another secret')).toBeUndefined();
    const [payload, signature] = cookie.split('.');
    const altered = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace(/"aff":""/, '"aff":"evil"'),
    ).toString('base64url');
    expect(readOAuthState(`${altered}.${signature}`, SECRET)).toBeUndefined();
    expect(readOAuthState(undefined, SECRET)).toBeUndefined();
  });

  it('drops an invite code longer than the column', () => {
    const { cookie } = issueOAuthState('x'.repeat(33), SECRET);
    expect(readOAuthState(cookie, SECRET)?.aff).toBe('');
  });

  it('is redeemed once, only with the same state', async () => {
    const limiter = createMemoryRateLimiter();
    try {
      const { state, cookie } = issueOAuthState('', SECRET);
      const options = { secret: SECRET, limiter };
      expect(await redeemOAuthState(cookie, '', options)).toBeUndefined();
      expect(await redeemOAuthState(cookie, `${state.slice(1)}x`, options)).toBeUndefined();
      expect(await redeemOAuthState(cookie, state, options)).toMatchObject({ state });
      expect(await redeemOAuthState(cookie, state, options)).toBeUndefined();
    } finally {
      limiter.close();
    }
  });

  it('stays used for its whole lifetime, not only for the time it had left when first redeemed', async () => {
    const issuedAt = Date.UTC(2030, 0, 1);
    let clock = issuedAt;
    const limiter = createMemoryRateLimiter(() => clock);
    try {
      const { state, cookie } = issueOAuthState('', SECRET, issuedAt);
      const redeemAt = async (at: number) => {
        clock = at;
        return redeemOAuthState(cookie, state, { secret: SECRET, limiter, now: at });
      };
      expect(await redeemAt(issuedAt + 1000)).toMatchObject({ state });
      // Past half its lifetime the time left is shorter than the time since the first use: a
      // marker that lasted only "the time left now" would have slid out of the window.
      const lifetime = OAUTH_STATE_LIFETIME_SECONDS * 1000;
      expect(await redeemAt(issuedAt + lifetime / 2 + 1000)).toBeUndefined();
      expect(await redeemAt(issuedAt + lifetime - 1000)).toBeUndefined();
    } finally {
      limiter.close();
    }
  });

  it('keeps the uses of different states apart', async () => {
    const limiter = createMemoryRateLimiter();
    try {
      const first = issueOAuthState('', SECRET);
      const second = issueOAuthState('', SECRET);
      const options = { secret: SECRET, limiter };
      expect(await redeemOAuthState(first.cookie, first.state, options)).toBeDefined();
      expect(await redeemOAuthState(second.cookie, second.state, options)).toBeDefined();
      expect(await redeemOAuthState(second.cookie, second.state, options)).toBeUndefined();
    } finally {
      limiter.close();
    }
  });

  it('judges expiry at the given time', async () => {
    const issuedAt = Date.UTC(2020, 0, 1);
    const limiter = createMemoryRateLimiter(() => issuedAt);
    try {
      const { state, cookie } = issueOAuthState('', SECRET, issuedAt);
      const options = { secret: SECRET, limiter, now: issuedAt + 1000 };
      expect(await redeemOAuthState(cookie, state, options)).toMatchObject({ state });
      const late = { secret: SECRET, limiter, now: issuedAt + OAUTH_STATE_LIFETIME_SECONDS * 1000 };
      expect(await redeemOAuthState(cookie, state, late)).toBeUndefined();
    } finally {
      limiter.close();
    }
  });
});
