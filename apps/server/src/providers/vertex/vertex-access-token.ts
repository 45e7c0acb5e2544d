import { importPKCS8, SignJWT } from 'jose';
import { RelayError } from '../../errors/relay-error.js';
import { readOutboundBody } from '../../lib/outbound-guard/outbound-body.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import { readTokenEndpointAnswer } from '../token-endpoint-answer.js';
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
/** A token answer is a few hundred bytes. */
const TOKEN_ANSWER_LIMIT = 64 * 1024;

/** The Vertex AI token cache: the provider-neutral one with Vertex's exchange. */
export class VertexTokenCache extends AccessTokenCache<VertexServiceAccount> {
  constructor(fetcher: TokenFetcher<VertexServiceAccount>, shared?: SharedTokenStore) {
    super(fetcher, shared);
  }
}

/**
 * Signs the JWT assertion (RS256 with the account's private key; issuer the account, audience
 * the token URL, one hour) and exchanges it at the account's token URL. The token URL comes from
 * the channel's key, not its base URL, so it goes through the outbound guard: an internal address
 * is refused as a bad key (401).
 */
export async function fetchAccessToken(
  account: VertexServiceAccount,
  outbound: OutboundGuard,
): Promise<AccessToken> {
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
  let status: number;
  let text: string;
  try {
    const response = await outbound.request(account.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
      timeoutMs: TOKEN_REQUEST_TIMEOUT_MS,
    });
    status = response.status;
    text = (await readOutboundBody(response.body, TOKEN_ANSWER_LIMIT)).toString('utf8');
  } catch (error) {
    const refusal = findOutboundRefusal(error);
    if (refusal) {
      throw RelayError.upstream(
        401,
        `the Vertex AI service account's token_uri is refused: ${refusal.message}`,
        'authentication_error',
        'invalid_vertex_key',
      );
    }
    throw RelayError.upstream(
      500,
      'Vertex AI token request failed',
      'new_api_error',
      'do_request_failed',
    );
  }
  // 400/401 from the token endpoint: the key itself is refused (revoked, deleted, wrong key).
  return readTokenEndpointAnswer({ label: 'Vertex AI' }, status, text);
}
