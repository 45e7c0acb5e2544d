import { z } from 'zod';

/**
 * Every option key the server knows (`options` table, `GET/PUT /api/option/`). Values are always
 * text; booleans are the strings `true` / `false`. Dotted keys belong to grouped settings
 * (`oidc.*`, `general_setting.*`, `console_setting.*`, `claude.*`, `gemini.*`,
 * `global.*`, `checkin_setting.*`).
 */
export const OPTION_KEYS = [
  // Legacy permissions (unused, kept so adopted databases round-trip).
  'FileUploadPermission',
  'FileDownloadPermission',
  'ImageUploadPermission',
  'ImageDownloadPermission',
  // Login and registration.
  'PasswordLoginEnabled',
  'PasswordRegisterEnabled',
  'RegisterEnabled',
  'EmailVerificationEnabled',
  'EmailDomainRestrictionEnabled',
  'EmailAliasRestrictionEnabled',
  'EmailDomainWhitelist',
  'GitHubOAuthEnabled',
  'GitHubClientId',
  'GitHubClientSecret',
  'LinuxDOOAuthEnabled',
  'LinuxDOClientId',
  'LinuxDOClientSecret',
  'WeChatAuthEnabled',
  'WeChatServerAddress',
  'WeChatServerToken',
  'WeChatAccountQRCodeImageURL',
  'TelegramOAuthEnabled',
  'TelegramBotToken',
  'TelegramBotName',
  'TurnstileCheckEnabled',
  'TurnstileSiteKey',
  'TurnstileSecretKey',
  'oidc.enabled',
  'oidc.client_id',
  'oidc.client_secret',
  'oidc.well_known',
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
  'discord.enabled',
  'discord.client_id',
  'discord.client_secret',
  // Passkeys (WebAuthn sign-in and secure verification; reference §3).
  'passkey.enabled',
  /** Name shown by the authenticator ('' → SystemName). */
  'passkey.rp_display_name',
  /** Relying party id ('' → the host of ServerAddress). */
  'passkey.rp_id',
  /** Comma-separated allowed origins ('' → the origin of ServerAddress). */
  'passkey.origins',
  'passkey.allow_insecure_origin',
  /** `preferred`, `required` or `discouraged`. */
  'passkey.user_verification',
  /** '', `platform` or `cross-platform`. */
  'passkey.attachment_preference',
  // Email delivery.
  'SMTPServer',
  'SMTPPort',
  'SMTPAccount',
  'SMTPFrom',
  'SMTPToken',
  'SMTPSSLEnabled',
  // Site content.
  'Notice',
  'About',
  'HomePageContent',
  'Footer',
  'SystemName',
  'Logo',
  'ServerAddress',
  'TopUpLink',
  'general_setting.docs_link',
  'general_setting.ping_interval_enabled',
  'general_setting.ping_interval_seconds',
  // Proxy worker and payment.
  'WorkerUrl',
  'WorkerValidKey',
  'PayAddress',
  'CustomCallbackAddress',
  'EpayId',
  'EpayKey',
  'Price',
  'MinTopUp',
  'USDExchangeRate',
  'TopupGroupRatio',
  'PayMethods',
  // Stripe and Creem hosted checkouts (reference 2026 additions §2).
  'StripeApiSecret',
  'StripeWebhookSecret',
  'StripePriceId',
  'StripeUnitPrice',
  'StripeMinTopUp',
  'StripePromotionCodesEnabled',
  'CreemApiKey',
  'CreemWebhookSecret',
  'CreemTestMode',
  'CreemProducts',
  'Chats',
  // Quota.
  'QuotaForNewUser',
  'QuotaForInviter',
  'QuotaForInvitee',
  'QuotaRemindThreshold',
  'PreConsumedQuota',
  'QuotaPerUnit',
  // Operation.
  'DisplayInCurrencyEnabled',
  'DisplayTokenStatEnabled',
  'DrawingEnabled',
  'TaskEnabled',
  'DataExportEnabled',
  'DataExportInterval',
  'DataExportDefaultTime',
  'DefaultCollapseSidebar',
  'LogConsumeEnabled',
  'LogRetentionDays',
  'RetryTimes',
  'ChannelDisableThreshold',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'AutomaticDisableKeywords',
  // Tollgate's circuit breaker and health-aware routing (docs/compatibility.md).
  'CircuitBreakerEnabled',
  'CircuitBreakerWindow',
  'CircuitBreakerFailureThreshold',
  'CircuitBreakerRateLimitThreshold',
  'CircuitBreakerCooldownSeconds',
  'CircuitBreakerMaxCooldownSeconds',
  'ChannelHealthWeightingEnabled',
  'DemoSiteEnabled',
  'SelfUseModeEnabled',
  'StreamCacheQueueLength',
  // Pricing and groups.
  'ModelRatio',
  'ModelPrice',
  'CompletionRatio',
  'CacheRatio',
  'GroupRatio',
  'UserUsableGroups',
  'GroupGroupRatio',
  'AutoGroups',
  'DefaultUseAutoGroup',
  // Rate limits.
  'ModelRequestRateLimitEnabled',
  'ModelRequestRateLimitCount',
  'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitDurationMinutes',
  /** Per-group overrides: `{ group: [count, successCount] }` (Tollgate addition, as later new-api). */
  'ModelRequestRateLimitGroup',
  // Usage limits and budgets (Tollgate only; contracts/usage-limits.ts).
  'GroupLimits',
  'LimitTimeZone',
  // Model fallbacks (Tollgate only; docs/compatibility.md "Model fallbacks").
  /** Model → the models tried in order when it cannot answer: `{ "gpt-4o": ["gpt-4o-mini"] }`. */
  'ModelFallbacks',
  /** Group → its own lists, which win over `ModelFallbacks` for that model. */
  'GroupModelFallbacks',
  // Exact response cache (Tollgate only; docs/compatibility.md "Response cache").
  /** Whether answers are cached at all (off: the relay reads this one boolean and nothing else). */
  'ResponseCacheEnabled',
  /** Size in MB of the per-process LRU used when Redis is not configured. */
  'ResponseCacheMaxMB',
  /**
   * Which calls are cached, first match wins: `[{ models?, groups?, token_ids?, ttl_seconds?,
   * allow_temperature?, charge_ratio? }]` (absent lists match any).
   */
  'ResponseCacheRules',
  // Token keys in lists (Tollgate only; docs/compatibility.md "Token and channel keys").
  /**
   * Whether token lists show full keys, for consoles that copy keys from the list (new-api's
   * April-2025 console); off, lists show them masked and the reveal routes give them.
   */
  'TokenKeysInLists',
  // Console dashboard (new-api's `console_setting.*`).
  /**
   * Uptime Kuma status pages shown by `GET /api/uptime/status`: `[{ categoryName, url, slug,
   * description? }]`.
   */
  'console_setting.uptime_kuma_groups',
  // Ratio sync (docs/compatibility.md "Ratio sync").
  /** Whether `GET /api/ratio_config` shows this instance's ratios to other instances. */
  'ExposeRatioEnabled',
  // Midjourney.
  'MjNotifyEnabled',
  'MjAccountFilterEnabled',
  'MjModeClearEnabled',
  'MjForwardUrlEnabled',
  'MjActionCheckSuccessEnabled',
  // Sensitive words.
  'CheckSensitiveEnabled',
  'CheckSensitiveOnPromptEnabled',
  'StopOnSensitiveEnabled',
  'SensitiveWords',
  // Provider settings.
  'claude.model_headers_settings',
  'claude.default_max_tokens',
  'claude.thinking_adapter_enabled',
  'claude.thinking_adapter_budget_tokens_percentage',
  'gemini.safety_settings',
  'gemini.version_settings',
  'gemini.supported_imagine_models',
  'gemini.thinking_adapter_enabled',
  'gemini.thinking_adapter_budget_tokens_percentage',
  'global.pass_through_request_enabled',
  // Daily check-in (new-api 1.0's `checkin_setting.*`; docs/compatibility.md "Daily check-in").
  'checkin_setting.enabled',
  /** Smallest and largest reward; read clamped at 0, an inverted range swapped. */
  'checkin_setting.min_quota',
  'checkin_setting.max_quota',
] as const;

