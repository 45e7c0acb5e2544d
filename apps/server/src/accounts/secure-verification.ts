/**
 * Secure verification (new-api's "universal secure verification"): before a sensitive read (a
 * channel's key), the signed-in user proves again who they are — a 2FA code, a passkey or, in
 * Tollgate, their password (secure-verify-methods.ts) — and the proof holds for this browser
 * session for SECURE_VERIFICATION_SECONDS.
 *
 * Sessions are stateless signed cookies, so the proof is carried in the session itself (`sv`, the
 * time it passed, and `svm`, the method) and the cookie is re-issued when it changes. Signed, so
 * it cannot be forged; a sign-out or password change ends the session and the proof with it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  decodeSession,
  SESSION_COOKIE_ATTRIBUTES,
  SESSION_COOKIE_NAME,
  type SessionData,
} from './session-cookie.js';
import { signPayload } from './signed-payload.js';

/** How long a passed verification is good for (new-api: 5 minutes). */
export const SECURE_VERIFICATION_SECONDS = 300;
/** A verification time this far ahead of the clock is not believed (nodes' clocks differ a little). */
const CLOCK_SKEW_SECONDS = 60;

export type SecureVerificationCode =
  | 'VERIFICATION_REQUIRED'
  | 'VERIFICATION_INVALID'
  | 'VERIFICATION_EXPIRED';

/** The 403 body of a route that needs a verification (new-api's shape). */
export interface SecureVerificationRefusal {
  success: false;
  message: string;
  code: SecureVerificationCode;
}

export const VERIFICATION_MESSAGES: Readonly<Record<SecureVerificationCode, string>> = {
  VERIFICATION_REQUIRED: '需要安全验证',
  VERIFICATION_INVALID: '安全验证状态无效，请重新验证',
  VERIFICATION_EXPIRED: '安全验证已过期，请重新验证',
};

const nowSeconds = (now: number) => Math.floor(now / 1000);

/**
 * Re-issues the session cookie with `session`'s fields, keeping its expiry (a verification does
 * not lengthen the session), with the attributes of every session cookie.
 */
export function reissueSession(
  reply: FastifyReply,
  session: SessionData,
  sessionSecret: string,
  now = Date.now(),
): void {
  reply.setCookie(SESSION_COOKIE_NAME, signPayload({ ...session }, sessionSecret), {
    ...SESSION_COOKIE_ATTRIBUTES,
    maxAge: Math.max(0, session.exp - nowSeconds(now)),
  });
}

/**
 * Records that `method` verified the user now: writes `sv`/`svm` into the session (any other
 * change the method made to `session` is kept) and re-issues the cookie. Returns when the
 * verification expires (unix seconds). Used by `POST /api/verify`.
 */
export function markSecureVerified(
  reply: FastifyReply,
  session: SessionData,
  method: string,
  sessionSecret: string,
  now = Date.now(),
): number {
  const verifiedAt = nowSeconds(now);
  reissueSession(reply, { ...session, sv: verifiedAt, svm: method }, sessionSecret, now);
  return verifiedAt + SECURE_VERIFICATION_SECONDS;
}

/** Why a session's verification does not hold, or undefined when it does. */
export function verificationProblem(
  session: SessionData | undefined,
  now = Date.now(),
): SecureVerificationCode | undefined {
  if (session?.sv === undefined && session?.svm === undefined) return 'VERIFICATION_REQUIRED';
  const { sv, svm } = session;
  if (typeof sv !== 'number' || !Number.isFinite(sv) || typeof svm !== 'string' || svm === '') {
    return 'VERIFICATION_INVALID';
  }
  const current = nowSeconds(now);
  if (sv > current + CLOCK_SKEW_SECONDS) return 'VERIFICATION_INVALID';
  if (current - sv > SECURE_VERIFICATION_SECONDS) return 'VERIFICATION_EXPIRED';
  return undefined;
}

export interface SecureVerificationOptions {
  sessionSecret: string;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * A preHandler for routes that need a recent verification; it runs after the route's role guard.
 * No user → 401; otherwise a missing, malformed or stale verification → 403
 * `{success:false, message, code}` (an expired one is also cleared from the session, as new-api).
 * A caller signed in with an access token has no session and so is always asked to verify.
 */
export function requireSecureVerification(options: SecureVerificationOptions) {
  const clock = options.now ?? Date.now;
  return async function secureVerificationGuard(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (!(request as { user?: unknown }).user) {
      return reply
        .status(401)
        .send({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
    }
    const now = clock();
    const session = decodeSession(request.cookies[SESSION_COOKIE_NAME], options.sessionSecret, now);
    const problem = verificationProblem(session, now);
    if (problem === undefined) return;
    if (session && problem !== 'VERIFICATION_REQUIRED') {
      const { sv: _verifiedAt, svm: _method, ...cleared } = session;
      reissueSession(reply, cleared, options.sessionSecret, now);
    }
    const refusal: SecureVerificationRefusal = {
      success: false,
      message: VERIFICATION_MESSAGES[problem],
      code: problem,
    };
    return reply.status(403).send(refusal);
  };
}
