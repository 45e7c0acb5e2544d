import type { NotifyType, UserSetting } from './user-setting';

/** What the notification tab edits. */
export interface NotificationFormValues {
  notifyType: NotifyType;
  /** Quota; null while the field is empty. */
  threshold: number | null;
  webhookUrl: string;
  /** Write-only: always starts empty; '' keeps the stored secret. */
  webhookSecret: string;
  notificationEmail: string;
}

/** Translation keys (namespace `personal`, under `notification.errors`) of the form's refusals. */
export type NotificationFormProblem =
  | 'thresholdInvalid'
  | 'webhookUrlRequired'
  | 'webhookUrlHttps'
  | 'emailInvalid';

export type NotificationFormResult =
  | { ok: true; setting: Omit<UserSetting, 'acceptUnsetModelRatioModel'>; webhookSecret: string }
  | { ok: false; field: keyof NotificationFormValues; problem: NotificationFormProblem };

/**
 * The form values of a stored setting. The secret field starts empty: it is never read back. A
 * fractional stored threshold (the server keeps any number) becomes the nearest whole amount.
 */
export function notificationFormValuesOf(setting: UserSetting): NotificationFormValues {
  return {
    notifyType: setting.notifyType,
    threshold: Math.max(1, Math.round(setting.quotaWarningThreshold)),
    webhookUrl: setting.webhookUrl,
    webhookSecret: '',
    notificationEmail: setting.notificationEmail,
  };
}

// One @, something on both sides, a dot in the domain, no spaces: enough to catch typing
// mistakes; the mail server is the real judge.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True for an absolute https:// URL with a host (or http:// too when `allowHttp`). */
export function isHttpsUrl(text: string, allowHttp = false): boolean {
  try {
    const url = new URL(text);
    const protocolAllowed = url.protocol === 'https:' || (allowHttp && url.protocol === 'http:');
    return protocolAllowed && url.hostname !== '';
  } catch {
    return false;
  }
}

/** What the server accepts besides the form's own checks. */
export interface NotificationFormRules {
  /** The server takes http:// webhook URLs (`webhook_allow_http`, NOTIFY_ALLOW_HTTP_WEBHOOK). */
  allowHttpWebhook: boolean;
}

/**
 * Checks the form and returns what to save. Only the fields of the chosen notify type are
 * checked (the others are hidden); the threshold is a whole quota amount above 0; a webhook URL
 * must be https (spec part 1 §5), or http too when the server says it accepts that.
 */
export function readNotificationForm(
  values: NotificationFormValues,
  rules: NotificationFormRules = { allowHttpWebhook: false },
): NotificationFormResult {
  const threshold = values.threshold;
  if (threshold === null || !Number.isSafeInteger(threshold) || threshold <= 0) {
    return { ok: false, field: 'threshold', problem: 'thresholdInvalid' };
  }
  const webhookUrl = values.webhookUrl.trim();
  const notificationEmail = values.notificationEmail.trim();
  if (values.notifyType === 'webhook') {
    if (webhookUrl === '') return { ok: false, field: 'webhookUrl', problem: 'webhookUrlRequired' };
    if (!isHttpsUrl(webhookUrl, rules.allowHttpWebhook)) {
      return { ok: false, field: 'webhookUrl', problem: 'webhookUrlHttps' };
    }
  } else if (notificationEmail !== '' && !emailPattern.test(notificationEmail)) {
    return { ok: false, field: 'notificationEmail', problem: 'emailInvalid' };
  }
  return {
    ok: true,
    setting: {
      notifyType: values.notifyType,
      quotaWarningThreshold: threshold,
      webhookUrl,
      notificationEmail,
    },
    webhookSecret: values.webhookSecret,
  };
}
