/**
 * Subscription orders as the Stripe and Creem webhooks see them (payments/checkout-order-book.ts):
 * asked first, they complete (or expire) an order whose reference is theirs. What the gateway's
 * API says decides — the webhooks pass the session or a way to read the checkout back — and it
 * must be the order's gateway, in US dollars, for exactly the order's money.
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import type Stripe from 'stripe';
import type { SubscriptionOrderRow } from '../db/schema.js';
import type { CheckoutOrderBook, CheckoutOrderOutcome } from '../payments/checkout-order-book.js';
import { minorUnitsOf } from '../payments/gateway-settings.js';
import { PLAN_CURRENCY } from './hosted-checkout-purchase.js';
import * as orders from './order-repository.js';
import {
  completeSubscriptionOrder,
  expireSubscriptionOrder,
  type OrderCompletion,
  type OrderCompletionDeps,
  type OrderProvider,
} from './order-completion.js';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};
const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

function outcomeOf(completion: OrderCompletion): CheckoutOrderOutcome {
  switch (completion.result) {
    case 'completed':
      return { changed: true };
    case 'already-paid':
      return { changed: false };
    case 'refused':
      // Rolled back, the order still pending: a later delivery may complete it.
      return { changed: false, refusal: completion.reason, retry: true };
    default:
      return { changed: false, refusal: completion.result };
  }
}

/** Why a paid Checkout Session does not pay for `order`, or undefined when it does. */
function stripeRefusal(session: Stripe.Checkout.Session, order: SubscriptionOrderRow) {
  const currency = (session.currency ?? '').toLowerCase();
  if (currency !== PLAN_CURRENCY) return `currency ${JSON.stringify(currency)} is not usd`;
  const expected = minorUnitsOf(Number(order.money), PLAN_CURRENCY);
  const discount = session.total_details?.amount_discount ?? 0;
  if (session.amount_subtotal !== expected || session.amount_total !== expected - discount) {
    return `amount ${session.amount_total}/${session.amount_subtotal} is not the order's ${expected}`;
  }
  return undefined;
}

/** Why Creem's own view of the checkout does not pay for `order`, or undefined when it does. */
function creemRefusal(checkout: Json, order: SubscriptionOrderRow): string | undefined {
  const paid = asObject(checkout.order);
  if (asText(checkout.status) !== 'completed') return `checkout status ${asText(checkout.status)}`;
  if (asText(paid.status) !== 'paid') return `order status ${asText(paid.status)}`;
  if (asText(checkout.request_id) !== order.trade_no) return 'checkout is for another order';
  const currency = asText(paid.currency).toLowerCase();
  if (currency !== PLAN_CURRENCY) return `currency ${currency} is not usd`;
  const expected = minorUnitsOf(Number(order.money), PLAN_CURRENCY);
  if (paid.amount !== expected) return `amount ${String(paid.amount)} is not ${expected}`;
  return undefined;
}

const wrongProvider = (provider: OrderProvider): CheckoutOrderOutcome => ({
  changed: false,
  refusal: `not a ${provider} order`,
});

export function subscriptionCheckoutOrders(deps: OrderCompletionDeps): CheckoutOrderBook {
  const find = (reference: string | null) =>
    orders.findOrderByTradeNo(deps.database.db, reference ?? '');
  return {
    async stripePaid(session) {
      const order = await find(session.client_reference_id);
      if (!order) return undefined;
      if (order.payment_provider !== 'stripe') return wrongProvider('stripe');
      if (order.status === TOP_UP_STATUS.success) return { changed: false };
      const refusal = stripeRefusal(session, order);
      if (refusal) return { changed: false, refusal };
      const payload = {
        id: session.id,
        amount_total: session.amount_total,
        currency: session.currency,
        payment_intent: session.payment_intent,
        customer: session.customer,
      };
      return outcomeOf(
        await completeSubscriptionOrder(deps, order, 'stripe', {
          payload: JSON.stringify(payload),
          currency: PLAN_CURRENCY,
        }),
      );
    },
    async stripeExpired(session) {
      const order = await find(session.client_reference_id);
      if (!order) return undefined;
      const changed = await expireSubscriptionOrder(deps, order, 'stripe');
      return changed
        ? { changed }
        : { changed, refusal: 'order not pending or not a stripe order' };
    },
    async creemPaid(reference, readCheckout) {
      const order = await find(reference);
      if (!order) return undefined;
      if (order.payment_provider !== 'creem') return wrongProvider('creem');
      if (order.status === TOP_UP_STATUS.success) return { changed: false };
      if (order.status !== TOP_UP_STATUS.pending) {
        return { changed: false, refusal: `order status is ${order.status}` };
      }
      const checkout = await readCheckout();
      const refusal = creemRefusal(checkout, order);
      if (refusal) return { changed: false, refusal };
      return outcomeOf(
        await completeSubscriptionOrder(deps, order, 'creem', {
          payload: JSON.stringify(checkout),
          currency: PLAN_CURRENCY,
        }),
      );
    },
  };
}
