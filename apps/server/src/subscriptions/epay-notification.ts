/**
 * The provider's notification of a subscription payment (`GET`/`POST
 * /api/subscription/epay/notify`) and the payer's return (`/api/subscription/epay/return`),
 * reference 2026 additions §1.5. Both are hints checked the way top-up notifications are: the
 * signature under `EpayKey`, `pid` our `EpayId`, `TRADE_SUCCESS`, an Epay order we opened, and
 * the reported money the order's. Unlike the top-up notification, any failure answers `fail`
 * (the provider tries again) and the answer is given after the order was completed.
 */
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { readEpaySettings } from '../payments/epay-settings.js';
import { hasValidEpaySignature, type EpayParams } from '../payments/epay-signature.js';
import { EPAY_TRADE_SUCCESS } from '../payments/epay-notify.js';
import { paidMoneyMatches } from '../payments/paid-money.js';
import * as orders from './order-repository.js';
import { completeSubscriptionOrder, type OrderCompletionDeps } from './order-completion.js';

/** How a notification went: `refusal` says why nothing was completed (absent when it was, now or before). */
export interface SubscriptionNotifyOutcome {
  answer: 'success' | 'fail';
  /** True only for the one notification that completed the order. */
  completed: boolean;
  tradeNo: string;
  /** The payment was reported but is not confirmed yet (the return page says `pending`). */
  pending?: boolean;
  refusal?: string;
}

const refused = (tradeNo: string, refusal: string, pending = false): SubscriptionNotifyOutcome => ({
  answer: 'fail',
  completed: false,
  tradeNo,
  refusal,
  ...(pending ? { pending } : {}),
});

export async function handleSubscriptionEpayNotify(
  deps: OrderCompletionDeps,
  params: EpayParams,
): Promise<SubscriptionNotifyOutcome> {
  const tradeNo = params.out_trade_no ?? '';
  const settings = readEpaySettings(deps.options);
  if (!settings) return refused(tradeNo, 'online payment is not configured');
  if (!hasValidEpaySignature(params, settings.key)) return refused(tradeNo, 'bad signature');
  if (params.pid !== settings.partnerId) {
    return refused(tradeNo, `pid ${JSON.stringify(params.pid ?? '')} is not EpayId`);
  }
  if (params.trade_status !== EPAY_TRADE_SUCCESS) {
    return refused(tradeNo, `trade_status ${JSON.stringify(params.trade_status ?? '')}`, true);
  }
  const order = await orders.findOrderByTradeNo(deps.database.db, tradeNo);
  if (!order) return refused(tradeNo, 'unknown subscription order');
  if (!paidMoneyMatches(params.money ?? '', Number(order.money))) {
    const paid = JSON.stringify(params.money ?? '');
    return refused(tradeNo, `money ${paid} does not match the order's ${Number(order.money)}`);
  }
  if (order.status === TOP_UP_STATUS.success && order.payment_provider === 'epay') {
    return { answer: 'success', completed: false, tradeNo };
  }
  const completion = await completeSubscriptionOrder(deps, order, 'epay', {
    payload: JSON.stringify(params),
    currency: '',
  });
  switch (completion.result) {
    case 'completed':
      return { answer: 'success', completed: true, tradeNo };
    case 'already-paid':
      return { answer: 'success', completed: false, tradeNo };
    case 'refused':
      return refused(tradeNo, completion.reason);
    default:
      return refused(tradeNo, completion.result);
  }
}

/** Where the payer's browser goes after the return: the wallet page with the payment's state. */
export function returnPageUrl(serverAddress: string, outcome: SubscriptionNotifyOutcome): string {
  const pay = outcome.answer === 'success' ? 'success' : outcome.pending ? 'pending' : 'fail';
  return `${serverAddress.trim().replace(/\/+$/, '')}/topup?pay=${pay}&show_history=true`;
}
