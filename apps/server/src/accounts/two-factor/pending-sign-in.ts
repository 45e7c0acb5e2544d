/**
 * A password sign-in waiting for its second factor. `POST /api/user/login` with the right
 * password of a user with two-factor authentication gives the browser this signed cookie instead
 * of a session; `POST /api/user/login/2fa` with a valid code turns it into a session.
 *
 * The cookie names the user and the session version the password was checked against (a password
 * change or sign-out everywhere voids it), lives a few minutes, and carries a random id under
 * which the attempts are counted in the shared limiter, so every node enforces one budget.
 */
import { randomBytes } from 'node:crypto';
import { readSignedPayload, signPayload } from '../signed-payload.js';

export const PENDING_SIGN_IN_COOKIE_NAME = 'login_2fa';
/** Sent only to `/api/user/login` and `/api/user/login/2fa`. */
export const PENDING_SIGN_IN_COOKIE_PATH = '/api/user/login';
/** How long the code may take to arrive. */
export const PENDING_SIGN_IN_LIFETIME_SECONDS = 300;
/** Codes tried per pending sign-in; then the password must be given again. */
export const PENDING_SIGN_IN_MAX_ATTEMPTS = 5;

/** What the cookie holds. */
export interface PendingSignIn {
  userId: number;
  /** The user's `session_version` when the password was checked. */
  version: number;
  /** Random id: the key of the attempt counter, and what makes the cookie single use. */
  nonce: string;
  /** Expiry, unix seconds. */
  exp: number;
}

/** A new pending sign-in and its signed cookie value. */
export function issuePendingSignIn(
  userId: number,
  version: number,
  secret: string,
  now = Date.now(),
): { pending: PendingSignIn; cookie: string } {
  const pending: PendingSignIn = {
    userId,
    version,
    nonce: randomBytes(12).toString('base64url'),
    exp: Math.floor(now / 1000) + PENDING_SIGN_IN_LIFETIME_SECONDS,
  };
  return { pending, cookie: signPayload({ ...pending, purpose: 'login_2fa' }, secret) };
}

/** The pending sign-in of an authentic, unexpired cookie, else undefined. */
export function readPendingSignIn(
  cookie: string | undefined,
  secret: string,
  now = Date.now(),
): PendingSignIn | undefined {
  const payload = readSignedPayload(cookie, secret, now);
  if (!payload || payload.purpose !== 'login_2fa') return undefined;
  const { userId, version, nonce, exp } = payload;
  if (typeof userId !== 'number' || typeof version !== 'number') return undefined;
  if (typeof nonce !== 'string' || typeof exp !== 'number') return undefined;
  return { userId, version, nonce, exp };
}
