/**
 * `POST /api/creem/webhook` (reference 2026 additions §2.2). The `creem-signature` header is the
 * lowercase hex HMAC-SHA256 of the raw body under `CreemWebhookSecret`, compared in constant
 * time. The event is then only a hint: the checkout it names is read back from Creem's API
 * (`GET /v1/checkouts?checkout_id=…`), which must say completed and paid, for the order's
 * reference, amount and currency, before the order is credited (exactly once). Refunds and
 * disputes are recorded on the order and in the log; the quota is kept.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { formatQuota } from '../billing/format-quota.js';
import type { TopUpRow } from '../db/schema.js';
import type { OptionStore } from '../options/option-store.js';
import {
  creemApiBase,
  minorUnitsOf,
  readCreemSettings,
  type CreemSettings,
} from './gateway-settings.js';
import { CREEM_TIMEOUT_MS } from './creem-checkout.js';
import type { CheckoutOrderBook } from './checkout-order-book.js';
import { changeTopUpStatus, completeTopUp, type TopUpCompletionDeps } from './topup-completion.js';
import * as topUps from './topup-repository.js';

export interface CreemWebhookDeps extends TopUpCompletionDeps {
  options: OptionStore;
  /** Subscription orders, looked up before top-ups. */
  checkoutOrders?: CheckoutOrderBook;
}

