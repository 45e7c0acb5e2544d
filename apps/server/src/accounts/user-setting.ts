/**
 * The user setting (`users.setting`, JSON text): notification preferences, the acceptance of
 * unpriced models (reference §12.1) and the billing preference of subscriptions. Reading is lenient (rows written by new-api or by hand);
 * writing replaces the whole object, as new-api does.
 */
import {
  BILLING_PREFERENCES,
  NOTIFY_TYPES,
  type BillingPreference,
  type NotifyType,
  type UpdateUserSettingRequest,
} from '@tollgate/contracts';
import { failure } from '../errors/app-error.js';

/** The setting as stored. Key names are new-api's. */
export interface UserSetting {
  accept_unset_model_ratio_model?: boolean;
  /** Where relay calls take quota from first (read it through `billingPreferenceOf`). */
  billing_preference?: string;
  notification_email?: string;
  notify_type?: NotifyType;
  quota_warning_threshold?: number;
  webhook_secret?: string;
  webhook_url?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses stored setting text; unreadable text or fields of the wrong type are left out. */
export function readUserSetting(text: string | null | undefined): UserSetting {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(parsed)) return {};
  const setting: UserSetting = {};
  if (typeof parsed.accept_unset_model_ratio_model === 'boolean') {
    setting.accept_unset_model_ratio_model = parsed.accept_unset_model_ratio_model;
  }
  if ((NOTIFY_TYPES as readonly unknown[]).includes(parsed.notify_type)) {
    setting.notify_type = parsed.notify_type as NotifyType;
  }
  const threshold = parsed.quota_warning_threshold;
  if (typeof threshold === 'number' && Number.isFinite(threshold)) {
    setting.quota_warning_threshold = threshold;
  }
  for (const key of [
    'billing_preference',
    'notification_email',
    'webhook_secret',
    'webhook_url',
  ] as const) {
    const value = parsed[key];
    if (typeof value === 'string') setting[key] = value;
  }
  return setting;
}

/**
 * The stored setting text as the browser may see it: the webhook secret removed (it is
 * write-only). Anything else is returned as stored, so the console reads what new-api would send.
 */
export function settingTextForClient(text: string | null | undefined): string {
  if (!text || !text.includes('webhook_secret')) return text ?? '';
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return text;
    const { webhook_secret: _secret, ...shown } = parsed;
    return JSON.stringify(shown);
  } catch {
    // Not JSON: nothing the client could read a secret from.
    return text;
  }
}

/**
 * Whether the stored setting holds a webhook secret. The console cannot read the secret, so it
 * is told this instead, to show that one is set (and that leaving the field empty keeps it).
 */
export function hasWebhookSecret(text: string | null | undefined): boolean {
  return (readUserSetting(text).webhook_secret ?? '') !== '';
}

/** Whether a webhook URL may be used: a parseable https URL (http only when allowed). */
export function webhookUrlProblem(url: string, allowHttp: boolean): string | undefined {
  if (url === '') return 'Webhook地址不能为空';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '无效的Webhook地址';
  }
  if (parsed.protocol === 'https:' || (allowHttp && parsed.protocol === 'http:')) return undefined;
  if (parsed.protocol === 'http:') return 'Webhook地址必须以https://开头';
  return '无效的Webhook地址';
}

/**
 * Builds the setting `PUT /api/user/setting` stores, checking each rule with new-api's message.
 * An empty secret with the webhook type keeps `previous`'s secret (the console never has it).
 */
export function buildUserSetting(
  request: UpdateUserSettingRequest,
  previous: UserSetting,
  rules: { allowHttpWebhook: boolean },
): UserSetting {
  const notifyType = request.notify_type;
  if (notifyType !== 'email' && notifyType !== 'webhook') throw failure('无效的预警类型');
  if (!(request.quota_warning_threshold > 0)) throw failure('预警阈值必须大于0');
  const setting: UserSetting = {
    accept_unset_model_ratio_model: request.accept_unset_model_ratio_model,
    notify_type: notifyType,
    quota_warning_threshold: request.quota_warning_threshold,
  };
  // Set on its own route (`PUT /api/subscription/self/preference`): kept across this one.
  if (previous.billing_preference) setting.billing_preference = previous.billing_preference;
  if (notifyType === 'webhook') {
    const url = request.webhook_url.trim();
    const problem = webhookUrlProblem(url, rules.allowHttpWebhook);
    if (problem) throw failure(problem);
    setting.webhook_url = url;
    const secret = request.webhook_secret.trim() || previous.webhook_secret;
    if (secret) setting.webhook_secret = secret;
  } else {
    const email = request.notification_email.trim();
    if (email !== '') {
      if (!email.includes('@')) throw failure('无效的邮箱地址');
      setting.notification_email = email;
    }
  }
  return setting;
}

/** The text stored for a setting: keys in alphabetical order, as new-api's JSON encoder writes. */
export function userSettingText(setting: UserSetting): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(setting).sort()) {
    const value = setting[key as keyof UserSetting];
    if (value !== undefined) sorted[key] = value;
  }
  return JSON.stringify(sorted);
}

/**
 * The user's billing preference: `subscription_first` unless the setting names another known one
 * (new-api maps anything unknown to it).
 */
export function billingPreferenceOf(setting: UserSetting): BillingPreference {
  return normaliseBillingPreference(setting.billing_preference ?? '');
}

export function normaliseBillingPreference(value: string): BillingPreference {
  return (BILLING_PREFERENCES as readonly string[]).includes(value)
    ? (value as BillingPreference)
    : 'subscription_first';
}

/**
 * The setting text with `billing_preference` set to `preference`, every other key kept as stored
 * (keys new-api writes that Tollgate does not read included); keys in alphabetical order.
 */
export function settingTextWithBillingPreference(
  text: string | null | undefined,
  preference: BillingPreference,
): string {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (isRecord(parsed)) stored = parsed;
  } catch {
    // Unreadable text is replaced, as a whole-setting write would.
  }
  const next: Record<string, unknown> = { ...stored, billing_preference: preference };
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(next).sort()) sorted[key] = next[key];
  return JSON.stringify(sorted);
}
