/**
 * Sign-in through a custom OAuth 2 / OIDC provider (root-managed, `custom_oauth_providers`): the
 * code becomes tokens at the provider's token endpoint, and the user info is read
 *
 * - with a discovery document (`well_known`): through `openid-client`, which checks the ID token
 *   (issuer, audience, times); its claims are the user info, completed by the UserInfo endpoint
 *   when one is configured (the UserInfo subject must match the ID token's);
 * - without one: from `user_info_endpoint` with the access token (plain OAuth 2).
 *
 * The client authenticates as `auth_style` says: 1 form parameters, 2 HTTP Basic, 0 (auto) Basic
 * first and the form when the provider refuses Basic — or, with discovery, what the document
 * advertises. Every request goes through the outbound guard; plain http only on loopback.
 */
import * as client from 'openid-client';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import { failure } from '../../errors/app-error.js';
import { outboundFetch } from '../../lib/outbound-guard/outbound-fetch.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import { OAUTH_AUTH_STYLES } from '@tollgate/contracts';
import {
  callProvider,
  logged,
  PROVIDER_TIMEOUT_MS,
  textField,
  type ProviderErrorLog,
} from './provider-http.js';

/** What the provider said about the person, before field mapping. */
export interface ProviderUserInfo {
  /** The claims / user info document. */
  claims: Record<string, unknown>;
}

export interface CustomCallback {
  code: string;
  state: string;
  iss?: string;
}

export const INCOMPLETE = 'OAuth 提供商配置不完整，请联系管理员';
const INSECURE = 'OAuth 提供商地址必须使用 https（仅本机地址可用 http）';
const UNREACHABLE = '无法连接至 OAuth 提供商，请稍后重试！';
const INTERNAL = 'OAuth 提供商地址指向内部地址，已拒绝连接';
const TOKEN_FAILED = 'OAuth 获取 Token 失败，请稍后重试！';
const USERINFO_FAILED = 'OAuth 获取用户信息失败，请稍后重试！';

export async function customProviderUserInfo(
  provider: CustomOAuthProviderRow,
  callback: CustomCallback,
  redirectUri: string,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
): Promise<ProviderUserInfo> {
  if (callback.code === '') throw failure('无效的参数');
  if (!provider.client_id) throw failure(INCOMPLETE);
  return provider.well_known
    ? discoveredUserInfo(provider, callback, redirectUri, outbound, log)
    : plainUserInfo(provider, callback.code, redirectUri, outbound, log);
}

async function plainUserInfo(
  provider: CustomOAuthProviderRow,
  code: string,
  redirectUri: string,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
): Promise<ProviderUserInfo> {
  const tokenEndpoint = checkedAddress(provider.token_endpoint);
  const userInfoEndpoint = checkedAddress(provider.user_info_endpoint);
  const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
  const style = provider.auth_style;
  let token = await exchange(provider, tokenEndpoint, form, style !== 1, outbound, log);
  if (style === OAUTH_AUTH_STYLES.auto && (token.status === 400 || token.status === 401)) {
    // The provider refused HTTP Basic (or the code): try the credentials in the form once.
    token = await exchange(provider, tokenEndpoint, form, false, outbound, log);
  }
  const accessToken = textField(token.body, 'access_token');
  if (accessToken === '') {
    log?.(
      new Error(`token endpoint: ${textField(token.body, 'error') || token.status}`),
      TOKEN_FAILED,
    );
    throw failure(TOKEN_FAILED);
  }
  const user = await callProvider(
    userInfoEndpoint,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    UNREACHABLE,
    log,
    outbound,
  );
  if (user.status !== 200 || !isRecord(user.body)) throw failure(USERINFO_FAILED);
  return { claims: user.body };
}