export type OptionKey = (typeof OPTION_KEYS)[number];

const optionKeySet: ReadonlySet<string> = new Set(OPTION_KEYS);

/** Whether `key` is a known option key. */
export function isOptionKey(key: string): key is OptionKey {
  return optionKeySet.has(key);
}

/**
 * Credentials: never returned by `GET /api/option/`. The console shows these fields empty and
 * sends them only when the operator typed a new value.
 */
export const SECRET_OPTION_KEYS = [
  'GitHubClientSecret',
  'LinuxDOClientSecret',
  'WeChatServerToken',
  'TelegramBotToken',
  'TurnstileSecretKey',
  'oidc.client_secret',
  'discord.client_secret',
  'SMTPToken',
  'WorkerValidKey',
  'EpayKey',
  'StripeApiSecret',
  'StripeWebhookSecret',
  'CreemApiKey',
  'CreemWebhookSecret',
] as const satisfies readonly OptionKey[];

export type SecretOptionKey = (typeof SECRET_OPTION_KEYS)[number];

/**
 * `PUT /api/option/`: one key per call. Numbers and booleans are accepted and stored as their
 * text form (`true`, `5`, `0.5`). A missing `value` is the empty text, as new-api reads it: its
 * console leaves the field out when a setting is cleared (`{"key": "CustomCallbackAddress"}`);
 * the key's own rules still decide whether the empty text is allowed.
 */
export const optionUpdateSchema = z.object({
  key: z.string().min(1),
  value: z.union([z.string(), z.number(), z.boolean()]).default(''),
});
export type OptionUpdateRequest = z.infer<typeof optionUpdateSchema>;

/** One row of `GET /api/option/`. */
export interface OptionEntry {
  key: string;
  value: string;
}

/** Message of `POST /api/option/rest_model_ratio` on success. */
export const MODEL_RATIO_RESET_MESSAGE = '重置模型倍率成功';
