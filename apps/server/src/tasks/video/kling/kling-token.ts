import { SignJWT } from 'jose';
import { RelayError } from '../../../errors/relay-error.js';

/** Kling's token lifetime (30 minutes), and how long before its end a fresh one is signed. */
const LIFETIME_SECONDS = 1800;
const RENEW_BEFORE_SECONDS = 300;
/** Kling accepts a token from 5 s before it was signed (clock skew). */
const NOT_BEFORE_SKEW_SECONDS = 5;
/** Tokens kept (one per channel key); the oldest is dropped past this. */
const MAX_CACHED = 256;

interface CachedToken {
  token: string;
  expiresAt: number;
}

const cache = new Map<string, CachedToken>();

/** The key's two halves: `AccessKey|SecretKey`. */
function keyParts(key: string): { accessKey: string; secretKey: string } {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw RelayError.badRequest(
      'invalid api_key, required format is accessKey|secretKey',
      'invalid_channel_key',
    );
  }
  return { accessKey: parts[0], secretKey: parts[1] };
}

/**
 * Kling's bearer token for a channel key `AccessKey|SecretKey` (reference §10.4): a JWT signed
 * HS256 with the secret key, `iss` the access key, `exp` 30 minutes ahead, `nbf` 5 s back. A token
 * is reused until 5 minutes before it expires, so calls do not sign one each.
 */
export async function klingToken(key: string, nowMs = Date.now()): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  const cached = cache.get(key);
  if (cached && cached.expiresAt - now > RENEW_BEFORE_SECONDS) return cached.token;
  const { accessKey, secretKey } = keyParts(key);
  const expiresAt = now + LIFETIME_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(accessKey)
    .setExpirationTime(expiresAt)
    .setNotBefore(now - NOT_BEFORE_SKEW_SECONDS)
    .sign(new TextEncoder().encode(secretKey));
  cache.delete(key);
  cache.set(key, { token, expiresAt });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return token;
}
