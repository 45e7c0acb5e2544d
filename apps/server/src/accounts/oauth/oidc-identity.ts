/**
 * OIDC sign-in (reference §8.5) through `openid-client`: the provider's metadata comes from
 * `oidc.well_known` when it is set, else from the three endpoints set by hand; the code is
 * exchanged at the token endpoint with the client authentication the provider advertises, and
 * the identity is the UserInfo `sub`.
 *
 * openid-client refuses plain-http providers. Tollgate allows http only when every address it
 * calls is a loopback address (a provider on the same machine, or a test's); any other http
 * address is refused with a message saying so.
 *
 * Every request (discovery, and the endpoints the discovery document names) goes through the
 * outbound guard: an internal address is refused unless OUTBOUND_ALLOWED_HOSTS allows it (a
 * provider on loopback, as above, must be allowed there too).
 */
import * as client from 'openid-client';
import { failure } from '../../errors/app-error.js';
import { outboundFetch, type OutboundFetch } from '../../lib/outbound-guard/outbound-fetch.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import type { ExternalIdentity } from './identity-providers.js';
import { logged, PROVIDER_TIMEOUT_MS, type ProviderErrorLog } from './provider-http.js';

export interface OidcSettings {
  clientId: string;
  clientSecret: string;
  /** `oidc.well_known`: the discovery document's address; '' to use the endpoints below. */
  wellKnown: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userInfoEndpoint: string;
  /**
   * The `redirect_uri` the console sent to the provider: `<ServerAddress>/oauth/oidc`, as in
   * new-api (the console uses its own origin, so ServerAddress must be that origin).
   */
  redirectUri: string;
}

/** What came back to the callback. */
export interface OidcCallback {
  code: string;
  state: string;
  /** The `iss` the provider added to the callback (RFC 9207), when the console passed it on. */
  iss?: string;
}

const INCOMPLETE = 'OIDC 配置不完整，请检查设置！';
const INSECURE = 'OIDC 地址必须使用 https（仅本机地址可用 http）';
const UNREACHABLE = '无法连接至 OIDC 服务器，请稍后重试！';
const INTERNAL = 'OIDC 地址指向内部地址，已拒绝连接，请检查设置！';
const TOKEN_FAILED = 'OIDC 获取 Token 失败，请检查设置！';
const USERINFO_FAILED = 'OIDC 获取用户信息失败！请检查设置！';
const EMPTY = 'OIDC 获取用户信息为空！请检查设置！';

export async function oidcIdentity(
  settings: OidcSettings,
  callback: OidcCallback,
  outbound: OutboundGuard,
  log?: ProviderErrorLog,
): Promise<ExternalIdentity> {
  if (callback.code === '') throw failure('无效的参数');
  if (settings.clientId === '') throw failure(INCOMPLETE);
  const fetch = outboundFetch(outbound);
  const { config, discovered } = await oidcConfiguration(
    settings,
    Boolean(callback.iss),
    fetch,
    log,
  );

  const currentUrl = new URL(settings.redirectUri);
  currentUrl.searchParams.set('code', callback.code);
  currentUrl.searchParams.set('state', callback.state);
  // An `iss` can only be checked against a discovered issuer.
  if (discovered && callback.iss) currentUrl.searchParams.set('iss', callback.iss);

  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      expectedState: callback.state,
    });
  } catch (error) {
    throw logged(log, error, networkMessage(error) ?? TOKEN_FAILED);
  }
  // With discovered metadata the ID token was checked (issuer, audience, times); its subject must
  // then be the UserInfo subject.
  const subject = discovered ? tokens.claims()?.sub : undefined;
  let claims: client.UserInfoResponse;
  try {
    claims = await client.fetchUserInfo(
      config,
      tokens.access_token,
      subject ?? client.skipSubjectCheck,
    );
  } catch (error) {
    throw logged(log, error, networkMessage(error) ?? USERINFO_FAILED);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') throw failure(EMPTY);
  return {
    id: claims.sub,
    displayName: text(claims.name),
    email: text(claims.email),
    preferredUsername: text(claims.preferred_username),
  };
}

