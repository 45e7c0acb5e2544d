import { RelayError } from '../../errors/relay-error.js';
import {
  AccessTokenCache,
  type AccessToken,
  type SharedTokenStore,
  type TokenFetcher,
} from '../access-token-cache.js';
import { readTokenEndpointAnswer } from '../token-endpoint-answer.js';

const BAIDU_TOKEN_ENDPOINT = { label: 'Baidu', refusesWithOk: true };

const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

/** A Baidu channel's credential: `APIKey|SecretKey`, and where its tokens are issued. */
export interface BaiduCredential {
  apiKey: string;
  secretKey: string;
  /** The OAuth server: the channel's base URL (https://aip.baidubce.com by default). */
  oauthBase: string;
}

/**
 * Reads a channel key `APIKey|SecretKey`. Another shape fails as a rejected credential (401, so
 * the channel can be disabled), never as a crash.
 */
export function parseBaiduKey(key: string, oauthBase: string): BaiduCredential {
  const parts = key.split('|');
  if (parts.length !== 2 || !parts[0]!.trim() || !parts[1]!.trim()) {
    throw RelayError.upstream(
      401,
      'the Baidu channel key must be "APIKey|SecretKey"',
      'authentication_error',
      'invalid_baidu_key',
    );
  }
  return { apiKey: parts[0]!.trim(), secretKey: parts[1]!.trim(), oauthBase };
}

/**
 * The client-credentials grant: `POST {oauth base}/oauth/2.0/token?grant_type=client_credentials
 * &client_id=<API key>&client_secret=<secret key>`. Baidu's tokens live 30 days.
 */
export async function fetchBaiduAccessToken(credential: BaiduCredential): Promise<AccessToken> {
  const query = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credential.apiKey,
    client_secret: credential.secretKey,
  });
  let response: Response;
  try {
    response = await fetch(`${credential.oauthBase}/oauth/2.0/token?${query.toString()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw RelayError.upstream(
      500,
      'Baidu token request failed',
      'new_api_error',
      'do_request_failed',
    );
  }
  // The key pair itself is refused with 400/401 (unknown or wrong secret), or with a 200 error.
  return readTokenEndpointAnswer(BAIDU_TOKEN_ENDPOINT, response.status, await response.text());
}

/** Baidu access tokens per channel key and OAuth server. */
export class BaiduTokenCache extends AccessTokenCache<BaiduCredential> {
  constructor(
    fetcher: TokenFetcher<BaiduCredential> = fetchBaiduAccessToken,
    shared?: SharedTokenStore,
  ) {
    super(fetcher, shared);
  }
}

/** The cache key of a credential: the key pair with the server that issues its tokens. */
export function baiduCacheKey(credential: BaiduCredential): string {
  return `${credential.oauthBase}\n${credential.apiKey}|${credential.secretKey}`;
}
