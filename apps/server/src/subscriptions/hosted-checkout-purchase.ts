/**
 * Buying a plan through Stripe or Creem (reference 2026 additions §1.5): a checkout for the
 * plan's own Stripe Price or Creem product, and a pending order keyed by the checkout's reference
 * (`sub_ref_…`), which the webhooks complete (subscription-checkout-orders.ts).
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';
import { CREEM_NOT_CONFIGURED, CREEM_TIMEOUT_MS } from '../payments/creem-checkout.js';
import {
  creemApiBase,
  minorUnitsOf,
  newOrderReference,
  readCreemSettings,
  stripeClient,
} from '../payments/gateway-settings.js';
import { stripeCustomerOf } from '../payments/stripe-customer.js';
import { CHECKOUT_FAILED } from '../payments/stripe-checkout.js';
import * as orders from './order-repository.js';
import { orderMoney, purchasablePlan } from './purchase-rules.js';
import {
  CREEM_PRODUCT_MISSING,
  STRIPE_NOT_READY,
  STRIPE_PRICE_MISMATCH,
  STRIPE_PRICE_MISSING,
  STRIPE_WEBHOOK_MISSING,
} from './subscription-messages.js';

export interface CheckoutPurchaseDeps {
  database: DatabaseHandle;
  options: OptionStore;
}

/** Plans are priced in US dollars; checkouts must charge that. */
export const PLAN_CURRENCY = 'usd';

const subscriptionReference = (buyerId: number) =>
  `sub_${newOrderReference('subscription-ref', buyerId)}`;

function consoleAddress(options: OptionStore): string {
  return options.get('ServerAddress').trim().replace(/\/+$/, '');
}

/**
 * `POST /api/subscription/stripe/pay`: a Checkout Session for one of the plan's Stripe Price.
 * Stripe must quote the plan's price in US dollars (before any promotion code), or no order is
 * opened: the buyer pays what the plan shows, and the webhook finds exactly that paid.
 */
export async function createStripeSubscriptionOrder(
  deps: CheckoutPurchaseDeps,
  buyerId: number,
  planId: number,
): Promise<{ payLink: string; tradeNo: string }> {
  const plan = await purchasablePlan(deps.database, buyerId, planId);
  const priceId = (plan.stripe_price_id ?? '').trim();
  if (priceId === '') throw failure(STRIPE_PRICE_MISSING);
  const apiSecret = deps.options.get('StripeApiSecret').trim();
  if (!/^(sk|rk)_/.test(apiSecret)) throw failure(STRIPE_NOT_READY);
  if (deps.options.get('StripeWebhookSecret').trim() === '') throw failure(STRIPE_WEBHOOK_MISSING);

  const money = orderMoney(plan);
  const stripe = stripeClient(apiSecret);
  const reference = subscriptionReference(buyerId);
  const server = consoleAddress(deps.options);
  let session;
  try {
    const customer = await stripeCustomerOf(deps.database.db, stripe, buyerId);
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: priceId, quantity: 1 }],
      client_reference_id: reference,
      customer,
      success_url: `${server}/topup?pay=success&show_history=true`,
      cancel_url: `${server}/topup`,
      allow_promotion_codes: deps.options.getBoolean('StripePromotionCodesEnabled'),
    });
  } catch {
    throw failure(CHECKOUT_FAILED);
  }
  if (!session.url) throw failure(CHECKOUT_FAILED);
  if (
    (session.currency ?? '').toLowerCase() !== PLAN_CURRENCY ||
    session.amount_subtotal !== minorUnitsOf(money, PLAN_CURRENCY)
  ) {
    throw failure(STRIPE_PRICE_MISMATCH);
  }
  await orders.insertOrder(deps.database.db, {
    user_id: buyerId,
    plan_id: Number(plan.id),
    money,
    trade_no: reference,
    payment_method: 'stripe',
    payment_provider: 'stripe',
    status: TOP_UP_STATUS.pending,
    create_time: nowSeconds(),
    complete_time: 0,
  });
  return { payLink: session.url, tradeNo: reference };
}

/**
 * `POST /api/subscription/creem/pay`: a Creem checkout for the plan's product, `request_id` = the
 * order's reference. The pending order is stored first, so a webhook never arrives for an order
 * that does not exist.
 */
export async function createCreemSubscriptionOrder(
  deps: CheckoutPurchaseDeps,
  buyerId: number,
  planId: number,
): Promise<{ checkoutUrl: string; tradeNo: string }> {
  const plan = await purchasablePlan(deps.database, buyerId, planId);
  const productId = (plan.creem_product_id ?? '').trim();
  if (productId === '') throw failure(CREEM_PRODUCT_MISSING);
  const settings = readCreemSettings(deps.options);
  if (!settings) throw failure(CREEM_NOT_CONFIGURED);

  const db = deps.database.db;
  const user = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', buyerId)
    .executeTakeFirst();
  const reference = subscriptionReference(buyerId);
  await orders.insertOrder(db, {
    user_id: buyerId,
    plan_id: Number(plan.id),
    money: orderMoney(plan),
    trade_no: reference,
    payment_method: 'creem',
    payment_provider: 'creem',
    status: TOP_UP_STATUS.pending,
    create_time: nowSeconds(),
    complete_time: 0,
  });
  const body = {
    product_id: productId,
    request_id: reference,
    ...(user?.email ? { customer: { email: user.email } } : {}),
    metadata: {
      username: user?.username ?? '',
      reference_id: reference,
      product_name: plan.title,
      plan_id: String(Number(plan.id)),
    },
  };
  let checkoutUrl: unknown;
  try {
    const response = await fetch(`${creemApiBase(settings)}/v1/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': settings.apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CREEM_TIMEOUT_MS),
    });
    if (!response.ok) throw failure(CHECKOUT_FAILED);
    checkoutUrl = ((await response.json()) as { checkout_url?: unknown }).checkout_url;
  } catch {
    throw failure(CHECKOUT_FAILED);
  }
  if (typeof checkoutUrl !== 'string' || checkoutUrl === '') throw failure(CHECKOUT_FAILED);
  return { checkoutUrl, tradeNo: reference };
}
