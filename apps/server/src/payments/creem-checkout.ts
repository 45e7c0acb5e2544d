/**
 * Creem top-ups (reference 2026 additions §2.2): a product of `CreemProducts` bought through a
 * Creem checkout. The pending order is stored before the checkout is asked for, so a webhook
 * never arrives for an order that does not exist.
 */
import { TOP_UP_STATUS, type CreemPayRequest, type CreemProduct } from '@tollgate/contracts';
import { nowSeconds } from '../db/dialect-helpers.js';
import { failure } from '../errors/app-error.js';
import type { Buyer, TopUpOrderDeps } from './topup-orders.js';
import * as topUps from './topup-repository.js';
import { creemApiBase, newOrderReference, readCreemSettings } from './gateway-settings.js';
import { CHECKOUT_FAILED, UNSUPPORTED_PAYMENT_CHANNEL } from './stripe-checkout.js';

export const CREEM_NOT_CONFIGURED = '当前管理员未配置 Creem 支付信息';
export const CREEM_NO_PRODUCT = '请选择产品';
export const CREEM_PRODUCTS_INVALID = '产品配置错误';
export const CREEM_UNKNOWN_PRODUCT = '产品不存在';

/** How long a call to Creem's API may take. */
export const CREEM_TIMEOUT_MS = 30_000;

/** `POST /api/user/creem/pay`: `{checkoutUrl, tradeNo}` for one product. */
export async function createCreemOrder(
  deps: TopUpOrderDeps,
  buyer: Buyer,
  request: CreemPayRequest,
): Promise<{ checkoutUrl: string; tradeNo: string }> {
  const settings = readCreemSettings(deps.options);
  if (!settings) throw failure(CREEM_NOT_CONFIGURED);
  if (request.payment_method !== 'creem') throw failure(UNSUPPORTED_PAYMENT_CHANNEL);
  if (request.product_id.trim() === '') throw failure(CREEM_NO_PRODUCT);
  if (!settings.products) throw failure(CREEM_PRODUCTS_INVALID);
  const product: CreemProduct | undefined = settings.products.find(
    (candidate) => candidate.productId === request.product_id,
  );
  if (!product) throw failure(CREEM_UNKNOWN_PRODUCT);

  const db = deps.database.db;
  const user = await db
    .selectFrom('users')
    .select(['email', 'username'])
    .where('id', '=', buyer.id)
    .executeTakeFirst();
  const reference = newOrderReference('creem-api-ref', buyer.id);
  await topUps.insertTopUp(db, {
    user_id: buyer.id,
    // Raw quota, not units: a Creem product names the quota it credits.
    amount: product.quota,
    money: product.price,
    trade_no: reference,
    create_time: nowSeconds(),
    complete_time: 0,
    status: TOP_UP_STATUS.pending,
    payment_method: 'creem',
    currency: product.currency.toLowerCase(),
  });
  const body = {
    product_id: product.productId,
    request_id: reference,
    ...(user?.email ? { customer: { email: user.email } } : {}),
    metadata: {
      username: user?.username ?? '',
      reference_id: reference,
      product_name: product.name,
      quota: String(product.quota),
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
