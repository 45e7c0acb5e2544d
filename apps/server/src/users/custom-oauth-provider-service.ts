/**
 * Root's management of custom OAuth providers (new-api 1.0 `/api/custom-oauth-provider/`):
 * validation, the write-only client secret, the public list for `/api/status`, and reading an
 * OIDC discovery document for the form (through the outbound guard).
 */
import {
  JWT_ACQUIRE_MODES,
  JWT_IDENTITY_MODES,
  JWT_SOURCES,
  OAUTH_MAPPING_MODES,
  OAUTH_SLUG_PATTERN,
  RESERVED_OAUTH_SLUGS,
  type CustomOAuthProviderInput,
  type CustomOAuthProviderView,
  type OAuthDiscoveryResult,
  type PublicCustomOAuthProvider,
} from '@tollgate/contracts';
import { parseAccessPolicy } from '../accounts/oauth/access-policy.js';
import { isPublicKeyPem } from '../accounts/oauth/external-jwt.js';
import { parseMapping, roleOfTarget } from '../accounts/oauth/group-role-mapping.js';
import { parseTrustedProxies } from '../accounts/oauth/trusted-proxies.js';
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
const JWT_KEY_REQUIRED = 'JWT 直连模式需要 JWKS 地址或 PEM 公钥';
const BAD_JWKS_URL = 'JWKS 地址必须是 http(s) 地址';
const BAD_PUBLIC_KEY = 'PEM 公钥无效';
const JWT_MODE_UNSUPPORTED = 'JWT 直连模式仅支持 direct_token 获取方式和 claims 身份模式';
const HEADER_INCOMPLETE = '可信请求头模式需要外部身份标识头和至少一个可信代理地址';
const BAD_PROXIES = '可信代理地址必须是 IP 地址或 CIDR 范围的 JSON 数组（不可为 /0）';
const BAD_MAPPING = '分组映射和角色映射必须是 JSON 对象';
const BAD_ROLE_TARGET = '角色映射只能映射到普通用户（common）或管理员（admin）';

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
    issuer: row.issuer ?? '',
    audience: row.audience ?? '',
    jwks_url: row.jwks_url ?? '',
    public_key: row.public_key ?? '',
    jwt_source: oneOf(JWT_SOURCES, row.jwt_source),
    jwt_header: row.jwt_header ?? 'Authorization',
    jwt_identity_mode: oneOf(JWT_IDENTITY_MODES, row.jwt_identity_mode),
    jwt_acquire_mode: oneOf(JWT_ACQUIRE_MODES, row.jwt_acquire_mode),
    trusted_proxy_cidrs: row.trusted_proxy_cidrs ?? '',
    external_id_header: row.external_id_header ?? '',
    username_header: row.username_header ?? '',
    display_name_header: row.display_name_header ?? '',
    email_header: row.email_header ?? '',
    group_header: row.group_header ?? '',
    role_header: row.role_header ?? '',
    user_id_field: row.user_id_field ?? '',
    username_field: row.username_field ?? '',
    display_name_field: row.display_name_field ?? '',
    email_field: row.email_field ?? '',
    group_field: row.group_field ?? '',
    role_field: row.role_field ?? '',
    group_mapping: row.group_mapping ?? '',
    role_mapping: row.role_mapping ?? '',
    group_mapping_mode: oneOf(OAUTH_MAPPING_MODES, row.group_mapping_mode),
    role_mapping_mode: oneOf(OAUTH_MAPPING_MODES, row.role_mapping_mode),
    auto_register: Boolean(row.auto_register),
    auto_merge_by_email: Boolean(row.auto_merge_by_email),
    sync_username_on_login: Boolean(row.sync_username_on_login),
    sync_display_name_on_login: Boolean(row.sync_display_name_on_login),
    sync_email_on_login: Boolean(row.sync_email_on_login),
    sync_group_on_login: Boolean(row.sync_group_on_login),
    sync_role_on_login: Boolean(row.sync_role_on_login),
    access_policy: row.access_policy ?? '',
    access_denied_message: row.access_denied_message ?? '',
    has_client_secret: Boolean(secret),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** A stored mode as one of its values; the first (the default) for NULL or an unknown one. */
function oneOf<Value extends string>(values: readonly [Value, ...Value[]], stored: string | null) {
  const found = values.find((value) => value === stored?.trim().toLowerCase());
  return found ?? values[0];
}

/**
 * Enabled providers for the login page: the browser ones. A jwt_direct or trusted_header provider
 * signs in through its external route only, so the console has no button for it.
 */
export async function publicCustomProviders(
  database: QueryTarget,
): Promise<PublicCustomOAuthProvider[]> {
  const rows = await repository.listEnabledCustomProviders(database.db);
  return rows
    .filter((row) => (row.kind || 'oauth_code') === 'oauth_code')
    .map((row) => ({
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
  validateExternalFields(input);
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

/** The JWT, trusted-header and mapping columns: well-formed always, complete when enabled. */
function validateExternalFields(input: CustomOAuthProviderInput): void {
  if (input.jwks_url && !/^https?:\/\/[^/]/i.test(input.jwks_url)) throw failure(BAD_JWKS_URL);
  if (input.public_key && !isPublicKeyPem(input.public_key)) throw failure(BAD_PUBLIC_KEY);
  if (input.trusted_proxy_cidrs && !parseTrustedProxies(input.trusted_proxy_cidrs)) {
    throw failure(BAD_PROXIES);
  }
  const groups = parseMapping(input.group_mapping);
  const roles = parseMapping(input.role_mapping);
  if (groups === null || roles === null) throw failure(BAD_MAPPING);
  if (roles && Object.values(roles).some((target) => roleOfTarget(target) === undefined)) {
    throw failure(BAD_ROLE_TARGET);
  }
  if (!input.enabled) return;
  if (input.kind === 'jwt_direct') {
    if (!input.jwks_url && !input.public_key) throw failure(JWT_KEY_REQUIRED);
    if (input.jwt_acquire_mode !== 'direct_token' || input.jwt_identity_mode !== 'claims') {
      throw failure(JWT_MODE_UNSUPPORTED);
    }
  }
  if (input.kind === 'trusted_header') {
    const proxies = parseTrustedProxies(input.trusted_proxy_cidrs);
    if (!input.external_id_header || !proxies || proxies.length === 0) {
      throw failure(HEADER_INCOMPLETE);
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
