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

/** Kinds of provider; only `oauth_code` signs in through the browser in Tollgate. */
export const CUSTOM_OAUTH_KINDS = ['oauth_code', 'jwt_direct', 'trusted_header'] as const;

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
  user_id_field: z.string().trim().max(128).default('sub'),
  username_field: z.string().trim().max(128).default('preferred_username'),
  display_name_field: z.string().trim().max(128).default('name'),
  email_field: z.string().trim().max(128).default('email'),
  auto_register: z.boolean().default(false),
  auto_merge_by_email: z.boolean().default(false),
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
