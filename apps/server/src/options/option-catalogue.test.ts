import { describe, expect, it } from 'vitest';
// Relative import: the contracts package may not be built when unit tests run.
import { OPTION_KEYS, SECRET_OPTION_KEYS } from '../../../../packages/contracts/src/option-keys.js';
import { OPTION_CATALOGUE, defaultOptionValues, findOptionDefinition } from './option-catalogue.js';
import { parseOptionText, validateOptionText } from './option-parse.js';
import type { OptionRuleContext } from './option-rules.js';
import { isSecretOption } from './public-options.js';
import { DEFAULT_MODEL_RATIO } from './defaults/default-model-ratio.js';

/** The reference's pre-seeded plain keys (§11.2), listed independently of the catalogue. */
// prettier-ignore
const REFERENCE_PLAIN_KEYS = [
  'FileUploadPermission', 'FileDownloadPermission', 'ImageUploadPermission', 'ImageDownloadPermission',
  'PasswordLoginEnabled', 'PasswordRegisterEnabled', 'RegisterEnabled', 'EmailVerificationEnabled',
  'EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled', 'EmailDomainWhitelist',
  'GitHubOAuthEnabled', 'GitHubClientId', 'GitHubClientSecret', 'LinuxDOOAuthEnabled',
  'WeChatAuthEnabled', 'WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL',
  'TelegramOAuthEnabled', 'TelegramBotToken', 'TelegramBotName', 'TurnstileCheckEnabled',
  'TurnstileSiteKey', 'TurnstileSecretKey', 'SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom',
  'SMTPToken', 'SMTPSSLEnabled', 'Notice', 'About', 'HomePageContent', 'Footer', 'SystemName', 'Logo',
  'ServerAddress', 'WorkerUrl', 'WorkerValidKey', 'PayAddress', 'CustomCallbackAddress', 'EpayId',
  'EpayKey', 'Price', 'MinTopUp', 'TopupGroupRatio', 'Chats', 'QuotaForNewUser', 'QuotaForInviter',
  'QuotaForInvitee', 'QuotaRemindThreshold', 'PreConsumedQuota', 'QuotaPerUnit',
  'DisplayInCurrencyEnabled', 'DisplayTokenStatEnabled', 'DrawingEnabled', 'TaskEnabled',
  'DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime', 'DefaultCollapseSidebar',
  'LogConsumeEnabled', 'RetryTimes', 'ChannelDisableThreshold', 'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled', 'AutomaticDisableKeywords', 'ModelRatio', 'ModelPrice',
  'CompletionRatio', 'CacheRatio', 'GroupRatio', 'UserUsableGroups', 'TopUpLink',
  'ModelRequestRateLimitEnabled', 'ModelRequestRateLimitCount', 'ModelRequestRateLimitSuccessCount',
  'ModelRequestRateLimitDurationMinutes', 'MjNotifyEnabled', 'MjAccountFilterEnabled',
  'MjModeClearEnabled', 'MjForwardUrlEnabled', 'MjActionCheckSuccessEnabled', 'CheckSensitiveEnabled',
  'CheckSensitiveOnPromptEnabled', 'StopOnSensitiveEnabled', 'SensitiveWords',
  'StreamCacheQueueLength', 'DemoSiteEnabled', 'SelfUseModeEnabled',
];

// prettier-ignore
const REFERENCE_DOTTED_KEYS = [
  'oidc.enabled', 'oidc.client_id', 'oidc.client_secret', 'oidc.well_known',
  'oidc.authorization_endpoint', 'oidc.token_endpoint', 'oidc.user_info_endpoint',
  'general_setting.docs_link', 'claude.model_headers_settings', 'claude.default_max_tokens',
  'claude.thinking_adapter_enabled', 'claude.thinking_adapter_budget_tokens_percentage',
  'gemini.safety_settings', 'gemini.version_settings', 'global.pass_through_request_enabled',
];

