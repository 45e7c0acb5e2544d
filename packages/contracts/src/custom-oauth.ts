import { z } from 'zod';

/**
 * Custom OAuth 2 / OpenID Connect providers managed by root (`/api/custom-oauth-provider/`), the
 * users' bindings to them (`/api/user/oauth/bindings`) and the built-in binding columns an admin
 * can clear (`DELETE /api/user/:id/bindings/:binding_type`).
 */

/** Names a custom provider's slug may not take: the built-in sign-in routes under /api/oauth/. */
export const RESERVED_OAUTH_SLUGS = [
  'github',
  'oidc',
  'linuxdo',
  'discord',
  'wechat',
  'telegram',
  'email',
  'state',
] as const;

/** A slug: lower-case letters, digits and hyphens (the console lower-cases what is typed). */
export const OAUTH_SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

/**
 * Kinds of provider: `oauth_code` signs in through the browser (`/api/oauth/<slug>`), `jwt_direct`
 * with a signed token and `trusted_header` behind a trusted proxy (`/api/auth/external/<slug>/…`).
 */
export const CUSTOM_OAUTH_KINDS = ['oauth_code', 'jwt_direct', 'trusted_header'] as const;
export type CustomOAuthKind = (typeof CUSTOM_OAUTH_KINDS)[number];

/** Where new-api's console picks a jwt_direct token up; Tollgate keeps the value only. */
export const JWT_SOURCES = ['query', 'fragment', 'body'] as const;
/** How a jwt_direct provider names the person; Tollgate serves `claims`. */
export const JWT_IDENTITY_MODES = ['claims', 'userinfo'] as const;
/** How a jwt_direct token is obtained; Tollgate serves `direct_token`. */
export const JWT_ACQUIRE_MODES = ['direct_token', 'ticket_exchange', 'ticket_validate'] as const;
/** `explicit_only`: only mapped values count; `mapping_first`: unmapped values are used as they are. */
export const OAUTH_MAPPING_MODES = ['explicit_only', 'mapping_first'] as const;

/** How the client authenticates at the token endpoint: 0 auto (Basic, then form), 1 form, 2 Basic. */
export const OAUTH_AUTH_STYLES = { auto: 0, params: 1, basic: 2 } as const;

/** Comparison operators of an access policy condition. */
export const ACCESS_POLICY_OPS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'exists',
  'not_exists',
] as const;

export const accessConditionSchema = z.object({
  /** Dotted path into the user info (`groups`, `org.id`). */
  field: z.string().min(1),
  op: z.enum(ACCESS_POLICY_OPS),
  value: z.unknown().optional(),
});

/** `{logic, conditions, groups}`: `groups` are nested policies combined with the same logic. */
export interface AccessPolicy {
  logic?: 'and' | 'or';
  conditions?: z.infer<typeof accessConditionSchema>[];
  groups?: AccessPolicy[];
}

export const accessPolicySchema: z.ZodType<AccessPolicy> = z.lazy(() =>
  z.object({
    logic: z.enum(['and', 'or']).optional(),
    conditions: z.array(accessConditionSchema).optional(),
    groups: z.array(accessPolicySchema).optional(),
  }),
);

const optionalText = (max: number) => z.string().trim().max(max).default('');

/**
 * `POST /api/custom-oauth-provider/` and `PUT /:id`. `client_secret` is write-only: an empty one
 * on update keeps the stored secret. `access_policy` is JSON text ('' = everyone may sign in).
 */
