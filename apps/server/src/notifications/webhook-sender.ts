import { createHmac } from 'node:crypto';
import type { WebhookNotificationBody } from '@tollgate/contracts';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import { findOutboundRefusal } from '../lib/outbound-guard/outbound-refused-error.js';
import type { Notification } from './notification.js';

/** A user's webhook: its URL and optional shared secret. */
export interface WebhookTarget {
  url: string;
  secret?: string;
}

/** The outbound proxy (`WorkerUrl`, `WorkerValidKey`; reference §12.3). */
export interface WorkerProxy {
  url: string;
  key: string;
}

export interface WebhookSendOptions {
  /**
   * Sends the request (and the worker's): a webhook is a user's URL, never an internal address
   * unless OUTBOUND_ALLOWED_HOSTS allows it; checked again at each send, as its name may since
   * resolve elsewhere.
   */
  outbound: OutboundGuard;
  /** Send through this worker instead of directly. */
  worker?: WorkerProxy;
  /** Accept `http://` targets (NOTIFY_ALLOW_HTTP_WEBHOOK); otherwise https only. */
  allowHttp: boolean;
  /** Whole-request limit (default 5 s, as new-api). */
  timeoutMs?: number;
  /** Unix seconds for `timestamp` (tests). */
  now?: () => number;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** The JSON body: the content keeps its placeholders, `values` says what fills them. */
export function webhookBody(
  notification: Notification,
  timestamp: number,
): WebhookNotificationBody {
  return {
    type: notification.type,
    title: notification.title,
    content: notification.content,
    values: notification.values,
    timestamp,
  };
}

/** `X-Webhook-Signature`: hex HMAC-SHA256 of the exact body bytes, keyed with the secret. */
export function signWebhookBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function checkTarget(url: string, allowHttp: boolean): void {
  const protocol = new URL(url).protocol;
  if (protocol !== 'https:' && !(allowHttp && protocol === 'http:')) {
    throw new Error(`webhook URL must be https: ${protocol}`);
  }
}

/**
 * POSTs the notification as JSON (reference §12.1): with a secret, `X-Webhook-Signature` and
 * `Authorization: Bearer <secret>`. Through the worker when one is given: the worker receives
 * `{url, key, method, headers, body}` and makes the call (the target is checked here first, by
 * what its name resolves to now, and the worker's own address is guarded like any other). Throws
 * unless the answer is 2xx; a refused address throws `webhook URL refused: <why>`.
 */
export async function sendWebhook(
  target: WebhookTarget,
  notification: Notification,
  options: WebhookSendOptions,
): Promise<void> {
  checkTarget(target.url, options.allowHttp);
  try {
    await post(target, notification, options);
  } catch (error) {
    const refusal = findOutboundRefusal(error);
    if (refusal) throw new Error(`webhook URL refused: ${refusal.message}`, { cause: refusal });
    throw error;
  }
}

async function post(
  target: WebhookTarget,
  notification: Notification,
  options: WebhookSendOptions,
): Promise<void> {
  const { outbound } = options;
  const timestamp = options.now?.() ?? Math.floor(Date.now() / 1000);
  const payload = webhookBody(notification, timestamp);
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const secret = target.secret?.trim();
  if (secret) {
    headers['x-webhook-signature'] = signWebhookBody(secret, body);
    headers.authorization = `Bearer ${secret}`;
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.worker) await outbound.check(target.url);
  const sent = options.worker
    ? await outbound.request(options.worker.url.replace(/\/*$/, '/'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          url: target.url,
          key: options.worker.key,
          method: 'POST',
          headers,
          // The worker forwards `body` as the request body: the same JSON, so the signature holds.
          body: payload,
        }),
        timeoutMs,
      })
    : await outbound.request(target.url, { method: 'POST', headers, body, timeoutMs });
  await sent.body.dump();
  if (sent.status < 200 || sent.status >= 300) {
    throw new Error(`webhook request failed with status code: ${sent.status}`);
  }
}
