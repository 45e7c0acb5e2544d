import { SignJWT } from 'jose';
import { RelayError } from '../../errors/relay-error.js';

/** How long a signed token is valid. */
export const ZHIPU_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** A cached token is replaced this long before it expires, so no call carries a dying one. */
export const ZHIPU_TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** Cached tokens kept at most (one per key; a deployment has a handful of Zhipu keys). */
const CACHE_LIMIT = 1000;

interface CachedToken {
  token: Promise<string>;
  expiresAt: number;
}

/**
 * Zhipu's API keys are `id.secret`; each call carries a JWT made from it locally (reference §3.6
 * "zhipu"): HS256 signed with the secret, payload `api_key` = id with `exp` and `timestamp` in
 * milliseconds (Zhipu's own convention, not JWT seconds), protected header `sign_type: SIGN`.
 * Tokens are cached per key until shortly before they expire; nothing leaves the process.
 */
export class ZhipuTokenCache {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The token for `apiKey`; rejects with an upstream 401 for a key that is not `id.secret`. */
  get(apiKey: string): Promise<string> {
    const now = this.now();
    const cached = this.tokens.get(apiKey);
    if (cached && cached.expiresAt - ZHIPU_TOKEN_REFRESH_MARGIN_MS > now) return cached.token;
    const expiresAt = now + ZHIPU_TOKEN_LIFETIME_MS;
    const token = signZhipuToken(apiKey, now, expiresAt);
    if (this.tokens.size >= CACHE_LIMIT) this.tokens.clear();
    this.tokens.set(apiKey, { token, expiresAt });
    // A key that cannot be signed is not cached: the operator may fix the channel.
    token.catch(() => this.tokens.delete(apiKey));
    return token;
  }
}

/** Signs one token valid from `issuedAt` to `expiresAt` (epoch ms). */
export async function signZhipuToken(
  apiKey: string,
  issuedAt: number,
  expiresAt: number,
): Promise<string> {
  const { id, secret } = splitZhipuKey(apiKey);
  return new SignJWT({ api_key: id, exp: expiresAt, timestamp: issuedAt })
    .setProtectedHeader({ alg: 'HS256', sign_type: 'SIGN' })
    .sign(new TextEncoder().encode(secret));
}

/** `id.secret` split at its only dot; an upstream 401 (credential rejected) otherwise. */
export function splitZhipuKey(apiKey: string): { id: string; secret: string } {
  const parts = apiKey.trim().split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw RelayError.upstream(
      401,
      'invalid Zhipu API key: expected the form id.secret',
      'authentication_error',
      'invalid_api_key',
    );
  }
  return { id: parts[0], secret: parts[1] };
}
