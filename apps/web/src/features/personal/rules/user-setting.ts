import { NOTIFY_TYPES, type NotifyType, type UpdateUserSettingRequest } from '@tollgate/contracts';
import { isRecord } from '../../../lib/local-store';

export type { NotifyType };

/**
 * Warning threshold when the account has no readable setting yet (spec part 1 §9: "100000 in
 * state").
 */
export const initialWarningThreshold = 100000;

/** Warning threshold when a stored setting leaves it out (spec part 1 §9: "500000 when absent"). */
export const absentWarningThreshold = 500000;

/**
 * The user setting as the console edits it, read from the `setting` JSON text of
 * `GET /api/user/self`. The webhook secret is write-only: it is never read back into the console.
 */
export interface UserSetting {
  notifyType: NotifyType;
  /** Remaining quota under which a warning is sent. */
  quotaWarningThreshold: number;
  webhookUrl: string;
  /** '' = the account's own email. */
  notificationEmail: string;
  /** Accept calls to models that have no price (billed at the server's fallback ratio). */
  acceptUnsetModelRatioModel: boolean;
}

/** `PUT /api/user/setting` as the console sends it: the whole setting, every field. */
export type UserSettingRequest = UpdateUserSettingRequest & { notify_type: NotifyType };

function isNotifyType(value: unknown): value is NotifyType {
  return typeof value === 'string' && (NOTIFY_TYPES as readonly string[]).includes(value);
}

function positiveNumber(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : null;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The setting of an account that has none. */
export function defaultUserSetting(): UserSetting {
  return {
    notifyType: 'email',
    quotaWarningThreshold: initialWarningThreshold,
    webhookUrl: '',
    notificationEmail: '',
    acceptUnsetModelRatioModel: false,
  };
}

/**
 * Reads the `setting` text of the own user. Anything unreadable (empty, not JSON, not an object)
 * gives the defaults; inside an object each field falls back on its own when missing or of the
 * wrong type, so one bad field never loses the others.
 */
export function parseUserSetting(text: unknown): UserSetting {
  const defaults = defaultUserSetting();
  if (typeof text !== 'string' || text.trim() === '') return defaults;
  const value = readJson(text);
  if (!isRecord(value)) return defaults;
  return {
    notifyType: isNotifyType(value.notify_type) ? value.notify_type : defaults.notifyType,
    quotaWarningThreshold: positiveNumber(value.quota_warning_threshold) ?? absentWarningThreshold,
    webhookUrl: typeof value.webhook_url === 'string' ? value.webhook_url : '',
    notificationEmail: typeof value.notification_email === 'string' ? value.notification_email : '',
    acceptUnsetModelRatioModel: value.accept_unset_model_ratio_model === true,
  };
}

/**
 * Whether the account has a webhook secret stored, so the empty secret field can say that one
 * is set and that leaving it empty keeps it. Tollgate says so in `webhook_secret_set` (it never
 * sends the secret); a server that sends the secret inside the setting text is read as well.
 */
export function hasStoredWebhookSecret(user: { setting: string; webhook_secret_set: boolean }) {
  if (user.webhook_secret_set) return true;
  const value = readJson(user.setting);
  return isRecord(value) && typeof value.webhook_secret === 'string' && value.webhook_secret !== '';
}

/**
 * The `PUT /api/user/setting` body for a setting. The whole setting is replaced, so every field
 * is sent; an empty secret keeps the stored one.
 */
export function userSettingRequest(setting: UserSetting, webhookSecret = ''): UserSettingRequest {
  return {
    notify_type: setting.notifyType,
    quota_warning_threshold: setting.quotaWarningThreshold,
    webhook_url: setting.webhookUrl,
    webhook_secret: webhookSecret,
    notification_email: setting.notificationEmail,
    accept_unset_model_ratio_model: setting.acceptUnsetModelRatioModel,
  };
}
