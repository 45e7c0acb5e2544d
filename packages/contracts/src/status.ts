import { z } from 'zod';
import { publicCustomOAuthProviderSchema } from './custom-oauth.js';

/** One chat client template: `{ "<display name>": "<url with {key} and {address}>" }`. */
export const chatTemplateSchema = z.record(z.string(), z.string());
export type ChatTemplate = z.infer<typeof chatTemplateSchema>;

/** One online payment method offered in the wallet. Extra fields (e.g. `min_topup`) pass through. */
export const payMethodSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  color: z.string().optional(),
  min_topup: z.string().optional(),
});
export type PayMethod = z.infer<typeof payMethodSchema>;

/**
 * `data` of `GET /api/status` (no auth). The console stores most of it locally and uses it to
 * decide which login buttons, menus and badges to show.
 */
export const statusPayloadSchema = z.object({
  /** Product version. */
  version: z.string(),
  /** Process start time, unix seconds. */
  start_time: z.number().int(),
  /** First-run setup wizard completed. */
  setup: z.boolean(),

  system_name: z.string(),
  logo: z.string(),
  footer_html: z.string(),
  server_address: z.string(),
  docs_link: z.string(),
  top_up_link: z.string(),
  /** Chat client templates for the chat menu. */
  chats: z.array(chatTemplateSchema),
  /** Legacy single chat links; always empty (kept for consoles that read them). */
  chat_link: z.string(),
  chat_link2: z.string(),

  email_verification: z.boolean(),
  github_oauth: z.boolean(),
  github_client_id: z.string(),
  oidc_enabled: z.boolean(),
  oidc_client_id: z.string(),
  oidc_authorization_endpoint: z.string(),
  linuxdo_oauth: z.boolean(),
  linuxdo_client_id: z.string(),
  discord_oauth: z.boolean(),
  discord_client_id: z.string(),
  /** Enabled custom OAuth providers, for the login page's buttons (never a secret). */
  custom_oauth_providers: z.array(publicCustomOAuthProviderSchema),
  /** Whether the login page offers "Sign in with a passkey" (option `passkey.enabled`). */
  passkey_login: z.boolean(),
  telegram_oauth: z.boolean(),
  telegram_bot_name: z.string(),
  wechat_login: z.boolean(),
  wechat_qrcode: z.string(),
  turnstile_check: z.boolean(),
  turnstile_site_key: z.string(),

  /** Quota per 1 USD (500000 by default). */
  quota_per_unit: z.number(),
  display_in_currency: z.boolean(),
  /** Money charged per top-up unit. */
  price: z.number(),
  min_topup: z.number().int(),
  usd_exchange_rate: z.number(),
  /** Online top-up is configured (pay address, merchant id and key all set). */
  enable_online_topup: z.boolean(),
  pay_methods: z.array(payMethodSchema),

  enable_batch_update: z.boolean(),
  enable_drawing: z.boolean(),
  enable_task: z.boolean(),
  enable_data_export: z.boolean(),
  /** Dashboard granularity: `hour`, `day` or `week`. */
  data_export_default_time: z.string(),
  default_collapse_sidebar: z.boolean(),
  mj_notify_enabled: z.boolean(),
  demo_site_enabled: z.boolean(),
  self_use_mode_enabled: z.boolean(),
  /** Whether the password sign-in form is offered (`PasswordLoginEnabled`). */
  password_login_enabled: z.boolean(),
  /** Whether password registration is open (`PasswordRegisterEnabled`). */
  password_register_enabled: z.boolean(),
  /** Whether registration is open at all (`RegisterEnabled`). */
  register_enabled: z.boolean(),
  default_use_auto_group: z.boolean(),
  /**
   * Whether the server accepts and calls `http://` webhook URLs (NOTIFY_ALLOW_HTTP_WEBHOOK);
   * otherwise a quota-warning webhook must be https. A Tollgate field new-api does not send.
   */
  webhook_allow_http: z.boolean(),
  /** Whether the daily check-in is offered (`checkin_setting.enabled`; new-api 1.0's key). */
  checkin_enabled: z.boolean(),
});
export type StatusPayload = z.infer<typeof statusPayloadSchema>;
