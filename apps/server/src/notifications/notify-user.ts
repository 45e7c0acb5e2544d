import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { OptionStore } from '../options/option-store.js';
import type { UserSetting } from '../accounts/user-setting.js';
import { sendEmail, smtpSettings } from './email-sender.js';
import { renderNotificationContent, type Notification } from './notification.js';
import type { NotifyThrottle } from './notify-throttle.js';
import { sendWebhook } from './webhook-sender.js';

/** Who receives a notification: the account's email and its parsed setting. */
export interface Recipient {
  id: number;
  email: string;
  setting: UserSetting;
}

export interface NotifierDeps {
  options: OptionStore;
  throttle: NotifyThrottle;
  /** NOTIFY_ALLOW_HTTP_WEBHOOK. */
  allowHttpWebhook: boolean;
  /** Sends webhooks (and through `WorkerUrl`) to global addresses only. */
  outbound: OutboundGuard;
}

/** What became of a notification that did not fail. */
export type Delivery = 'sent' | 'throttled' | 'no-address';

/**
 * Delivers one notification the way the recipient's setting asks (reference §12.1): by email to
 * `notification_email` or else the account's email (the default type), or to the webhook. Not
 * sent without an address, or over the throttle's allowance (checked once an address exists).
 * Throws the SMTP or webhook error.
 */
export async function notifyUser(
  deps: NotifierDeps,
  recipient: Recipient,
  notification: Notification,
): Promise<Delivery> {
  const { setting } = recipient;
  if (setting.notify_type === 'webhook') {
    const url = setting.webhook_url?.trim() ?? '';
    if (url === '') return 'no-address';
    if (!(await deps.throttle.allow(recipient.id, notification.type))) return 'throttled';
    const workerUrl = deps.options.get('WorkerUrl').trim();
    await sendWebhook({ url, secret: setting.webhook_secret }, notification, {
      allowHttp: deps.allowHttpWebhook,
      outbound: deps.outbound,
      worker: workerUrl ? { url: workerUrl, key: deps.options.get('WorkerValidKey') } : undefined,
    });
    return 'sent';
  }
  const to = setting.notification_email?.trim() || recipient.email.trim();
  if (to === '') return 'no-address';
  if (!(await deps.throttle.allow(recipient.id, notification.type))) return 'throttled';
  await sendEmail(smtpSettings(deps.options), {
    to,
    subject: notification.title,
    html: renderNotificationContent(notification.content, notification.values),
  });
  return 'sent';
}
