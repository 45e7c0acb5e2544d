/**
 * The wallet's payment configuration (`GET /api/user/topup/info`) and an admin's manual
 * completion of a pending order (`POST /api/user/topup/complete`, reference 2026 additions §2.4).
 */
import { TOP_UP_STATUS, type TopUpInfo, type TopUpOrder } from '@tollgate/contracts';
import { truncateProduct } from '../billing/exact-decimal.js';
import { formatQuota } from '../billing/format-quota.js';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';
import { readCreemSettings, readStripeSettings } from './gateway-settings.js';
import { readEpaySettings } from './epay-settings.js';
import { completeTopUp, type TopUpCompletionDeps } from './topup-completion.js';
import { topUpRowToDto } from './topup-orders.js';
import * as topUps from './topup-repository.js';

export const TOP_UP_ORDER_NOT_FOUND = '充值订单不存在';
export const TOP_UP_ORDER_NOT_PENDING = '充值订单状态不是待支付';
export const TOP_UP_BUYER_GONE = '充值订单的用户不存在';

/** What the wallet page may know: which gateways are on, prices and products, never a secret. */
export function readTopUpInfo(options: OptionStore): TopUpInfo {
  const stripe = readStripeSettings(options);
  const creem = readCreemSettings(options);
  return {
    enable_online_topup: readEpaySettings(options) !== undefined,
    enable_stripe_topup: stripe !== undefined,
    stripe_min_topup: options.getNumber('StripeMinTopUp'),
    stripe_unit_price: options.getNumber('StripeUnitPrice'),
    enable_creem_topup: creem !== undefined && (creem.products?.length ?? 0) > 0,
    creem_products: creem?.products ?? [],
    min_topup: options.getNumber('MinTopUp'),
    price: options.getNumber('Price'),
  };
}

/** Raw quota an order credits: Creem orders name quota, every other kind names units. */
export function orderQuota(
  order: { amount: number; payment_method: string | null },
  quotaPerUnit: number,
) {
  return order.payment_method === 'creem'
    ? Number(order.amount)
    : truncateProduct(Number(order.amount), quotaPerUnit);
}

/**
 * Marks a pending order paid and credits it, once: the same conditional completion a gateway's
 * confirmation uses, so a webhook arriving at the same moment cannot credit it a second time.
 */
export async function completeTopUpManually(
  deps: TopUpCompletionDeps & { options: OptionStore },
  tradeNo: string,
  adminName: string,
): Promise<TopUpOrder> {
  const order = await topUps.findTopUpByTradeNo(deps.database.db, tradeNo);
  if (!order) throw failure(TOP_UP_ORDER_NOT_FOUND);
  if (order.status !== TOP_UP_STATUS.pending) throw failure(TOP_UP_ORDER_NOT_PENDING);
  const quotaPerUnit = deps.options.getNumber('QuotaPerUnit');
  const quota = orderQuota(order, quotaPerUnit);
  const quotaText = formatQuota(
    quota,
    quotaPerUnit,
    deps.options.getBoolean('DisplayInCurrencyEnabled'),
  );
  const outcome = await completeTopUp(deps, {
    order,
    quota,
    logContent: () =>
      `管理员 ${adminName} 手动完成充值订单 ${tradeNo}，充值金额: ${quotaText}，支付金额：${Number(order.money).toFixed(2)}`,
  });
  if (outcome === 'buyer-gone') throw failure(TOP_UP_BUYER_GONE);
  if (outcome !== 'credited') throw failure(TOP_UP_ORDER_NOT_PENDING);
  const current = await topUps.findTopUpByTradeNo(deps.database.db, tradeNo);
  return topUpRowToDto(current ?? order);
}