/** The client configuration, and whether its metadata came from a discovery document. */
async function oidcConfiguration(
  settings: OidcSettings,
  issGiven: boolean,
  fetch: OutboundFetch,
  log?: ProviderErrorLog,
): Promise<{ config: client.Configuration; discovered: boolean }> {
  const clientMetadata = { client_secret: settings.clientSecret };
  if (settings.wellKnown !== '') {
    const wellKnown = parseAddress(settings.wellKnown);
    const insecure = allowedInsecure([wellKnown]);
    let found: client.Configuration;
    try {
      found = await client.discovery(wellKnown, settings.clientId, clientMetadata, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: PROVIDER_TIMEOUT_MS / 1000,
        [client.customFetch]: fetch,
      });
    } catch (error) {
      throw logged(log, error, networkMessage(error) ?? INCOMPLETE);
    }
    // A provider that adds `iss` to its callbacks (RFC 9207) has it checked when the console
    // passes it on; without it the answer is still accepted: the parameter defends a client of
    // several providers against mixing them up, and Tollgate has one.
    const {
      authorization_response_iss_parameter_supported: issSupported,
      supportsPKCE: _helper,
      ...rest
    } = found.serverMetadata();
    const metadata: client.ServerMetadata = issGiven
      ? { ...rest, authorization_response_iss_parameter_supported: issSupported }
      : rest;
    if (!metadata.token_endpoint || !metadata.userinfo_endpoint) throw failure(INCOMPLETE);
    const endpoints = [metadata.token_endpoint, metadata.userinfo_endpoint].map(parseAddress);
    const config = new client.Configuration(
      metadata,
      settings.clientId,
      clientMetadata,
      clientAuthentication(metadata.token_endpoint_auth_methods_supported, settings.clientSecret),
    );
    const endpointsInsecure = allowedInsecure(endpoints);
    config[client.customFetch] = fetch;
    finish(config, insecure || endpointsInsecure);
    return { config, discovered: true };
  }

  if (!settings.tokenEndpoint || !settings.userInfoEndpoint) throw failure(INCOMPLETE);
  const tokenEndpoint = parseAddress(settings.tokenEndpoint);
  const userInfoEndpoint = parseAddress(settings.userInfoEndpoint);
  // Without a discovery document the issuer is unknown, so an ID token could not be checked; the
  // identity comes from UserInfo alone, read with the access token over the direct channel.
  const config = new client.Configuration(
    {
      issuer: tokenEndpoint.origin,
      authorization_endpoint: settings.authorizationEndpoint || undefined,
      token_endpoint: tokenEndpoint.href,
      userinfo_endpoint: userInfoEndpoint.href,
    },
    settings.clientId,
    clientMetadata,
    // new-api posts the client id and secret in the form.
    client.ClientSecretPost(settings.clientSecret),
  );
  config[client.customFetch] = withoutIdToken(tokenEndpoint.href, fetch);
  finish(config, allowedInsecure([tokenEndpoint, userInfoEndpoint]));
  return { config, discovered: false };
}

function finish(config: client.Configuration, insecure: boolean): void {
  config.timeout = PROVIDER_TIMEOUT_MS / 1000;
  if (insecure) client.allowInsecureRequests(config);
}

/**
 * client_secret_post when the provider lists it (what new-api sends), else client_secret_basic —
 * also when it lists nothing, the default of OpenID Connect Discovery and RFC 8414.
 */
function clientAuthentication(
  supported: readonly string[] | undefined,
  secret: string,
): client.ClientAuth {
  return supported?.includes('client_secret_post')
    ? client.ClientSecretPost(secret)
    : client.ClientSecretBasic(secret);
}

function parseAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw failure(INCOMPLETE);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw failure(INCOMPLETE);
  return url;
}

/**
 * Whether plain http may be used: true when some address is http and every http address is on
 * loopback; refuses (throws) an http address elsewhere.
 */
function allowedInsecure(addresses: readonly URL[]): boolean {
  const plain = addresses.filter((url) => url.protocol === 'http:');
  if (plain.some((url) => !isLoopback(url.hostname))) throw failure(INSECURE);
  return plain.length > 0;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A fetch that drops `id_token` from the token endpoint's answer: used when the endpoints are set
 * by hand and the ID token's issuer cannot be known.
 */
function withoutIdToken(tokenEndpoint: string, fetch: OutboundFetch): client.CustomFetch {
  return async (url, options) => {
    const response = await fetch(url, options);
    if (url !== tokenEndpoint || !response.ok) return response;
    const body: unknown = await response.json().catch(() => undefined);
    if (typeof body === 'object' && body !== null && 'id_token' in body) {
      delete (body as Record<string, unknown>).id_token;
    }
    return new Response(JSON.stringify(body ?? null), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The message for a request that got no answer: refused by the guard, or unreachable. */
function networkMessage(error: unknown): string | undefined {
  if (findOutboundRefusal(error)) return INTERNAL;
  return isNetworkFailure(error) ? UNREACHABLE : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof TypeError && error.message === 'fetch failed';
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
