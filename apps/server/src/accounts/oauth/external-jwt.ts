/**
 * Verifies the token a `jwt_direct` provider issued: its signature with a key of the provider's
 * JWKS (`jwks_url`, fetched through the outbound guard and kept per process by `jose`) or with
 * its one PEM public key (`public_key`); `iss` and `aud` when the provider sets them; `exp`
 * (required) and `nbf` with a minute of clock tolerance. Only asymmetric algorithms are accepted:
 * an unsigned token (`none`) or one signed with a shared secret (HS*, which a public key must
 * never be used as) fails.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
} from 'jose';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import { AppError, failure } from '../../errors/app-error.js';
import { outboundFetch } from '../../lib/outbound-guard/outbound-fetch.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import { checkedAddress, INCOMPLETE } from './custom-provider-identity.js';
import { logged, PROVIDER_TIMEOUT_MS, type ProviderErrorLog } from './provider-http.js';

/** RSA, RSA-PSS, ECDSA and EdDSA: the algorithms a public key verifies. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** Seconds of clock difference forgiven on `exp` and `nbf`. */
const CLOCK_TOLERANCE_SECONDS = 60;

export const INVALID_TOKEN = 'JWT 校验失败';
export const EXPIRED_TOKEN = 'JWT 已过期';
const CLAIM_REFUSED = 'JWT 声明校验失败：';
const KEYS_UNREACHABLE = '无法获取 JWT 签名密钥，请稍后重试';
const KEYS_INTERNAL = 'JWT 签名密钥地址指向内部地址，已拒绝连接';
const BAD_PUBLIC_KEY = 'JWT 公钥不是有效的 PEM 公钥';

/** The provider's verified claims; refuses with a message the caller shows. */
export async function verifyExternalJwt(
  provider: CustomOAuthProviderRow,
  token: string,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
): Promise<Record<string, unknown>> {
  const options: JWTVerifyOptions = {
    algorithms: ASYMMETRIC_ALGORITHMS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp'],
    ...(provider.issuer ? { issuer: provider.issuer } : {}),
    ...(provider.audience ? { audience: provider.audience } : {}),
  };
  try {
    const { payload } = provider.jwks_url
      ? await jwtVerify(token, remoteKeys(provider.jwks_url, outbound), options)
      : await jwtVerify(token, publicKey(provider.public_key), options);
    return { ...payload };
  } catch (error) {
    throw refusal(error, log);
  }
}

/** Whether a PEM text is a public key (or a certificate or private key it can be read from). */
export function isPublicKeyPem(pem: string): boolean {
  try {
    createPublicKey(pem);
    return true;
  } catch {
    return false;
  }
}

function publicKey(pem: string | null): KeyObject {
  if (!pem) throw failure(INCOMPLETE);
  try {
    return createPublicKey(pem);
  } catch {
    throw failure(BAD_PUBLIC_KEY);
  }
}

/**
 * One key set per address and guard, so its keys stay cached between sign-ins (`jose` fetches
 * again after ten minutes, or for an unknown key id at most every thirty seconds).
 */
const keySets = new WeakMap<OutboundGuard, Map<string, JWTVerifyGetKey>>();
/** Addresses kept per guard; the oldest is dropped past it (root may change addresses). */
const KEY_SETS_KEPT = 32;

function remoteKeys(address: string, outbound: OutboundGuard): JWTVerifyGetKey {
  const url = checkedAddress(address);
  let sets = keySets.get(outbound);
  if (!sets) keySets.set(outbound, (sets = new Map()));
  const known = sets.get(url);
  if (known) return known;
  const fetch = outboundFetch(outbound);
  const set = createRemoteJWKSet(new URL(url), {
    timeoutDuration: PROVIDER_TIMEOUT_MS,
    // jose hands a Headers object; the guard takes a plain one.
    [customFetch]: (target: string, init: RequestInit) =>
      fetch(target, {
        method: init.method,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        signal: init.signal ?? undefined,
      }),
  });
  if (sets.size >= KEY_SETS_KEPT) sets.delete(sets.keys().next().value!);
  sets.set(url, set);
  return set;
}

function refusal(error: unknown, log?: ProviderErrorLog): Error {
  if (error instanceof errors.JWTExpired) return failure(EXPIRED_TOKEN);
  if (error instanceof errors.JWTClaimValidationFailed) {
    return failure(`${CLAIM_REFUSED}${error.claim}`);
  }
  if (findOutboundRefusal(error)) return logged(log, error, KEYS_INTERNAL);
  if (
    error instanceof errors.JWKSTimeout ||
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof errors.JOSEError && error.code === errors.JOSEError.code)
  ) {
    // The key set could not be fetched (network, status, not JSON).
    return logged(log, error, KEYS_UNREACHABLE);
  }
  if (error instanceof AppError) return error;
  // A bad signature, an algorithm not allowed, an unknown key id, a malformed token.
  return failure(INVALID_TOKEN);
}
