import { z } from 'zod';
import { creemProductsSchema, type OptionKey } from '@tollgate/contracts';
import { DEFAULT_CACHE_RATIO } from './defaults/default-cache-ratio.js';
import { DEFAULT_CHATS } from './defaults/default-chats.js';
import { DEFAULT_COMPLETION_RATIO } from './defaults/default-completion-ratio.js';
import {
  DEFAULT_AUTOMATIC_DISABLE_KEYWORDS,
  DEFAULT_EMAIL_DOMAIN_WHITELIST,
  DEFAULT_PAY_METHODS,
} from './defaults/default-lists.js';
import { DEFAULT_MODEL_PRICE } from './defaults/default-model-price.js';
import { DEFAULT_MODEL_RATIO } from './defaults/default-model-ratio.js';
import { goJsonStringify } from './go-json.js';
import { groupModelFallbacksRule, modelFallbacksRule } from './model-fallbacks.js';
import { JSON_OPTION_SCHEMAS, type JsonOptionKey, type JsonOptionValue } from './option-schemas.js';
import {
  emailDomainList,
  filled,
  httpUrlOrEmpty,
  imageUrlOrEmpty,
  inRange,
  MAX_RATIO_OR_PRICE,
  namedAndTyped,
  nonNegativeEntries,
  nonNegativeGroupRatios,
  nonNegativeNestedEntries,
  oneOf,
  requiresWhenEnabled,
  splitDomainList,
  type OptionRule,
} from './option-rules.js';

/**
 * How an option's text is read. `text` is free multi-line text, `string` a single value; JSON kinds
 * must parse to an object or an array of the option's shape.
 */
export type OptionKind =
  | 'boolean'
  | 'integer'
  | 'number'
  | 'string'
  | 'text'
  | 'json-object'
  | 'json-array';

/** One entry of the option catalogue. */
export interface OptionDefinition {
  readonly key: OptionKey;
  readonly kind: OptionKind;
  /** Text stored when the `options` table has no row for the key. */
  readonly defaultValue: string;
  /** A credential: never returned by `GET /api/option/`. */
  readonly secret: boolean;
  /**
   * Schema of a JSON option (from `JSON_OPTION_SCHEMAS`); enforced for stored rows as well as for
   * saves, and the source of the type `getJson` returns.
   */
  readonly schema?: z.ZodType;
  /** Checks made when an operator saves the option. */
  readonly rules: readonly OptionRule[];
}

interface Extras {
  secret?: boolean;
  rules?: OptionRule[];
}

function define(
  key: OptionKey,
  kind: OptionKind,
  defaultValue: string,
  extras: Extras & { schema?: z.ZodType } = {},
): OptionDefinition {
  return {
    key,
    kind,
    defaultValue,
    secret: extras.secret ?? false,
    schema: extras.schema,
    rules: extras.rules ?? [],
  };
}

const bool = (key: OptionKey, value: boolean, ...rules: OptionRule[]) =>
  define(key, 'boolean', value ? 'true' : 'false', { rules });
const int = (key: OptionKey, value: number, ...rules: OptionRule[]) =>
  define(key, 'integer', String(value), { rules });
const num = (key: OptionKey, value: number, ...rules: OptionRule[]) =>
  define(key, 'number', String(value), { rules });
const str = (key: OptionKey, value: string, ...rules: OptionRule[]) =>
  define(key, 'string', value, { rules });
const text = (key: OptionKey, value: string) => define(key, 'text', value);
const secret = (key: OptionKey) => define(key, 'string', '', { secret: true });
/** A JSON option; its kind and shape come from its schema, and the default is type-checked by it. */
function json<Key extends JsonOptionKey>(
  key: Key,
  value: JsonOptionValue<Key>,
  ...rules: OptionRule[]
): OptionDefinition {
  const schema = JSON_OPTION_SCHEMAS[key];
  const kind = schema instanceof z.ZodArray ? 'json-array' : 'json-object';
  return define(key, kind, goJsonStringify(value), { schema, rules });
}