export const customOAuthProviderInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  slug: z.string().trim().toLowerCase().regex(OAUTH_SLUG_PATTERN),
  icon: optionalText(128),
  kind: z.enum(CUSTOM_OAUTH_KINDS).default('oauth_code'),
  enabled: z.boolean().default(false),
  client_id: optionalText(256),
  client_secret: optionalText(1024),
  authorization_endpoint: optionalText(1024),
  token_endpoint: optionalText(1024),
  user_info_endpoint: optionalText(1024),
  scopes: z.string().trim().max(1024).default('openid profile email'),
  well_known: optionalText(1024),
  auth_style: z.number().int().min(0).max(2).default(0),
  issuer: optionalText(512),
  audience: optionalText(256),
  jwks_url: optionalText(512),
  /** One PEM public key (`-----BEGIN PUBLIC KEY-----`). */
  public_key: optionalText(16384),
  jwt_source: z.enum(JWT_SOURCES).default('query'),
  jwt_header: z.string().trim().max(128).default('Authorization'),
  jwt_identity_mode: z.enum(JWT_IDENTITY_MODES).default('claims'),
  jwt_acquire_mode: z.enum(JWT_ACQUIRE_MODES).default('direct_token'),
  /** JSON array of addresses and CIDR ranges (`["10.0.0.0/8", "127.0.0.1"]`). */
  trusted_proxy_cidrs: optionalText(8192),
  external_id_header: optionalText(128),
  username_header: optionalText(128),
  display_name_header: optionalText(128),
  email_header: optionalText(128),
  group_header: optionalText(128),
  role_header: optionalText(128),
  user_id_field: z.string().trim().max(128).default('sub'),
  username_field: z.string().trim().max(128).default('preferred_username'),
  display_name_field: z.string().trim().max(128).default('name'),
  email_field: z.string().trim().max(128).default('email'),
  group_field: optionalText(128),
  role_field: optionalText(128),
  /** JSON object, external value → group. */
  group_mapping: optionalText(8192),
  /** JSON object, external value → role (`common`/`user`/`1` or `admin`/`10`; never root). */
  role_mapping: optionalText(8192),
  group_mapping_mode: z.enum(OAUTH_MAPPING_MODES).default('explicit_only'),
  role_mapping_mode: z.enum(OAUTH_MAPPING_MODES).default('explicit_only'),
  auto_register: z.boolean().default(false),
  auto_merge_by_email: z.boolean().default(false),
  /** External sign-ins (jwt_direct, trusted_header) rewrite a returning account's field. */
  sync_username_on_login: z.boolean().default(false),
  sync_display_name_on_login: z.boolean().default(false),
  sync_email_on_login: z.boolean().default(false),
  sync_group_on_login: z.boolean().default(false),
  sync_role_on_login: z.boolean().default(false),
  access_policy: optionalText(8192),
  access_denied_message: optionalText(512),
});
export type CustomOAuthProviderInput = z.infer<typeof customOAuthProviderInputSchema>;

/** A provider as root reads it: every column but the secret, plus whether one is stored. */
export interface CustomOAuthProviderView extends Omit<CustomOAuthProviderInput, 'client_secret'> {
  id: number;
  /** A secret is stored (its value is never returned). */
  has_client_secret: boolean;
  created_at: number;
  updated_at: number;
}

/**
 * `POST /api/auth/external/:provider/jwt/login`: the token, under any of new-api's names (the
 * first non-empty of `id_token`, `jwt`, `token`); without one, the provider's `jwt_header`
 * (`Bearer <token>` or the bare token) is read.
 */
export const externalJwtLoginSchema = z.object({
  id_token: z.string().trim().max(16384).default(''),
  jwt: z.string().trim().max(16384).default(''),
  token: z.string().trim().max(16384).default(''),
});
export type ExternalJwtLoginRequest = z.infer<typeof externalJwtLoginSchema>;

/** `POST /api/custom-oauth-provider/discovery`: a discovery document's address or an issuer. */
export const oauthDiscoveryRequestSchema = z
  .object({
    well_known_url: z.string().trim().default(''),
    issuer: z.string().trim().default(''),
  })
  .refine((value) => value.well_known_url !== '' || value.issuer !== '', {
    message: 'well_known_url or issuer is required',
  });

/** What discovery found, for the provider form. */
export interface OAuthDiscoveryResult {
  well_known: string;
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  scopes_supported: string[];
}

/** An enabled provider as `/api/status` lists it for the login page. */
export const publicCustomOAuthProviderSchema = z.object({
  name: z.string(),
  slug: z.string(),
  icon: z.string(),
  kind: z.string(),
  authorization_endpoint: z.string(),
  client_id: z.string(),
  scopes: z.string(),
});
export type PublicCustomOAuthProvider = z.infer<typeof publicCustomOAuthProviderSchema>;

/** One of a user's custom-provider bindings. */
export interface UserOAuthBindingView {
  provider_id: number;
  provider_name: string;
  provider_slug: string;
  provider_icon: string;
  provider_user_id: string;
  created_at: number;
}

/** Built-in identity columns an admin can clear. */
export const BUILT_IN_BINDING_TYPES = [
  'email',
  'github',
  'discord',
  'oidc',
  'wechat',
  'telegram',
  'linuxdo',
] as const;
export type BuiltInBindingType = (typeof BUILT_IN_BINDING_TYPES)[number];
