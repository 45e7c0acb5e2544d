/**
 * Buying a plan through Epay (reference 2026 additions §1.5): the pay call hands back the signed
 * form, the provider's notification (and the payer's return) completes the order.
 */
import { TOP_UP_STATUS, type SubscriptionEpayPayRequest } from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';
import {
  epayCallbackUrl,
  epaySubmitUrl,
  readEpaySettings,
  resolveEpayType,
} from '../payments/epay-settings.js';
import { signEpayParams } from '../payments/epay-signature.js';
import {
  EPAY_NOT_CONFIGURED,
  UNKNOWN_PAY_METHOD,
  type EpayCheckout,
} from '../payments/topup-orders.js';
import * as orders from './order-repository.js';
import { epayTradeNo, orderMoney, purchasablePlan } from './purchase-rules.js';
import { PLAN_PRICE_TOO_LOW } from './subscription-messages.js';

export interface EpayPurchaseDeps {
  database: DatabaseHandle;
  options: OptionStore;
}

/** Where the provider reports subscription payments, and where the payer comes back to. */
export const SUBSCRIPTION_EPAY_NOTIFY_ROUTE = '/api/subscription/epay/notify';
export const SUBSCRIPTION_EPAY_RETURN_ROUTE = '/api/subscription/epay/return';

/**
 * `POST /api/subscription/epay/pay`: stores a pending order for the plan's price (two decimals,
 * at least 0.01) and returns the signed form. The order exists before the form is handed out, so
 * a notification never arrives for an order that does not.
 */
export async function createEpaySubscriptionOrder(
  deps: EpayPurchaseDeps,
  buyerId: number,
  request: SubscriptionEpayPayRequest,
): Promise<EpayCheckout> {
  const plan = await purchasablePlan(deps.database, buyerId, request.plan_id);
  const money = orderMoney(plan);
  if (money < 0.01) throw failure(PLAN_PRICE_TOO_LOW);
  const type = resolveEpayType(deps.options, request.payment_method);
  if (!type) throw failure(UNKNOWN_PAY_METHOD);
  const settings = readEpaySettings(deps.options);
  const url = settings && epaySubmitUrl(settings.payAddress);
  if (!settings || !url) throw failure(EPAY_NOT_CONFIGURED);

  const now = nowSeconds();
  const tradeNo = epayTradeNo(buyerId, now);
  const fields: Record<string, string> = {
    device: 'pc',
    money: money.toFixed(2),
    name: `SUBPLAN${Number(plan.id)}`,
    notify_url: epayCallbackUrl(deps.options, SUBSCRIPTION_EPAY_NOTIFY_ROUTE),
    out_trade_no: tradeNo,
    pid: settings.partnerId,
    return_url: epayCallbackUrl(deps.options, SUBSCRIPTION_EPAY_RETURN_ROUTE),
    type,
  };
  const signed = { ...fields, sign: signEpayParams(fields, settings.key), sign_type: 'MD5' };
  const form = Object.fromEntries(
    Object.entries(signed).sort(([left], [right]) => (left < right ? -1 : 1)),
  );
  await orders.insertOrder(deps.database.db, {
    user_id: buyerId,
    plan_id: Number(plan.id),
    money,
    trade_no: tradeNo,
    payment_method: type,
    payment_provider: 'epay',
    status: TOP_UP_STATUS.pending,
    create_time: now,
    complete_time: 0,
  });
  return { url, form };
}