/** The status Creem gets and, when nothing changed, why (for the server log). */
export interface CreemWebhookOutcome {
  status: 200 | 400 | 401 | 500;
  credited: boolean;
  event: string;
  tradeNo: string;
  refusal?: string;
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Whether `signature` is the hex HMAC-SHA256 of `rawBody` under `secret` (constant time). */
export function hasValidCreemSignature(
  rawBody: Buffer,
  signature: string,
  secret: string,
): boolean {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  if (!/^[0-9a-fA-F]+$/.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Thrown when Creem's API cannot be asked: the delivery answers 500 so Creem retries. */
class CreemUnavailable extends Error {}

async function fetchCheckout(settings: CreemSettings, checkoutId: string): Promise<Json> {
  const url = new URL(`${creemApiBase(settings)}/v1/checkouts`);
  url.searchParams.set('checkout_id', checkoutId);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'x-api-key': settings.apiKey },
      signal: AbortSignal.timeout(CREEM_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CreemUnavailable(String(error));
  }
  if (response.status >= 500) throw new CreemUnavailable(`status ${response.status}`);
  if (!response.ok) return {};
  return asObject(await response.json().catch(() => ({})));
}

/** Handles one delivery: `rawBody` exactly as received. */
export async function handleCreemWebhook(
  deps: CreemWebhookDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<CreemWebhookOutcome> {
  const settings = readCreemSettings(deps.options);
  if (!settings) return result(401, '', '', 'Creem is not configured');
  // Unsigned deliveries are accepted only in test mode with no secret set.
  if (settings.webhookSecret !== '') {
    if (!signature) return result(401, '', '', 'missing signature');
    if (!hasValidCreemSignature(rawBody, signature, settings.webhookSecret)) {
      return result(401, '', '', 'bad signature');
    }
  }
  let body: Json;
  try {
    body = asObject(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return result(400, '', '', 'body is not JSON');
  }
  const event = asText(body.eventType);
  const object = asObject(body.object);
  try {
    if (event === 'checkout.completed') return await onCheckoutCompleted(deps, settings, object);
    if (event === 'refund.created' || event === 'dispute.created') {
      return await onRefundOrDispute(deps, settings, event, object);
    }
    return result(200, event, '', 'event not handled');
  } catch (error) {
    if (error instanceof CreemUnavailable)
      return result(500, event, '', `Creem API: ${error.message}`);
    throw error;
  }
}

function result(
  status: CreemWebhookOutcome['status'],
  event: string,
  tradeNo: string,
  refusal?: string,
): CreemWebhookOutcome {
  return { status, credited: false, event, tradeNo, ...(refusal ? { refusal } : {}) };
}

/** Why Creem's own view of the checkout does not pay for `order`, or undefined when it does. */
function checkoutRefusal(checkout: Json, order: TopUpRow): string | undefined {
  const paid = asObject(checkout.order);
  if (asText(checkout.status) !== 'completed') return `checkout status ${asText(checkout.status)}`;
  if (asText(paid.status) !== 'paid') return `order status ${asText(paid.status)}`;
  if (asText(checkout.request_id) !== order.trade_no) return 'checkout is for another order';
  const currency = asText(paid.currency).toLowerCase();
  if (currency !== (order.currency ?? '')) return `currency ${currency} is not ${order.currency}`;
  const expected = minorUnitsOf(Number(order.money), currency);
  if (paid.amount !== expected) return `amount ${String(paid.amount)} is not ${expected}`;
  return undefined;
}

async function onCheckoutCompleted(
  deps: CreemWebhookDeps,
  settings: CreemSettings,
  object: Json,
): Promise<CreemWebhookOutcome> {
  const event = 'checkout.completed';
  const hinted = asObject(object.order);
  if (asText(hinted.status) !== 'paid') return result(200, event, '', 'order not paid');
  const reference = asText(object.request_id);
  if (reference === '') return result(400, event, '', 'missing request_id');
  const other = await deps.checkoutOrders?.creemPaid(reference, () =>
    fetchCheckout(settings, asText(object.id)),
  );
  if (other) {
    const status = other.retry ? 500 : 200;
    return { ...result(status, event, reference, other.refusal), credited: other.changed };
  }
  if (asText(hinted.type) !== 'onetime')
    return result(200, event, reference, 'not a one-time order');
  const order = await topUps.findTopUpByTradeNo(deps.database.db, reference);
  if (!order || order.payment_method !== 'creem')
    return result(400, event, reference, 'unknown order');
  if (order.status !== TOP_UP_STATUS.pending) return result(200, event, reference);
  const checkout = await fetchCheckout(settings, asText(object.id));
  const refusal = checkoutRefusal(checkout, order);
  if (refusal) return result(200, event, reference, refusal);
  const quota = Number(order.amount);
  const quotaText = formatQuota(
    quota,
    deps.options.getNumber('QuotaPerUnit'),
    deps.options.getBoolean('DisplayInCurrencyEnabled'),
  );
  const paid = `${Number(order.money).toFixed(2)} ${(order.currency ?? '').toUpperCase()}`;
  const completion = await completeTopUp(deps, {
    order,
    quota,
    logContent: () => `使用 Creem 充值成功，充值金额: ${quotaText}，支付金额：${paid}`,
  });
  if (completion === 'credited') return { ...result(200, event, reference), credited: true };
  if (completion === 'already-paid' || completion === 'not-pending') {
    return result(200, event, reference, completion === 'not-pending' ? completion : undefined);
  }
  // The buyer is gone: rolled back, so Creem's retry finds the order still pending.
  return result(500, event, reference, completion);
}

/**
 * A refund or dispute names its checkout (`object.checkout`, an id or an object); the checkout
 * read back from Creem gives the order's reference. The order is marked, nothing is clawed back.
 */
async function onRefundOrDispute(
  deps: CreemWebhookDeps,
  settings: CreemSettings,
  event: 'refund.created' | 'dispute.created',
  object: Json,
): Promise<CreemWebhookOutcome> {
  const checkoutId = asText(object.checkout) || asText(asObject(object.checkout).id);
  if (checkoutId === '') return result(200, event, '', 'no checkout named');
  const checkout = await fetchCheckout(settings, checkoutId);
  const reference = asText(checkout.request_id);
  const order =
    reference === '' ? undefined : await topUps.findTopUpByTradeNo(deps.database.db, reference);
  if (!order || order.payment_method !== 'creem')
    return result(200, event, reference, 'unknown order');
  const refund = event === 'refund.created';
  const changed = await changeTopUpStatus(
    deps,
    order,
    refund ? [TOP_UP_STATUS.success, TOP_UP_STATUS.disputed] : [TOP_UP_STATUS.success],
    refund ? TOP_UP_STATUS.refunded : TOP_UP_STATUS.disputed,
    `Creem ${refund ? '退款' : '争议'}：订单 ${reference}，额度未扣回`,
  );
  return result(200, event, reference, changed ? undefined : 'order not paid or already recorded');
}
