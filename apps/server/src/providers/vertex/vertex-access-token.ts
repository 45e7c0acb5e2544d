import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { RelayError } from '../../errors/relay-error.js';
import type { VertexServiceAccount } from './vertex-service-account.js';
import {
  AccessTokenCache,
  type AccessToken,
  type SharedTokenStore,
  type TokenFetcher,
} from '../access-token-cache.js';

export {
  REFRESH_MARGIN_MS,
  type AccessToken,
  type SharedTokenStore,
} from '../access-token-cache.js';

const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});
const tokenErrorSchema = z.looseObject({
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** The Vertex AI token cache: the provider-neutral one with Vertex's exchange. */
export class VertexTokenCache extends AccessTokenCache<VertexServiceAccount> {
  constructor(
    fetcher: TokenFetcher<VertexServiceAccount> = fetchAccessToken,
    shared?: SharedTokenStore,
  ) {
    super(fetcher, shared);
  }
}

/**
 * Signs the JWT assertion (RS256 with the account's private key; issuer the account, audience
 * the token URL, one hour) and exchanges it at the account's token URL.
 */
export async function fetchAccessToken(account: VertexServiceAccount): Promise<AccessToken> {
  let assertion: string;
  try {
    const key = await importPKCS8(account.privateKey, 'RS256');
    assertion = await new SignJWT({ scope: CLOUD_PLATFORM_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(account.privateKeyId ? { kid: account.privateKeyId } : {}),
      })
      .setIssuer(account.clientEmail)
      .setSubject(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  } catch {
    throw RelayError.upstream(
      401,
      'the Vertex AI service-account private key cannot sign (not a PKCS#8 RSA key)',
      'authentication_error',
      'invalid_vertex_key',
    );
  }
  let response: Response;
  try {
    response = await fetch(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw RelayError.upstream(
      500,
      'Vertex AI token request failed',
      'new_api_error',
      'do_request_failed',
    );
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = tokenErrorSchema.safeParse(json);
    const reason = error.success ? (error.data.error_description ?? error.data.error) : undefined;
    // 400/401 from the token endpoint: the key itself is refused (revoked, deleted, wrong key).
    const status = response.status === 400 || response.status === 401 ? 401 : response.status;
    throw RelayError.upstream(
      status,
      `Vertex AI token request refused: ${reason ?? `status ${response.status}`}`,
      status === 401 ? 'authentication_error' : 'upstream_error',
      error.success ? (error.data.error ?? '') : '',
    );
  }
  const answer = tokenAnswerSchema.safeParse(json);
  if (!answer.success) {
    throw RelayError.upstream(
      500,
      'Vertex AI token endpoint answered without a token',
      'upstream_error',
      'bad_token_answer',
    );
  }
  return { token: answer.data.access_token, expiresAt: Date.now() + answer.data.expires_in * 1000 };
}