/** Keys the console specs use that the reference snapshot does not have. */
// prettier-ignore
const SPEC_ONLY_KEYS = [
  'LinuxDOClientId', 'LinuxDOClientSecret', 'USDExchangeRate', 'PayMethods', 'GroupGroupRatio',
  'AutoGroups', 'DefaultUseAutoGroup', 'general_setting.ping_interval_enabled',
  'general_setting.ping_interval_seconds', 'gemini.supported_imagine_models',
  'gemini.thinking_adapter_enabled', 'gemini.thinking_adapter_budget_tokens_percentage',
];
/** Keys of later new-api releases (new-api-2026-additions.md). */
const NEW_API_2026_KEYS = [
  'discord.enabled',
  'discord.client_id',
  'discord.client_secret',
  'console_setting.uptime_kuma_groups',
  'ExposeRatioEnabled',
  'checkin_setting.enabled',
  'checkin_setting.min_quota',
  'checkin_setting.max_quota',
  'passkey.enabled',
  'passkey.rp_display_name',
  'passkey.rp_id',
  'passkey.origins',
  'passkey.allow_insecure_origin',
  'passkey.user_verification',
  'passkey.attachment_preference',
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
];

/** Keys Tollgate adds (each documented in docs/compatibility.md). */
const TOLLGATE_KEYS = [
  'ModelRequestRateLimitGroup',
  'LogRetentionDays',
  'GroupLimits',
  'LimitTimeZone',
  'CircuitBreakerEnabled',
  'CircuitBreakerWindow',
  'CircuitBreakerFailureThreshold',
  'CircuitBreakerRateLimitThreshold',
  'CircuitBreakerCooldownSeconds',
  'CircuitBreakerMaxCooldownSeconds',
  'ChannelHealthWeightingEnabled',
  'ModelFallbacks',
  'GroupModelFallbacks',
  'ResponseCacheEnabled',
  'ResponseCacheMaxMB',
  'ResponseCacheRules',
  'TokenKeysInLists',
];

function contextWith(overrides: Record<string, string> = {}): OptionRuleContext {
  const values = defaultOptionValues();
  return { get: (key) => overrides[key] ?? values.get(key) ?? '' };
}

/** Saves `value` for `key` against the defaults (plus overrides) and returns the message, if any. */
function refusal(key: string, value: string, overrides: Record<string, string> = {}) {
  const definition = findOptionDefinition(key);
  if (!definition) throw new Error(`no option ${key}`);
  const result = validateOptionText(definition, value, contextWith(overrides));
  return result.ok ? undefined : result.message;
}

