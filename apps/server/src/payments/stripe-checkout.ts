/**
 * Stripe top-ups (reference 2026 additions §2.1): the price preview and the pay call, which
 * opens a Checkout Session for `StripePriceId × units` and stores the pending order.
 */
import { TOP_UP_STATUS, type StripePayRequest } from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import { failure } from '../errors/app-error.js';
import type { Buyer, TopUpOrderDeps } from './topup-orders.js';
import { quoteTopUp, readTopUpPricing, type TopUpQuote } from './topup-quote.js';
import * as topUps from './topup-repository.js';
import { stripeCustomerOf } from './stripe-customer.js';
import {
  majorUnitsOf,
  newOrderReference,
  readStripeSettings,
  stripeClient,
  type StripeSettings,
} from './gateway-settings.js';

export const STRIPE_NOT_CONFIGURED = '当前管理员未配置 Stripe 支付信息';
export const UNSUPPORTED_PAYMENT_CHANNEL = '不支持的支付渠道';
export const STRIPE_AMOUNT_TOO_LARGE = '充值数量不能大于 10000';
export const CHECKOUT_FAILED = '拉起支付失败';

/** Most units one Stripe order buys (new-api's limit). */
const MAX_STRIPE_AMOUNT = 10_000;

function requireStripe(deps: Pick<TopUpOrderDeps, 'options'>): StripeSettings {
  const settings = readStripeSettings(deps.options);
  if (!settings) throw failure(STRIPE_NOT_CONFIGURED);
  return settings;
}

/**
 * Prices `amount` with `StripeUnitPrice` and `StripeMinTopUp` in place of Epay's `Price` and
 * `MinTopUp`; the rest (units, group ratio, rounding to the cent) is the Epay quote.
 */
function quoteStripe(
  deps: Pick<TopUpOrderDeps, 'options'>,
  settings: StripeSettings,
  buyer: Buyer,
  amount: number,
): TopUpQuote {
  const pricing = {
    ...readTopUpPricing(deps.options),
    price: settings.unitPrice,
    minTopUp: settings.minTopUp,
  };
  return quoteTopUp(pricing, buyer.group, amount);
}

/** `POST /api/user/stripe/amount`: the preview money (two decimals) for `amount`. */
export function quoteStripeForBuyer(
  deps: Pick<TopUpOrderDeps, 'options'>,
  buyer: Buyer,
  amount: number,
): string {
  return quoteStripe(deps, requireStripe(deps), buyer, amount).money;
}

function withoutTrailingSlashes(address: string): string {
  return address.trim().replace(/\/+$/, '');
}

/**
 * `POST /api/user/stripe/pay`: a Checkout Session (mode payment, one line item `StripePriceId ×
 * units`, `client_reference_id` = the order's reference, success → `/console/log`, cancel →
 * `/console/topup`, promotion codes per option) for the buyer's Stripe customer (created with
 * the buyer's email on the first order and kept on the user). The order stores what Stripe says
 * the session costs (`amount_total`, `currency`): the webhook must find exactly that paid.
 */
export async function createStripeOrder(
  deps: TopUpOrderDeps,
  buyer: Buyer,
  request: StripePayRequest,
): Promise<{ payLink: string; tradeNo: string }> {
  const settings = requireStripe(deps);
  if (request.payment_method !== 'stripe') throw failure(UNSUPPORTED_PAYMENT_CHANNEL);
  const quote = quoteStripe(deps, settings, buyer, request.amount);
  if (quote.units > MAX_STRIPE_AMOUNT) throw failure(STRIPE_AMOUNT_TOO_LARGE);

  const db = deps.database.db;
  const stripe = stripeClient(settings.apiSecret);
  const reference = newOrderReference('new-api-ref', buyer.id);
  const serverAddress = withoutTrailingSlashes(deps.options.get('ServerAddress'));
  let session;
  try {
    const customer = await stripeCustomerOf(db, stripe, buyer.id);
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: settings.priceId, quantity: quote.units }],
      client_reference_id: reference,
      customer,
      success_url: `${serverAddress}/console/log`,
      cancel_url: `${serverAddress}/console/topup`,
      allow_promotion_codes: settings.promotionCodes,
    });
  } catch {
    throw failure(CHECKOUT_FAILED);
  }
  const currency = (session.currency ?? '').toLowerCase();
  if (!session.url || session.amount_total === null || currency === '') {
    throw failure(CHECKOUT_FAILED);
  }
  await topUps.insertTopUp(db, {
    user_id: buyer.id,
    amount: quote.units,
    money: majorUnitsOf(session.amount_total, currency),
    trade_no: reference,
    create_time: nowSeconds(),
    complete_time: 0,
    status: TOP_UP_STATUS.pending,
    payment_method: 'stripe',
    currency,
  });
  return { payLink: session.url, tradeNo: reference };
}