function exchange(
  provider: CustomOAuthProviderRow,
  tokenEndpoint: string,
  form: Record<string, string>,
  basic: boolean,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
) {
  const clientId = provider.client_id ?? '';
  const secret = provider.client_secret ?? '';
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const body = new URLSearchParams(form);
  if (basic) {
    // RFC 6749 §2.3.1: both parts form-encoded before Base64.
    const pair = `${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    body.set('client_id', clientId);
    body.set('client_secret', secret);
  }
  return callProvider(
    tokenEndpoint,
    { method: 'POST', headers, body: body.toString() },
    UNREACHABLE,
    log,
    outbound,
  );
}

async function discoveredUserInfo(
  provider: CustomOAuthProviderRow,
  callback: CustomCallback,
  redirectUri: string,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
): Promise<ProviderUserInfo> {
  const fetch = outboundFetch(outbound);
  const wellKnown = new URL(checkedAddress(provider.well_known));
  const secret = provider.client_secret ?? '';
  let found: client.Configuration;
  try {
    found = await client.discovery(wellKnown, provider.client_id ?? '', secret, undefined, {
      execute: wellKnown.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_MS / 1000,
      [client.customFetch]: fetch,
    });
  } catch (error) {
    throw logged(log, error, networkMessage(error) ?? INCOMPLETE);
  }
  const {
    authorization_response_iss_parameter_supported: issSupported,
    supportsPKCE: _helper,
    ...rest
  } = found.serverMetadata();
  // `iss` (RFC 9207) is checked when the console passed it on.
  const metadata: client.ServerMetadata = callback.iss
    ? { ...rest, authorization_response_iss_parameter_supported: issSupported }
    : rest;
  if (!metadata.token_endpoint) throw failure(INCOMPLETE);
  const userInfoEndpoint = provider.user_info_endpoint || metadata.userinfo_endpoint || '';
  const addresses = [metadata.token_endpoint, userInfoEndpoint].filter(Boolean);
  const insecure = addresses.map(checkedAddress).some((url) => url.startsWith('http:'));
  const config = new client.Configuration(
    { ...metadata, ...(userInfoEndpoint ? { userinfo_endpoint: userInfoEndpoint } : {}) },
    provider.client_id ?? '',
    secret,
    clientAuthentication(provider.auth_style, metadata, secret),
  );
  config[client.customFetch] = fetch;
  config.timeout = PROVIDER_TIMEOUT_MS / 1000;
  if (insecure || wellKnown.protocol === 'http:') client.allowInsecureRequests(config);

  const currentUrl = new URL(redirectUri);
  currentUrl.searchParams.set('code', callback.code);
  currentUrl.searchParams.set('state', callback.state);
  if (callback.iss) currentUrl.searchParams.set('iss', callback.iss);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      expectedState: callback.state,
    });
  } catch (error) {
    throw logged(log, error, networkMessage(error) ?? TOKEN_FAILED);
  }
  const idClaims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
  if (!userInfoEndpoint) return { claims: idClaims };
  const subject = typeof idClaims.sub === 'string' ? idClaims.sub : client.skipSubjectCheck;
  try {
    const info = await client.fetchUserInfo(config, tokens.access_token, subject);
    return { claims: { ...idClaims, ...info } };
  } catch (error) {
    throw logged(log, error, networkMessage(error) ?? USERINFO_FAILED);
  }
}

function clientAuthentication(
  style: number,
  metadata: client.ServerMetadata,
  secret: string,
): client.ClientAuth {
  if (style === OAUTH_AUTH_STYLES.params) return client.ClientSecretPost(secret);
  if (style === OAUTH_AUTH_STYLES.basic) return client.ClientSecretBasic(secret);
  const supported = metadata.token_endpoint_auth_methods_supported;
  // Discovery's default is client_secret_basic; the form only when Basic is not offered.
  return supported &&
    !supported.includes('client_secret_basic') &&
    supported.includes('client_secret_post')
    ? client.ClientSecretPost(secret)
    : client.ClientSecretBasic(secret);
}

/** An http(s) address; plain http only on loopback. */
export function checkedAddress(address: string | null): string {
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    throw failure(INCOMPLETE);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) throw failure(INSECURE);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw failure(INCOMPLETE);
  return url.href;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

function networkMessage(error: unknown): string | undefined {
  if (findOutboundRefusal(error)) return INTERNAL;
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return UNREACHABLE;
  return error instanceof TypeError && error.message === 'fetch failed' ? UNREACHABLE : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
