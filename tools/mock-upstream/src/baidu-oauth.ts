import { sendJson, type RouteContext } from './route-context.js';

/** Baidu's OAuth server: client-credentials tokens for one known key pair. */

/** The API key (client id) and secret key the mock's OAuth server knows. */
export const MOCK_BAIDU_API_KEY = 'mock-baidu-api-key';
export const MOCK_BAIDU_SECRET_KEY = 'mock-baidu-secret-key';
/** Lifetime of issued tokens (s): Baidu's 30 days. */
export const BAIDU_TOKEN_LIFETIME = 2_592_000;

/** The tokens the mock's OAuth server issued, and how many times it was asked. */
export class BaiduAuthority {
  private readonly tokens = new Map<string, number>();
  private issued = 0;
  /** Token requests received (granted or not). */
  tokenRequests = 0;

  /** Issues a token for a known key pair; why not otherwise. */
  grant(clientId: string, clientSecret: string): { token: string } | { error: string } {
    this.tokenRequests += 1;
    if (clientId !== MOCK_BAIDU_API_KEY) return { error: 'unknown client id' };
    if (clientSecret !== MOCK_BAIDU_SECRET_KEY) return { error: 'Client authentication failed' };
    this.issued += 1;
    const token = `24.mock-baidu-${this.issued}.${BAIDU_TOKEN_LIFETIME}`;
    this.tokens.set(token, Date.now() + BAIDU_TOKEN_LIFETIME * 1000);
    return { token };
  }

  /** 0 for a live token, else ERNIE's error code: 110 unknown (or revoked), 111 expired. */
  check(token: string | undefined): 0 | 110 | 111 {
    const expiresAt = token === undefined ? undefined : this.tokens.get(token);
    if (expiresAt === undefined) return 110;
    return expiresAt > Date.now() ? 0 : 111;
  }

  /** Revokes every issued token (calls with them then fail with 110). */
  revokeAll(): void {
    this.tokens.clear();
  }

  reset(): void {
    this.tokens.clear();
    this.issued = 0;
    this.tokenRequests = 0;
  }
}

/** `POST /oauth/2.0/token?grant_type=client_credentials&client_id=…&client_secret=…` */
export function handleToken(context: RouteContext): void {
  const { query } = context;
  if (query.grant_type !== 'client_credentials') {
    sendJson(context, 400, {
      error: 'unsupported_grant_type',
      error_description: 'The authorization grant type is not supported',
    });
    return;
  }
  const result = context.baidu.grant(query.client_id ?? '', query.client_secret ?? '');
  if ('error' in result) {
    sendJson(context, 401, { error: 'invalid_client', error_description: result.error });
    return;
  }
  sendJson(context, 200, {
    refresh_token: `25.mock-refresh.${context.requestId}`,
    expires_in: BAIDU_TOKEN_LIFETIME,
    session_key: 'mock-session-key',
    access_token: result.token,
    scope: 'public brain_all_scope wenxinworkshop_mgr',
    session_secret: 'mock-session-secret',
  });
}
