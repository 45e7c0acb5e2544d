/**
 * Small JSON payloads carried by the browser in signed cookies (`<base64url json>.<HMAC>`, signed
 * as @fastify/cookie signs): any node sharing SESSION_SECRET can check them, none can be forged.
 * They are signed, not encrypted, so they must hold nothing secret.
 */
import { sign, unsign } from '@fastify/cookie';

/** Signs `payload` (a JSON object) into a cookie value. */
export function signPayload(payload: Record<string, unknown>, secret: string): string {
  return sign(Buffer.from(JSON.stringify(payload)).toString('base64url'), secret);
}

/**
 * The JSON value an authentic cookie value carries; undefined when the cookie is missing, its
 * signature does not verify or it holds no JSON. The caller checks the value's shape and expiry.
 */
export function openSignedCookie(cookie: string | undefined, secret: string): unknown {
  if (!cookie) return undefined;
  const { valid, value } = unsign(cookie, secret);
  if (!valid || !value) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The object an authentic cookie value carries, if it has not expired: the payload's `exp` field
 * (unix seconds) must be a number after `now`. Undefined for anything else.
 */
export function readSignedPayload(
  cookie: string | undefined,
  secret: string,
  now = Date.now(),
): Record<string, unknown> | undefined {
  const parsed = openSignedCookie(cookie, secret);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  if (typeof record.exp !== 'number' || record.exp * 1000 <= now) return undefined;
  return record;
}
