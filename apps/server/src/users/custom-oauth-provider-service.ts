/**
 * Root's management of custom OAuth providers (new-api 1.0 `/api/custom-oauth-provider/`):
 * validation, the write-only client secret, the public list for `/api/status`, and reading an
 * OIDC discovery document for the form (through the outbound guard).
 */
import {
  OAUTH_SLUG_PATTERN,
  RESERVED_OAUTH_SLUGS,
  type CustomOAuthProviderInput,
  type CustomOAuthProviderView,
  type OAuthDiscoveryResult,
  type PublicCustomOAuthProvider,
} from '@tollgate/contracts';
import { parseAccessPolicy } from '../accounts/oauth/access-policy.js';
import * as repository from '../accounts/oauth/custom-provider-repository.js';
import { callProvider, field, textField } from '../accounts/oauth/provider-http.js';
import { isUniqueViolation, nowSeconds, type QueryTarget } from '../db/dialect-helpers.js';
import type { CustomOAuthProviderRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';

const NOT_FOUND = '自定义 OAuth 提供商不存在';
const SLUG_TAKEN = '标识已被使用';
const SLUG_RESERVED = '该标识为内置登录方式保留';
const SLUG_INVALID = '标识只能包含小写字母、数字和连字符';
const INCOMPLETE = 'OAuth 授权码模式需要 Client ID、授权端点、令牌端点和用户信息端点';
const BAD_POLICY = '访问策略不是有效的 JSON 策略';
const DISCOVERY_FAILED = '无法读取 OIDC 发现文档，请检查地址';

/** The row as root reads it: never the secret. */
export function providerView(row: CustomOAuthProviderRow): CustomOAuthProviderView {
  const { client_secret: secret, ...rest } = row;
  return {
    ...rest,
    icon: row.icon ?? '',
    kind: row.kind as CustomOAuthProviderView['kind'],
    enabled: Boolean(row.enabled),
    client_id: row.client_id ?? '',
    authorization_endpoint: row.authorization_endpoint ?? '',
    token_endpoint: row.token_endpoint ?? '',
    user_info_endpoint: row.user_info_endpoint ?? '',
    scopes: row.scopes ?? '',
    well_known: row.well_known ?? '',
    user_id_field: row.user_id_field ?? '',
    username_field: row.username_field ?? '',
    display_name_field: row.display_name_field ?? '',
    email_field: row.email_field ?? '',
    auto_register: Boolean(row.auto_register),
    auto_merge_by_email: Boolean(row.auto_merge_by_email),
    access_policy: row.access_policy ?? '',
    access_denied_message: row.access_denied_message ?? '',
    has_client_secret: Boolean(secret),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Enabled providers for the login page. */
export async function publicCustomProviders(
  database: QueryTarget,
): Promise<PublicCustomOAuthProvider[]> {
  const rows = await repository.listEnabledCustomProviders(database.db);
  return rows.map((row) => ({
    name: row.name,
    slug: row.slug,
    icon: row.icon ?? '',
    kind: row.kind,
    authorization_endpoint: row.authorization_endpoint ?? '',
    client_id: row.client_id ?? '',
    scopes: row.scopes ?? '',
  }));
}

export async function listProviders(database: QueryTarget) {
  return (await repository.listCustomProviders(database.db)).map(providerView);
}

export async function getProvider(database: QueryTarget, id: number) {
  const row = await repository.findCustomProvider(database.db, id);
  if (!row) throw failure(NOT_FOUND);
  return providerView(row);
}

function validate(input: CustomOAuthProviderInput, hasSecret: boolean): void {
  if (!OAUTH_SLUG_PATTERN.test(input.slug)) throw failure(SLUG_INVALID);
  if ((RESERVED_OAUTH_SLUGS as readonly string[]).includes(input.slug)) {
    throw failure(SLUG_RESERVED);
  }
  if (input.access_policy && parseAccessPolicy(input.access_policy) === null) {
    throw failure(BAD_POLICY);
  }
  // A provider that signs in must be complete; a draft may be saved disabled.
  if (input.kind === 'oauth_code' && input.enabled) {
    const endpoints = input.well_known
      ? [input.authorization_endpoint]
      : [input.authorization_endpoint, input.token_endpoint, input.user_info_endpoint];
    if (!input.client_id || !hasSecret || endpoints.some((value) => value === '')) {
      throw failure(INCOMPLETE);
    }
  }
}

function columns(input: CustomOAuthProviderInput) {
  const { client_secret: _secret, ...rest } = input;
  return rest;
}

export async function createProvider(database: QueryTarget, input: CustomOAuthProviderInput) {
  validate(input, input.client_secret !== '');
  if (await repository.findCustomProviderBySlug(database.db, input.slug)) {
    throw failure(SLUG_TAKEN);
  }
  const now = nowSeconds();
  try {
    const id = await repository.insertCustomProvider(database, {
      ...columns(input),
      client_secret: input.client_secret,
      created_at: now,
      updated_at: now,
    });
    return getProvider(database, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(SLUG_TAKEN);
    throw error;
  }
}

/** Saves every column; an empty `client_secret` keeps the stored one. */
export async function updateProvider(
  database: QueryTarget,
  id: number,
  input: CustomOAuthProviderInput,
) {
  const stored = await repository.findCustomProvider(database.db, id);
  if (!stored) throw failure(NOT_FOUND);
  validate(input, input.client_secret !== '' || Boolean(stored.client_secret));
  const holder = await repository.findCustomProviderBySlug(database.db, input.slug);
  if (holder && holder.id !== id) throw failure(SLUG_TAKEN);
  try {
    await repository.updateCustomProvider(database.db, id, {
      ...columns(input),
      ...(input.client_secret !== '' ? { client_secret: input.client_secret } : {}),
      updated_at: nowSeconds(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(SLUG_TAKEN);
    throw error;
  }
  return getProvider(database, id);
}

export async function deleteProvider(database: QueryTarget, id: number): Promise<void> {
  if (!(await repository.deleteCustomProvider(database.db, id))) throw failure(NOT_FOUND);
}

/**
 * Reads a discovery document: `well_known_url` as given, or `<issuer>/.well-known/openid-
 * configuration`. Redirects are not followed; the guard refuses internal addresses.
 */
export async function discoverProvider(
  outbound: OutboundGuard,
  request: { well_known_url: string; issuer: string },
): Promise<OAuthDiscoveryResult> {
  const address =
    request.well_known_url ||
    `${request.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw failure(DISCOVERY_FAILED);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw failure(DISCOVERY_FAILED);
  const answer = await callProvider(
    url.href,
    { headers: { accept: 'application/json' } },
    DISCOVERY_FAILED,
    undefined,
    outbound,
  );
  const body = answer.body;
  if (answer.status !== 200 || textField(body, 'authorization_endpoint') === '') {
    throw failure(DISCOVERY_FAILED);
  }
  const scopes = field(body, 'scopes_supported');
  return {
    well_known: url.href,
    issuer: textField(body, 'issuer'),
    authorization_endpoint: textField(body, 'authorization_endpoint'),
    token_endpoint: textField(body, 'token_endpoint'),
    userinfo_endpoint: textField(body, 'userinfo_endpoint'),
    jwks_uri: textField(body, 'jwks_uri'),
    scopes_supported: Array.isArray(scopes)
      ? scopes.filter((scope): scope is string => typeof scope === 'string')
      : [],
  };
}