/** Any value of a 32-bit integer column. */
const int32 = inRange({ min: -2_147_483_648, max: 2_147_483_647 });
/** Quota values end up in 32-bit integer columns. */
const quotaAmount = inRange({ min: 0, max: 2_147_483_647 });
const requestCount = (min: number) => inRange({ min, max: 100_000_000 });
const budgetPercentage = inRange({ min: 0.1, max: 1 });
/** Per-group limits: a count from 0 (unlimited) and a success count from 1, as the global ones. */
const groupRateLimits: OptionRule = (value, key) => {
  for (const [group, [count, successCount]] of Object.entries(
    value as Record<string, [number, number]>,
  )) {
    if (count < 0 || count > 100_000_000)
      return `${key} 中 ${group} 的请求总数必须在 0 到 100000000 之间`;
    if (successCount < 1 || successCount > 100_000_000)
      return `${key} 中 ${group} 的成功请求数必须在 1 到 100000000 之间`;
  }
  return undefined;
};

/** Output limits per model: whole tokens, from 0 to ten million. */
const maxTokenEntries: OptionRule = (value, key) => {
  for (const [name, entry] of Object.entries(value as Record<string, number>)) {
    if (entry < 0 || entry > 10_000_000) return `${key} 中 ${name} 的值必须在 0 到 10000000 之间`;
  }
  return undefined;
};

/** `CreemProducts`: a JSON array of `{productId, name, price, currency, quota}`. */
const creemProductsRule: OptionRule = (value, key) => {
  try {
    if (creemProductsSchema.safeParse(JSON.parse(String(value))).success) return undefined;
  } catch {
    // Reported below.
  }
  return `${key} 必须是 {productId, name, price, currency, quota} 的 JSON 数组`;
};

/** An IANA time zone the runtime knows ('' = the server's TZ). */
const timeZoneOrEmpty: OptionRule = (value, key) => {
  if (value === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(value) });
    return undefined;
  } catch {
    return `${key} 不是有效的时区（例如 Asia/Shanghai、UTC）`;
  }
};

/** Uptime Kuma pages: at most 20, each category name once (new-api's limits). */
const uptimeKumaGroups: OptionRule = (value, key) => {
  const groups = value as readonly { categoryName: string }[];
  if (groups.length > 20) return `${key} 最多 20 个分组`;
  const names = new Set<string>();
  for (const [index, group] of groups.entries()) {
    if (names.has(group.categoryName)) return `${key} 中 [${index}] 的分类名称与其他分组重复`;
    names.add(group.categoryName);
  }
  return undefined;
};

const DEFAULT_GROUP_RATIO = { default: 1, vip: 1, svip: 1 };

