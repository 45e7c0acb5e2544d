/**
 * `POST /api/stripe/webhook` (reference 2026 additions §2.1). An event is a hint, never a fact:
 * its signature is checked over the raw body, then what it names is read back from Stripe's API,
 * and only what Stripe answers decides. A paid session credits its order exactly once
 * (topup-completion.ts); an expired one marks it expired; refunds and disputes are recorded on
 * the order and in the log, and the credited quota is kept (an operator decides what to do).
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import type Stripe from 'stripe';
import { truncateProduct } from '../billing/exact-decimal.js';
import { formatQuota } from '../billing/format-quota.js';
import type { TopUpRow } from '../db/schema.js';
import type { OptionStore } from '../options/option-store.js';
import type { CheckoutOrderBook, CheckoutOrderOutcome } from './checkout-order-book.js';
import { minorUnitsOf, readStripeAccount, stripeClient } from './gateway-settings.js';
import { changeTopUpStatus, completeTopUp, type TopUpCompletionDeps } from './topup-completion.js';
import * as topUps from './topup-repository.js';

export interface StripeWebhookDeps extends TopUpCompletionDeps {
  options: OptionStore;
  /** Subscription orders, looked up before top-ups. */
  checkoutOrders?: CheckoutOrderBook;
}

/**
 * The HTTP status Stripe gets (400 bad signature, 500 when Stripe's API could not be asked, so
 * Stripe retries; else 200) and, when nothing was changed, why (for the server log).
 */
export interface StripeWebhookOutcome {
  status: 200 | 400 | 500;
  credited: boolean;
  event: string;
  tradeNo: string;
  refusal?: string;
}

const answer = (event: string, tradeNo: string, refusal?: string): StripeWebhookOutcome => ({
  status: 200,
  credited: false,
  event,
  tradeNo,
  ...(refusal === undefined ? {} : { refusal }),
});

/** Handles one delivery: `rawBody` exactly as received, `signature` the `Stripe-Signature` header. */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  rawBody: Buffer,
  signature: string,
): Promise<StripeWebhookOutcome> {
  // The account alone: subscriptions are sold through Stripe without a top-up price.
  const settings = readStripeAccount(deps.options);
  if (!settings) return { ...answer('', '', 'Stripe is not configured'), status: 400 };
  const stripe = stripeClient(settings.apiSecret);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
  } catch {
    return { ...answer('', '', 'bad signature'), status: 400 };
  }
  try {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return await onSessionPaid(deps, stripe, event.type, event.data.object.id);
      case 'checkout.session.expired':
        return await onSessionExpired(deps, stripe, event.data.object.id);
      case 'charge.refunded':
        return await onChargeRefunded(deps, stripe, event.data.object.id);
      case 'charge.dispute.created':
        return await onDisputeCreated(deps, stripe, event.data.object.id);
      default:
        return answer(event.type, '', 'event not handled');
    }
  } catch (error) {
    if (error instanceof Error && 'type' in error && String(error.type).startsWith('Stripe')) {
      const refusal = `Stripe API: ${error.message}`;
      // Stripe refused the request (e.g. no such session): asking again would not change that.
      if (error.type === 'StripeInvalidRequestError') return answer(event.type, '', refusal);
      // Stripe's API could not confirm the event now; Stripe delivers it again later.
      return { ...answer(event.type, '', refusal), status: 500 };
    }
    throw error;
  }
}

/** The answer for a subscription order: 500 when Stripe should deliver again. */
function otherOrderAnswer(
  event: string,
  reference: string,
  outcome: CheckoutOrderOutcome,
): StripeWebhookOutcome {
  return {
    ...answer(event, reference, outcome.refusal),
    credited: outcome.changed,
    status: outcome.retry ? 500 : 200,
  };
}

async function findStripeOrder(
  deps: StripeWebhookDeps,
  reference: string | null,
): Promise<TopUpRow | undefined> {
  if (!reference) return undefined;
  const order = await topUps.findTopUpByTradeNo(deps.database.db, reference);
  return order?.payment_method === 'stripe' ? order : undefined;
}

/**
 * What Stripe charged matches the order: same currency, the subtotal (price × units before
 * discounts) is the order's money, and the total is that minus Stripe's recorded discount
 * (a promotion code the operator allowed).
 */
function amountRefusal(session: Stripe.Checkout.Session, order: TopUpRow): string | undefined {
  const currency = (session.currency ?? '').toLowerCase();
  const expected = minorUnitsOf(Number(order.money), order.currency ?? '');
  if (currency !== (order.currency ?? '')) {
    return `currency ${JSON.stringify(currency)} is not the order's ${JSON.stringify(order.currency)}`;
  }
  const discount = session.total_details?.amount_discount ?? 0;
  if (session.amount_subtotal !== expected || session.amount_total !== expected - discount) {
    return `amount ${session.amount_total}/${session.amount_subtotal} is not the order's ${expected}`;
  }
  return undefined;
}

