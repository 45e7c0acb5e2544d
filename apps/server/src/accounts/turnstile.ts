/**
 * Cloudflare Turnstile (reference §8.10): the server-side check of a widget token, and the signed
 * cookie that remembers a passed check for the rest of the browser session.
 *
 * new-api keeps `turnstile=true` in its session; a visitor who is not signed in has no session
 * here (the session cookie only exists once signed in), so the pass lives in a cookie of its own.
 * It is tied to the client address it was earned from and lasts at most a day.
 */
import { readSignedPayload, signPayload } from './signed-payload.js';

export const TURNSTILE_PASS_COOKIE_NAME = 'turnstile';
/** Longest a passed check is remembered, even in a browser that never closes. */
export const TURNSTILE_PASS_LIFETIME_SECONDS = 86_400;
/** Cloudflare answers quickly; a slow answer fails the check rather than holding the request. */
const SITEVERIFY_TIMEOUT_MS = 5_000;

/** What a siteverify call needs. */
export interface TurnstileVerification {
  /** The siteverify endpoint (Cloudflare's, or a test peer). */
  url: string;
  /** `TurnstileSecretKey`. */
  secret: string;
  /** The widget's token (`?turnstile=`). */
  token: string;
  /** The client's address, as the trusted proxies report it. */
  remoteIp: string;
}

/**
 * Asks siteverify whether the token is good. False for a refusal, and for an unreachable or
 * unreadable endpoint (`onError` hears why).
 */
export async function verifyTurnstileToken(
  verification: TurnstileVerification,
  onError?: (error: unknown) => void,
): Promise<boolean> {
  const form = new URLSearchParams({
    secret: verification.secret,
    response: verification.token,
    remoteip: verification.remoteIp,
  });
  try {
    const response = await fetch(verification.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    const body: unknown = await response.json();
    return (
      typeof body === 'object' &&
      body !== null &&
      (body as Record<string, unknown>).success === true
    );
  } catch (error) {
    onError?.(error);
    return false;
  }
}

/** The signed cookie value remembering a passed check from `remoteIp`. */
export function issueTurnstilePass(remoteIp: string, secret: string, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + TURNSTILE_PASS_LIFETIME_SECONDS;
  return signPayload({ purpose: 'turnstile', ip: remoteIp, exp }, secret);
}

/** Whether the cookie is an authentic, unexpired pass earned from `remoteIp`. */
export function hasTurnstilePass(
  cookie: string | undefined,
  remoteIp: string,
  secret: string,
  now = Date.now(),
): boolean {
  const payload = readSignedPayload(cookie, secret, now);
  return payload?.purpose === 'turnstile' && payload.ip === remoteIp;
}