/** Every option the server knows, with its default text, kind and checks. */
const definitions: OptionDefinition[] = [
  int('FileUploadPermission', 0),
  int('FileDownloadPermission', 0),
  int('ImageUploadPermission', 0),
  int('ImageDownloadPermission', 0),

  bool('PasswordLoginEnabled', true),
  bool('PasswordRegisterEnabled', true),
  bool('RegisterEnabled', true),
  bool('EmailVerificationEnabled', false),
  bool(
    'EmailDomainRestrictionEnabled',
    false,
    requiresWhenEnabled(
      (context) => splitDomainList(context.get('EmailDomainWhitelist')).length > 0,
      '无法启用邮箱域名限制，请先填入限制的邮箱域名！',
    ),
  ),
  bool('EmailAliasRestrictionEnabled', false),
  str('EmailDomainWhitelist', DEFAULT_EMAIL_DOMAIN_WHITELIST, emailDomainList),
  bool(
    'GitHubOAuthEnabled',
    false,
    requiresWhenEnabled(
      filled('GitHubClientId'),
      '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    ),
  ),
  str('GitHubClientId', ''),
  secret('GitHubClientSecret'),
  bool(
    'LinuxDOOAuthEnabled',
    false,
    requiresWhenEnabled(
      filled('LinuxDOClientId'),
      '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
    ),
  ),
  str('LinuxDOClientId', ''),
  secret('LinuxDOClientSecret'),
  bool(
    'WeChatAuthEnabled',
    false,
    requiresWhenEnabled(
      filled('WeChatServerAddress'),
      '无法启用微信登录，请先填入微信登录相关配置信息！',
    ),
  ),
  str('WeChatServerAddress', '', httpUrlOrEmpty),
  secret('WeChatServerToken'),
  str('WeChatAccountQRCodeImageURL', '', imageUrlOrEmpty),
  bool(
    'TelegramOAuthEnabled',
    false,
    requiresWhenEnabled(
      filled('TelegramBotToken'),
      '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！',
    ),
  ),
  secret('TelegramBotToken'),
  str('TelegramBotName', ''),
  bool(
    'TurnstileCheckEnabled',
    false,
    requiresWhenEnabled(
      filled('TurnstileSiteKey'),
      '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
    ),
  ),
  str('TurnstileSiteKey', ''),
  secret('TurnstileSecretKey'),
  bool(
    'oidc.enabled',
    false,
    requiresWhenEnabled(
      filled('oidc.client_id'),
      '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！',
    ),
  ),
  str('oidc.client_id', ''),
  secret('oidc.client_secret'),
  str('oidc.well_known', '', httpUrlOrEmpty),
  str('oidc.authorization_endpoint', '', httpUrlOrEmpty),
  str('oidc.token_endpoint', '', httpUrlOrEmpty),
  str('oidc.user_info_endpoint', '', httpUrlOrEmpty),
  bool(
    'discord.enabled',
    false,
    requiresWhenEnabled(
      filled('discord.client_id'),
      '无法启用 Discord 登录，请先填入 Discord Client Id 以及 Discord Client Secret！',
    ),
  ),
  str('discord.client_id', ''),
  secret('discord.client_secret'),

  // Passkeys: empty relying party id and origins follow ServerAddress (accounts/passkeys/).
  bool('passkey.enabled', false),
  str('passkey.rp_display_name', ''),
  str('passkey.rp_id', ''),
  str('passkey.origins', ''),
  bool('passkey.allow_insecure_origin', false),
  str('passkey.user_verification', 'preferred', oneOf(['preferred', 'required', 'discouraged'])),
  str('passkey.attachment_preference', '', oneOf(['', 'platform', 'cross-platform'])),

  str('SMTPServer', ''),
  int('SMTPPort', 587, inRange({ min: 1, max: 65_535 })),
  str('SMTPAccount', ''),
  str('SMTPFrom', ''),
  secret('SMTPToken'),
  bool('SMTPSSLEnabled', false),

  text('Notice', ''),
  text('About', ''),
  text('HomePageContent', ''),
  text('Footer', ''),
  str('SystemName', 'Tollgate'),
  str('Logo', '', imageUrlOrEmpty),
  // The reference keeps "" in the option map; /api/status falls back to http://localhost:3000.
  // new-api's default; `GET /api/status` reads the same value.
  str('ServerAddress', 'http://localhost:3000', httpUrlOrEmpty),
  str('TopUpLink', '', httpUrlOrEmpty),
  str('general_setting.docs_link', '', httpUrlOrEmpty),
  bool('general_setting.ping_interval_enabled', false),
  int('general_setting.ping_interval_seconds', 60, inRange({ min: 1, max: 3600 })),

  str('WorkerUrl', '', httpUrlOrEmpty),
  secret('WorkerValidKey'),
  str('PayAddress', '', httpUrlOrEmpty),
  str('CustomCallbackAddress', '', httpUrlOrEmpty),
  str('EpayId', ''),
  secret('EpayKey'),
  num('Price', 7.3, inRange({ min: 0, max: MAX_RATIO_OR_PRICE })),
  int('MinTopUp', 1, quotaAmount),
  num('USDExchangeRate', 7.3, inRange({ above: 0, max: MAX_RATIO_OR_PRICE })),
  json('TopupGroupRatio', DEFAULT_GROUP_RATIO, nonNegativeEntries),
  json('PayMethods', DEFAULT_PAY_METHODS, namedAndTyped),
  secret('StripeApiSecret'),
  secret('StripeWebhookSecret'),
  str('StripePriceId', ''),
  num('StripeUnitPrice', 8, inRange({ min: 0, max: MAX_RATIO_OR_PRICE })),
  int('StripeMinTopUp', 1, quotaAmount),
  bool('StripePromotionCodesEnabled', false),
  secret('CreemApiKey'),
  secret('CreemWebhookSecret'),
  bool('CreemTestMode', false),
  // A JSON array kept as text, as new-api does; checked on save.
  define('CreemProducts', 'string', '[]', { rules: [creemProductsRule] }),
  json('Chats', DEFAULT_CHATS),

  int('QuotaForNewUser', 0, quotaAmount),
  int('QuotaForInviter', 0, quotaAmount),
  int('QuotaForInvitee', 0, quotaAmount),
  int('QuotaRemindThreshold', 1000, quotaAmount),
  int('PreConsumedQuota', 500, inRange({ min: 0, max: 10_000_000 })),
  num('QuotaPerUnit', 500_000, inRange({ min: 1, max: 1_000_000_000 })),

  bool('DisplayInCurrencyEnabled', true),
  bool('DisplayTokenStatEnabled', true),
  bool('DrawingEnabled', true),
  bool('TaskEnabled', true),
  bool('DataExportEnabled', true),
  int('DataExportInterval', 5, inRange({ min: 1, max: 1440 })),
  str('DataExportDefaultTime', 'hour', oneOf(['hour', 'day', 'week'])),
  bool('DefaultCollapseSidebar', false),
  bool('LogConsumeEnabled', true),
  // Days of logs the background job keeps (0 = forever); Tollgate's own, new-api has none.
  int('LogRetentionDays', 0, inRange({ min: 0, max: 36_500 })),
  int('RetryTimes', 0, inRange({ min: 0, max: 20 })),
  num('ChannelDisableThreshold', 5, inRange({ min: 0, max: 86_400 })),
  bool('AutomaticDisableChannelEnabled', false),
  bool('AutomaticEnableChannelEnabled', false),
  text('AutomaticDisableKeywords', DEFAULT_AUTOMATIC_DISABLE_KEYWORDS),
  // Tollgate's own: circuit breakers per channel and channel × model, and health-scaled weights
  // inside a priority tier (relay/channel-health/; new-api has neither).
  bool('CircuitBreakerEnabled', true),
  int('CircuitBreakerWindow', 20, inRange({ min: 1, max: 1000 })),
  int('CircuitBreakerFailureThreshold', 5, inRange({ min: 1, max: 1000 })),
  int('CircuitBreakerRateLimitThreshold', 3, inRange({ min: 1, max: 1000 })),
  int('CircuitBreakerCooldownSeconds', 30, inRange({ min: 1, max: 86_400 })),
  int('CircuitBreakerMaxCooldownSeconds', 300, inRange({ min: 1, max: 86_400 })),
  bool('ChannelHealthWeightingEnabled', true),
  bool('DemoSiteEnabled', false),
  bool('SelfUseModeEnabled', false),
  int('StreamCacheQueueLength', 0, inRange({ min: 0, max: 1_000_000 })),

  json('ModelRatio', DEFAULT_MODEL_RATIO, nonNegativeEntries),
  json('ModelPrice', DEFAULT_MODEL_PRICE, nonNegativeEntries),
  json('CompletionRatio', DEFAULT_COMPLETION_RATIO, nonNegativeEntries),
  json('CacheRatio', DEFAULT_CACHE_RATIO, nonNegativeEntries),
  json('GroupRatio', DEFAULT_GROUP_RATIO, nonNegativeGroupRatios),
  json('UserUsableGroups', { default: '默认分组', vip: 'vip分组' }),
  json('GroupGroupRatio', { vip: { edit_this: 0.9 } }, nonNegativeNestedEntries),
  json('AutoGroups', ['default']),
  bool('DefaultUseAutoGroup', false),

  bool('ModelRequestRateLimitEnabled', false),
  int('ModelRequestRateLimitCount', 0, requestCount(0)),
  int('ModelRequestRateLimitSuccessCount', 1000, requestCount(1)),
  int('ModelRequestRateLimitDurationMinutes', 1, inRange({ min: 1, max: 525_600 })),
  json('ModelRequestRateLimitGroup', {}, groupRateLimits),
  json('GroupLimits', {}),
  // Tollgate's own: the models tried when a model cannot answer a call (relay/model-fallback.ts).
  json('ModelFallbacks', {}, modelFallbacksRule),
  json('GroupModelFallbacks', {}, groupModelFallbacksRule),
  // Tollgate's own: the exact response cache (relay/response-cache/); its rules' ranges are
  // checked by their schema.
  bool('ResponseCacheEnabled', false),
  num('ResponseCacheMaxMB', 64, inRange({ min: 1, max: 65_536 })),
  json('ResponseCacheRules', []),
  // Tollgate's own: full token keys in lists again, for the April-2025 console (tokens/token-key-mask.ts).
  bool('TokenKeysInLists', false),
  str('LimitTimeZone', '', timeZoneOrEmpty),

  // new-api stores "" for none; a stored "" is read as the default (no pages).
  json('console_setting.uptime_kuma_groups', [], uptimeKumaGroups),
  // Off: `GET /api/ratio_config` refuses, so other instances cannot read this one's ratios.
  bool('ExposeRatioEnabled', false),

  bool('MjNotifyEnabled', false),
  bool('MjAccountFilterEnabled', false),
  bool('MjModeClearEnabled', false),
  bool('MjForwardUrlEnabled', true),
  bool('MjActionCheckSuccessEnabled', true),

  bool('CheckSensitiveEnabled', true),
  bool('CheckSensitiveOnPromptEnabled', true),
  bool('StopOnSensitiveEnabled', true),
  text('SensitiveWords', 'test_sensitive'),

  json('claude.model_headers_settings', {}),
  json('claude.default_max_tokens', { default: 8192 }, maxTokenEntries),
  bool('claude.thinking_adapter_enabled', true),
  num('claude.thinking_adapter_budget_tokens_percentage', 0.8, budgetPercentage),
  json('gemini.safety_settings', { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' }),
  json('gemini.version_settings', { default: 'v1beta', 'gemini-1.0-pro': 'v1' }),
  json('gemini.supported_imagine_models', [
    'gemini-2.0-flash-exp-image-generation',
    'gemini-2.0-flash-exp',
  ]),
  bool('gemini.thinking_adapter_enabled', false),
  num('gemini.thinking_adapter_budget_tokens_percentage', 0.6, budgetPercentage),
  bool('global.pass_through_request_enabled', false),

  // new-api 1.0's daily check-in (checkins/). Any 32-bit integer is stored as new-api stores it;
  // the reader clamps negatives to 0 and swaps an inverted range (checkins/checkin-settings.ts).
  bool('checkin_setting.enabled', false),
  int('checkin_setting.min_quota', 1000, int32),
  int('checkin_setting.max_quota', 10000, int32),
];

/** The option catalogue, keyed by option key (in a stable, grouped order). */
export const OPTION_CATALOGUE: ReadonlyMap<string, OptionDefinition> = new Map(
  definitions.map((definition) => [definition.key, definition]),
);

/** The catalogue entry of `key`, or undefined for an unknown key. */
export function findOptionDefinition(key: string): OptionDefinition | undefined {
  return OPTION_CATALOGUE.get(key);
}

/** Default text of every option (what a fresh database behaves as). */
export function defaultOptionValues(): Map<OptionKey, string> {
  return new Map(definitions.map((definition) => [definition.key, definition.defaultValue]));
}