async function onSessionPaid(
  deps: StripeWebhookDeps,
  stripe: Stripe,
  event: string,
  sessionId: string,
): Promise<StripeWebhookOutcome> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const reference = session.client_reference_id ?? '';
  if (session.status !== 'complete' || session.payment_status !== 'paid') {
    return answer(event, reference, `session ${session.status}/${session.payment_status}`);
  }
  const other = await deps.checkoutOrders?.stripePaid(session);
  if (other) return otherOrderAnswer(event, reference, other);
  const order = await findStripeOrder(deps, session.client_reference_id);
  if (!order) return answer(event, reference, 'unknown order');
  const refusal = amountRefusal(session, order);
  if (refusal) return answer(event, reference, refusal);
  if (order.status !== TOP_UP_STATUS.pending) {
    return order.status === TOP_UP_STATUS.success
      ? answer(event, reference)
      : answer(event, reference, `order status is ${JSON.stringify(order.status)}`);
  }
  const quotaPerUnit = deps.options.getNumber('QuotaPerUnit');
  const quota = truncateProduct(Number(order.amount), quotaPerUnit);
  const quotaText = formatQuota(
    quota,
    quotaPerUnit,
    deps.options.getBoolean('DisplayInCurrencyEnabled'),
  );
  const paid = `${Number(order.money).toFixed(2)} ${(order.currency ?? '').toUpperCase()}`;
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const result = await completeTopUp(deps, {
    order,
    quota,
    stripeCustomer: customer,
    logContent: () => `使用 Stripe 充值成功，充值金额: ${quotaText}，支付金额：${paid}`,
  });
  if (result === 'credited') return { ...answer(event, reference), credited: true };
  if (result === 'already-paid') return answer(event, reference);
  return answer(event, reference, result);
}

async function onSessionExpired(
  deps: StripeWebhookDeps,
  stripe: Stripe,
  sessionId: string,
): Promise<StripeWebhookOutcome> {
  const event = 'checkout.session.expired';
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const reference = session.client_reference_id ?? '';
  if (session.status !== 'expired') return answer(event, reference, `session ${session.status}`);
  const other = await deps.checkoutOrders?.stripeExpired(session);
  if (other) return otherOrderAnswer(event, reference, other);
  const order = await findStripeOrder(deps, session.client_reference_id);
  if (!order) return answer(event, reference, 'unknown order');
  const changed = await changeTopUpStatus(
    deps,
    order,
    [TOP_UP_STATUS.pending],
    TOP_UP_STATUS.expired,
    `Stripe 支付会话已过期，订单 ${reference}`,
  );
  return changed ? answer(event, reference) : answer(event, reference, 'order not pending');
}

/** The order a payment intent paid, through the Checkout Session Stripe lists for it. */
async function orderOfPaymentIntent(
  deps: StripeWebhookDeps,
  stripe: Stripe,
  paymentIntent: string | Stripe.PaymentIntent | null,
): Promise<TopUpRow | undefined> {
  const id = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
  if (!id) return undefined;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: id, limit: 1 });
  return findStripeOrder(deps, sessions.data[0]?.client_reference_id ?? null);
}

async function onChargeRefunded(
  deps: StripeWebhookDeps,
  stripe: Stripe,
  chargeId: string,
): Promise<StripeWebhookOutcome> {
  const event = 'charge.refunded';
  const charge = await stripe.charges.retrieve(chargeId);
  if (!(charge.amount_refunded > 0)) return answer(event, '', 'charge not refunded');
  const order = await orderOfPaymentIntent(deps, stripe, charge.payment_intent);
  if (!order) return answer(event, '', 'unknown order');
  const refunded = `${(charge.amount_refunded / minorUnitsOf(1, charge.currency)).toFixed(2)}`;
  const changed = await changeTopUpStatus(
    deps,
    order,
    [TOP_UP_STATUS.success, TOP_UP_STATUS.disputed],
    TOP_UP_STATUS.refunded,
    `Stripe 退款：订单 ${order.trade_no} 退款 ${refunded} ${charge.currency.toUpperCase()}，额度未扣回`,
  );
  return answer(event, order.trade_no, changed ? undefined : 'order not paid or already refunded');
}

async function onDisputeCreated(
  deps: StripeWebhookDeps,
  stripe: Stripe,
  disputeId: string,
): Promise<StripeWebhookOutcome> {
  const event = 'charge.dispute.created';
  const dispute = await stripe.disputes.retrieve(disputeId);
  const order = await orderOfPaymentIntent(deps, stripe, dispute.payment_intent);
  if (!order) return answer(event, '', 'unknown order');
  const changed = await changeTopUpStatus(
    deps,
    order,
    [TOP_UP_STATUS.success],
    TOP_UP_STATUS.disputed,
    `Stripe 争议：订单 ${order.trade_no}（${dispute.reason}），额度未扣回`,
  );
  return answer(event, order.trade_no, changed ? undefined : 'order not paid');
}
