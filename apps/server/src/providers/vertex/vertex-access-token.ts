import { createHash } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { RelayError } from '../../errors/relay-error.js';
import type { VertexServiceAccount } from './vertex-service-account.js';

const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** A token is replaced this long before it expires, so no call goes out with a dying one. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
});
const tokenErrorSchema = z.looseObject({
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** An access token and when it expires (epoch ms). */
export interface AccessToken {
  token: string;
  expiresAt: number;
}

/**
 * Where the access tokens of one node's processes meet (Redis when configured), so each key is
 * exchanged once per node rather than once per process. Failures of the store are ignored: the
 * in-process cache still works.
 */
export interface SharedTokenStore {
  get(key: string): Promise<AccessToken | undefined>;
  set(key: string, token: AccessToken): Promise<void>;
}

/** Exchanges a service account's signed JWT for an access token. */
export type TokenFetcher = (account: VertexServiceAccount) => Promise<AccessToken>;

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

/**
 * Access tokens per channel key, in memory (and in a node-wide store when one is given): a token
 * is reused until REFRESH_MARGIN_MS before it expires; the refresh is single-flight, so the calls
 * that arrive while it runs all wait for that one exchange.
 */
export class AccessTokenCache {
  private readonly tokens = new Map<string, AccessToken>();
  private readonly refreshing = new Map<string, Promise<AccessToken>>();

  constructor(
    private readonly fetcher: TokenFetcher = fetchAccessToken,
    private readonly shared?: SharedTokenStore,
  ) {}

  /** A valid access token for `account` (read from `channelKey`'s cache entry). */
  async get(channelKey: string, account: VertexServiceAccount): Promise<string> {
    const cacheKey = createHash('sha256').update(channelKey).digest('hex');
    const cached = this.tokens.get(cacheKey);
    if (cached && fresh(cached)) return cached.token;
    let pending = this.refreshing.get(cacheKey);
    if (!pending) {
      pending = this.refresh(cacheKey, account);
      this.refreshing.set(cacheKey, pending);
      // Cleared whether it succeeds or not, so a failure is retried by the next call.
      const clear = () => this.refreshing.delete(cacheKey);
      pending.then(clear, clear);
    }
    return (await pending).token;
  }

  private async refresh(cacheKey: string, account: VertexServiceAccount): Promise<AccessToken> {
    const fromStore = await this.shared?.get(cacheKey).catch(() => undefined);
    if (fromStore && fresh(fromStore)) {
      this.tokens.set(cacheKey, fromStore);
      return fromStore;
    }
    const token = await this.fetcher(account);
    this.tokens.set(cacheKey, token);
    await this.shared?.set(cacheKey, token).catch(() => undefined);
    return token;
  }
}

function fresh(token: AccessToken): boolean {
  return token.expiresAt - Date.now() > REFRESH_MARGIN_MS;
}
