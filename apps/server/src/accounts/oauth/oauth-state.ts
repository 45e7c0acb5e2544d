/**
 * The OAuth `state` of a sign-in or binding round trip (reference §8.5): issued by
 * `GET /api/oauth/state`, sent to the provider, and checked when the browser comes back.
 *
 * It lives in its own signed cookie, not in the session cookie: a visitor who is not signed in has
 * no session, and the pending state must not make one. The cookie carries the state, the invite
 * code to honour at sign-up, and an expiry a few minutes away. A state is good for one callback:
 * the first check takes a marker in the shared limiter (Redis, the cluster primary or memory)
 * that lasts as long as the state's whole lifetime, so a replay of the same cookie and state fails on every
 * node — new-api keeps the state in the session and accepts it again and again.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { openSignedCookie, signPayload } from '../signed-payload.js';
import { OAUTH_AFF_MAX_LENGTH } from '@tollgate/contracts';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomAlphanumeric } from '../../lib/random.js';

export const OAUTH_STATE_COOKIE_NAME = 'oauth_state';
/** Only the OAuth routes receive the state cookie. */
export const OAUTH_STATE_COOKIE_PATH = '/api/oauth';
/** How long a state waits for the provider to send the browser back. */
export const OAUTH_STATE_LIFETIME_SECONDS = 600;
/** new-api's state length (12 random alphanumerics, about 71 bits). */
const STATE_LENGTH = 12;
/** Limiter key prefix of used states. */
const USED_STATE_PREFIX = 'OS';

/** What the state cookie holds. */
export interface PendingOAuth {
  state: string;
  /** Invite code given to `GET /api/oauth/state?aff=`, '' when none. */
  aff: string;
  /** Expiry, unix seconds. */
  exp: number;
}

/** A new state and the signed cookie value that remembers it. */
export function issueOAuthState(
  aff: string,
  secret: string,
  now = Date.now(),
): { state: string; cookie: string } {
  const state = randomAlphanumeric(STATE_LENGTH);
  const code = aff.trim();
  const pending: PendingOAuth & { nonce: string } = {
    state,
    aff: code.length <= OAUTH_AFF_MAX_LENGTH ? code : '',
    exp: Math.floor(now / 1000) + OAUTH_STATE_LIFETIME_SECONDS,
    // Two states issued in the same second still sign differently.
    nonce: randomBytes(6).toString('base64url'),
  };
  return { state, cookie: signPayload({ ...pending }, secret) };
}

/** The pending state in an authentic, unexpired cookie, else undefined. */
export function readOAuthState(
  cookie: string | undefined,
  secret: string,
  now = Date.now(),
): PendingOAuth | undefined {
  const parsed = openSignedCookie(cookie, secret);
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { state, aff, exp } = parsed as Record<string, unknown>;
  if (typeof state !== 'string' || typeof aff !== 'string' || typeof exp !== 'number') {
    return undefined;
  }
  if (exp * 1000 <= now) return undefined;
  return { state, aff, exp };
}

/**
 * Checks `presented` against the cookie's state and uses the state up: the pending sign-in when
 * the state is authentic, unexpired, equal and never used before; undefined otherwise.
 */
export async function redeemOAuthState(
  cookie: string | undefined,
  presented: string,
  options: { secret: string; limiter: RateLimiter; now?: number },
): Promise<PendingOAuth | undefined> {
  const now = options.now ?? Date.now();
  const pending = readOAuthState(cookie, options.secret, now);
  if (!pending || presented === '' || !sameText(pending.state, presented)) return undefined;
  // The limiter's window slides: a replay at time t looks back `window` seconds from t. The
  // marker of a first use must still be inside that window at every later check until the state
  // expires, so the window is the state's whole lifetime (a first use is never older than that).
  // A window of the time left at the check would let a replay through once the state is past half
  // its lifetime, when the time left is shorter than the time since the first use.
  const first = await options.limiter.allow(
    USED_STATE_PREFIX + pending.state,
    1,
    OAUTH_STATE_LIFETIME_SECONDS,
  );
  return first ? pending : undefined;
}

function sameText(expected: string, presented: string): boolean {
  const left = Buffer.from(expected);
  const right = Buffer.from(presented);
  return left.length === right.length && timingSafeEqual(left, right);
}
