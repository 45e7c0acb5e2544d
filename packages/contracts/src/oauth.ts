import { z } from 'zod';

/** Providers whose sign-in returns through `/oauth/<provider>` and `GET /api/oauth/<provider>`. */
export const OAUTH_CALLBACK_PROVIDERS = ['github', 'oidc', 'linuxdo', 'discord'] as const;
export type OAuthCallbackProvider = (typeof OAUTH_CALLBACK_PROVIDERS)[number];

/**
 * The `message` of a successful `GET /api/oauth/{github|oidc|linuxdo}` that bound the identity to
 * the signed-in user (no `data`); any other success signed someone in (`data` = the user).
 */
export const OAUTH_BIND_MESSAGE = 'bind';

/** An invite code kept with the OAuth state is at most this long (the `aff_code` column). */
export const OAUTH_AFF_MAX_LENGTH = 32;

/** `GET /api/oauth/state?aff=`: `data` is the state to send to the provider. */
export const oauthStateQuerySchema = z.object({
  aff: z.string().default(''),
});
export type OAuthStateQuery = z.infer<typeof oauthStateQuerySchema>;

/**
 * `GET /api/oauth/{github|oidc|linuxdo}`: what the provider appended to the callback address.
 * `iss` (RFC 9207) is optional; an OIDC provider that sends it has it checked. `error` and
 * `error_description` report a refusal at the provider.
 */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().default(''),
  state: z.string().default(''),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuerySchema>;

/** `GET /api/oauth/wechat?code=` and `GET /api/oauth/wechat/bind?code=`. */
export const wechatCodeQuerySchema = z.object({
  code: z.string().default(''),
});
export type WeChatCodeQuery = z.infer<typeof wechatCodeQuerySchema>;