describe('option catalogue', () => {
  it('holds exactly the keys the contracts list', () => {
    expect([...OPTION_CATALOGUE.keys()].sort()).toEqual([...OPTION_KEYS].sort());
    expect(new Set(OPTION_KEYS).size).toBe(OPTION_KEYS.length);
  });

  it('covers every key of the reference and of both specs', () => {
    expect(REFERENCE_PLAIN_KEYS).toHaveLength(91);
    expect(REFERENCE_DOTTED_KEYS).toHaveLength(15);
    const all = [
      ...REFERENCE_PLAIN_KEYS,
      ...REFERENCE_DOTTED_KEYS,
      ...SPEC_ONLY_KEYS,
      ...NEW_API_2026_KEYS,
      ...TOLLGATE_KEYS,
    ];
    for (const key of all) expect(OPTION_CATALOGUE.has(key), key).toBe(true);
    expect(OPTION_CATALOGUE.size).toBe(all.length);
  });

  it('has defaults that pass their own checks', () => {
    for (const definition of OPTION_CATALOGUE.values()) {
      const result = validateOptionText(definition, definition.defaultValue, contextWith());
      expect(result, definition.key).toMatchObject({ ok: true });
    }
  });

  it('marks exactly the credentials as secret', () => {
    const secrets = [...OPTION_CATALOGUE.values()]
      .filter((entry) => entry.secret)
      .map((entry) => entry.key);
    expect(secrets.sort()).toEqual([...SECRET_OPTION_KEYS].sort());
    for (const key of OPTION_KEYS) {
      if (/(Token|Secret|Key|_secret)$/.test(key) && key !== 'TurnstileSiteKey') {
        expect(isSecretOption(key), key).toBe(true);
      }
    }
    expect(isSecretOption('TurnstileSiteKey')).toBe(false);
    // A credential-looking key the catalogue does not know is still treated as secret.
    expect(isSecretOption('StripeApiSecret')).toBe(true);
    expect(isSecretOption('discord.client_secret')).toBe(true);
  });

  it('uses the reference default texts', () => {
    const defaults = defaultOptionValues();
    expect(defaults.get('GroupRatio')).toBe('{"default":1,"svip":1,"vip":1}');
    expect(defaults.get('TopupGroupRatio')).toBe('{"default":1,"svip":1,"vip":1}');
    expect(defaults.get('UserUsableGroups')).toBe('{"default":"默认分组","vip":"vip分组"}');
    expect(defaults.get('CompletionRatio')).toBe(
      '{"gpt-4-all":2,"gpt-4-gizmo-*":2,"gpt-4o-gizmo-*":3}',
    );
    expect(defaults.get('gemini.safety_settings')).toBe(
      '{"HARM_CATEGORY_CIVIC_INTEGRITY":"BLOCK_NONE","default":"OFF"}',
    );
    expect(defaults.get('gemini.version_settings')).toBe(
      '{"default":"v1beta","gemini-1.0-pro":"v1"}',
    );
    expect(defaults.get('claude.default_max_tokens')).toBe('{"default":8192}');
    expect(defaults.get('claude.model_headers_settings')).toBe('{}');
    expect(defaults.get('claude.thinking_adapter_budget_tokens_percentage')).toBe('0.8');
    expect(defaults.get('gemini.thinking_adapter_budget_tokens_percentage')).toBe('0.6');
    expect(defaults.get('Price')).toBe('7.3');
    expect(defaults.get('USDExchangeRate')).toBe('7.3');
    expect(defaults.get('QuotaPerUnit')).toBe('500000');
    expect(defaults.get('SMTPPort')).toBe('587');
    expect(defaults.get('SystemName')).toBe('Tollgate');
    expect(defaults.get('general_setting.docs_link')).toBe('');
    expect(defaults.get('DataExportDefaultTime')).toBe('hour');
    expect(defaults.get('MjForwardUrlEnabled')).toBe('true');
    expect(defaults.get('ModelRequestRateLimitSuccessCount')).toBe('1000');
    expect(defaults.get('SensitiveWords')).toBe('test_sensitive');
    expect(defaults.get('AutomaticDisableKeywords')?.split('\n')).toHaveLength(7);
    expect(defaults.get('ServerAddress')).toBe('http://localhost:3000');
    expect(defaults.get('Chats')).toContain('ama://set-api-key?server={address}\\u0026key={key}');
    expect(JSON.parse(defaults.get('Chats') ?? '')).toHaveLength(5);
  });

  it('carries the built-in price maps', () => {
    const ratio = JSON.parse(defaultOptionValues().get('ModelRatio') ?? '') as Record<
      string,
      number
    >;
    expect(Object.keys(ratio)).toHaveLength(Object.keys(DEFAULT_MODEL_RATIO).length);
    expect(ratio['gpt-4']).toBe(15);
    expect(ratio['ERNIE-4.0-8K']).toBeCloseTo((0.12 * 500) / 7.3, 12);
    expect(ratio['yi-medium']).toBeCloseTo((2.5 / 1000) * (500 / 7.3), 12);
    expect(ratio['deepseek-reasoner']).toBe(0.275);
    const price = JSON.parse(defaultOptionValues().get('ModelPrice') ?? '') as Record<
      string,
      number
    >;
    expect(price['imagen-3.0-generate-002']).toBe(0.03);
    expect(price.mj_inpaint).toBe(0);
    const cache = JSON.parse(defaultOptionValues().get('CacheRatio') ?? '') as Record<
      string,
      number
    >;
    expect(cache['deepseek-chat']).toBe(0.25);
    expect(cache['claude-3-7-sonnet-20250219']).toBe(0.1);
  });
});

describe('option validation', () => {
  it('reads kinds strictly on save and leniently from stored rows', () => {
    expect(refusal('DrawingEnabled', 'yes')).toBe('DrawingEnabled 的值必须是 true 或 false');
    const drawing = findOptionDefinition('DrawingEnabled');
    expect(drawing && parseOptionText(drawing, 'yes', false)).toEqual({ ok: true, value: false });
    expect(refusal('RetryTimes', '1.5')).toBe('RetryTimes 的值必须是整数');
    expect(refusal('RetryTimes', '')).toBe('RetryTimes 的值必须是整数');
    expect(refusal('RetryTimes', '-1')).toBe('RetryTimes 不能小于 0');
    expect(refusal('RetryTimes', '3')).toBeUndefined();
    expect(refusal('Price', 'abc')).toBe('Price 的值必须是数字');
    expect(refusal('Price', 'Infinity')).toBe('Price 的值必须是数字');
    expect(refusal('Price', '7.5')).toBeUndefined();
  });

  it('requires a positive QuotaPerUnit and USDExchangeRate', () => {
    expect(refusal('QuotaPerUnit', '0')).toBe('QuotaPerUnit 不能小于 1');
    expect(refusal('QuotaPerUnit', '500000.5')).toBeUndefined();
    expect(refusal('USDExchangeRate', '-1')).toBe('USDExchangeRate 必须大于 0');
  });

  it('checks JSON options parse to the right shape', () => {
    expect(refusal('ModelRatio', '{bad')).toBe('ModelRatio 不是合法的 JSON 字符串');
    expect(refusal('ModelRatio', '[1]')).toBe('ModelRatio 必须是 JSON 对象');
    expect(refusal('ModelRatio', '{"gpt-4":"15"}')).toBe('ModelRatio 中 gpt-4 的值必须是数字');
    expect(refusal('ModelRatio', '{"gpt-4":-1}')).toBe('ModelRatio 中 gpt-4 的值不能小于 0');
    expect(refusal('ModelRatio', '{"gpt-4":0,"x":2.5}')).toBeUndefined();
    expect(refusal('GroupRatio', '{"vip":-0.5}')).toBe('group ratio must be not less than 0: vip');
    expect(refusal('Chats', '{}')).toBe('Chats 必须是 JSON 数组');
    expect(refusal('Chats', '[{"a":1}]')).toBe('Chats 中 [0].a 的值必须是字符串');
    expect(refusal('PayMethods', '[{"name":"x"}]')).toBe(
      'PayMethods 的每一项都必须有 name 和 type',
    );
    expect(
      refusal('PayMethods', '[{"name":"支付宝","type":"zfb","color":"blue"}]'),
    ).toBeUndefined();
    expect(refusal('GroupGroupRatio', '{"vip":{"default":-1}}')).toBe(
      'GroupGroupRatio 中 vip.default 的值不能小于 0',
    );
    expect(refusal('AutoGroups', '["default",1]')).toBe('AutoGroups 中 [1] 的值必须是字符串');
    expect(refusal('claude.model_headers_settings', '{"m":{"h":"v"}}')).toBe(
      'claude.model_headers_settings 中 m.h 的值必须是 JSON 数组',
    );
    expect(refusal('claude.model_headers_settings', '{"m":{"h":["v",2]}}')).toBe(
      'claude.model_headers_settings 中 m.h[1] 的值必须是字符串',
    );
    expect(refusal('GroupGroupRatio', '{"vip":{"default":"x"}}')).toBe(
      'GroupGroupRatio 中 vip.default 的值必须是数字',
    );
    expect(refusal('ModelRatio', '{"gpt-4":1e999}')).toBe('ModelRatio 中 gpt-4 的值必须是数字');
    expect(
      refusal('claude.model_headers_settings', '{"m":{"anthropic-beta":["x"]}}'),
    ).toBeUndefined();
    expect(refusal('claude.default_max_tokens', '{"default":1.5}')).toBe(
      'claude.default_max_tokens 中 default 的值必须是整数',
    );
  });

  it('checks the per-group model request limits', () => {
    expect(refusal('ModelRequestRateLimitGroup', '{"vip":[10,5]}')).toBeUndefined();
    expect(refusal('ModelRequestRateLimitGroup', '{"vip":[10]}')).toBe(
      'ModelRequestRateLimitGroup 中 vip[1] 的值必须是整数',
    );
    expect(refusal('ModelRequestRateLimitGroup', '{"vip":10}')).toBe(
      'ModelRequestRateLimitGroup 中 vip 的值必须是 [请求总数, 成功请求数] 形式的数组',
    );
    expect(refusal('ModelRequestRateLimitGroup', '{"vip":[10,0]}')).toBe(
      'ModelRequestRateLimitGroup 中 vip 的成功请求数必须在 1 到 100000000 之间',
    );
    expect(refusal('ModelRequestRateLimitGroup', '{"vip":[1.5,3]}')).toBe(
      'ModelRequestRateLimitGroup 中 vip[0] 的值必须是整数',
    );
  });

  it('applies the rate-limit ranges of the specs', () => {
    expect(refusal('ModelRequestRateLimitCount', '0')).toBeUndefined();
    expect(refusal('ModelRequestRateLimitCount', '-1')).toBe(
      'ModelRequestRateLimitCount 不能小于 0',
    );
    expect(refusal('ModelRequestRateLimitCount', '100000001')).toBe(
      'ModelRequestRateLimitCount 不能大于 100000000',
    );
    expect(refusal('ModelRequestRateLimitSuccessCount', '0')).toBe(
      'ModelRequestRateLimitSuccessCount 不能小于 1',
    );
    expect(refusal('ModelRequestRateLimitDurationMinutes', '1')).toBeUndefined();
    expect(refusal('ModelRequestRateLimitDurationMinutes', '0')).toBe(
      'ModelRequestRateLimitDurationMinutes 不能小于 1',
    );
  });

  it('bounds thinking budgets, ping interval and data export settings', () => {
    expect(refusal('claude.thinking_adapter_budget_tokens_percentage', '0.05')).toBe(
      'claude.thinking_adapter_budget_tokens_percentage 不能小于 0.1',
    );
    expect(refusal('gemini.thinking_adapter_budget_tokens_percentage', '1.1')).toBe(
      'gemini.thinking_adapter_budget_tokens_percentage 不能大于 1',
    );
    expect(refusal('gemini.thinking_adapter_budget_tokens_percentage', '1')).toBeUndefined();
    expect(refusal('general_setting.ping_interval_seconds', '0')).toBe(
      'general_setting.ping_interval_seconds 不能小于 1',
    );
    expect(refusal('DataExportInterval', '0')).toBe('DataExportInterval 不能小于 1');
    expect(refusal('DataExportDefaultTime', 'month')).toBe(
      'DataExportDefaultTime 的值必须是 hour、day、week 之一',
    );
  });

  it('checks URLs', () => {
    expect(refusal('oidc.well_known', 'ftp://example.com/.well-known')).toBe(
      'oidc.well_known 必须以 http:// 或 https:// 开头',
    );
    expect(refusal('oidc.well_known', 'example.com')).toBeDefined();
    expect(
      refusal('oidc.well_known', 'https://id.example.com/.well-known/openid-configuration'),
    ).toBeUndefined();
    expect(refusal('oidc.well_known', '')).toBeUndefined();
    expect(refusal('TopUpLink', 'javascript:alert(1)')).toBeDefined();
    expect(refusal('TopUpLink', 'https://shop.example.com/buy?x=1')).toBeUndefined();
    expect(refusal('ServerAddress', 'http://localhost:3000')).toBeUndefined();
    expect(refusal('WeChatAccountQRCodeImageURL', 'data:image/png;base64,AAAA')).toBeUndefined();
  });

  it('checks the email domain whitelist', () => {
    expect(refusal('EmailDomainWhitelist', 'gmail.com,qq.com')).toBeUndefined();
    expect(refusal('EmailDomainWhitelist', '')).toBeUndefined();
    expect(refusal('EmailDomainWhitelist', 'gmail.com,not a domain')).toBe(
      '无效的邮箱域名：not a domain，例如 gmail.com',
    );
    expect(refusal('EmailDomainWhitelist', 'gmail.com,GMAIL.com')).toBe('邮箱域名重复：GMAIL.com');
  });

  it('refuses to turn on a login method before it is configured', () => {
    expect(refusal('GitHubOAuthEnabled', 'true')).toBe(
      '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    );
    expect(refusal('GitHubOAuthEnabled', 'true', { GitHubClientId: 'abc' })).toBeUndefined();
    expect(refusal('GitHubOAuthEnabled', 'false')).toBeUndefined();
    expect(refusal('oidc.enabled', 'true')).toBe(
      '无法启用 OIDC 登录，请先填入 OIDC Client Id 以及 OIDC Client Secret！',
    );
    expect(refusal('LinuxDOOAuthEnabled', 'true')).toBe(
      '无法启用 LinuxDO OAuth，请先填入 LinuxDO Client Id 以及 LinuxDO Client Secret！',
    );
    expect(refusal('WeChatAuthEnabled', 'true')).toBe(
      '无法启用微信登录，请先填入微信登录相关配置信息！',
    );
    expect(refusal('TurnstileCheckEnabled', 'true')).toBe(
      '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
    );
    expect(refusal('TelegramOAuthEnabled', 'true')).toBe(
      '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！',
    );
    expect(refusal('TelegramOAuthEnabled', 'true', { TelegramBotToken: '1:x' })).toBeUndefined();
    expect(refusal('EmailDomainRestrictionEnabled', 'true', { EmailDomainWhitelist: ' , ' })).toBe(
      '无法启用邮箱域名限制，请先填入限制的邮箱域名！',
    );
    expect(refusal('EmailDomainRestrictionEnabled', 'true')).toBeUndefined();
  });

  it('checks the response cache rules field by field', () => {
    const rules = (value: unknown) => refusal('ResponseCacheRules', JSON.stringify(value));
    expect(
      rules([
        { models: ['gpt-4o-mini'], ttl_seconds: 300, allow_temperature: false, charge_ratio: 0 },
        { groups: ['vip'], token_ids: [3], charge_ratio: 0.5 },
        {},
      ]),
    ).toBeUndefined();
    expect(rules([{ ttl_seconds: 0 }])).toBe(
      'ResponseCacheRules 中 [0].ttl_seconds 的值必须在 1 到 2592000 之间',
    );
    expect(rules([{}, { ttl_seconds: 2_592_001 }])).toBe(
      'ResponseCacheRules 中 [1].ttl_seconds 的值必须在 1 到 2592000 之间',
    );
    expect(rules([{ charge_ratio: 1.5 }])).toBe(
      'ResponseCacheRules 中 [0].charge_ratio 的值必须在 0 到 1 之间',
    );
    expect(rules([{ models: [] }])).toContain('[0].models 的值不能是空数组');
    expect(rules([{ token_ids: [0] }])).toContain('[0].token_ids[0] 的值必须是正整数');
    expect(rules([{ model: ['x'] }])).toContain('含有未知字段 model');
    expect(rules({})).toBe('ResponseCacheRules 必须是 JSON 数组');
    expect(refusal('ResponseCacheMaxMB', '0')).toBe('ResponseCacheMaxMB 不能小于 1');
  });
});
