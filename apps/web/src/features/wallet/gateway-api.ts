import {
  adminTopUpOrderSchema,
  topUpInfoSchema,
  type AdminTopUpOrder,
  type TopUpInfo,
} from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import { PaymentRefusedError, postPaymentCall } from './api';

/**
 * Stripe and Creem top-ups, the wallet's payment configuration and the admin's order list. The
 * quote and pay calls share Epay's `{message, data}` answer (see payment-answer.ts).
 */

/** `GET /api/user/topup/info`: which gateways are on, Stripe's price and Creem's products. */
export async function fetchTopUpInfo(): Promise<TopUpInfo | null> {
  const parsed = topUpInfoSchema.safeParse(await http.get<unknown>('/api/user/topup/info'));
  return parsed.success ? parsed.data : null;
}

/** `POST /api/user/stripe/amount`: the preview money for `amount` units, two decimals. */
export async function quoteStripe(amount: number, signal?: AbortSignal): Promise<string> {
  const { data } = await postPaymentCall(
    '/api/user/stripe/amount',
    { amount, payment_method: 'stripe' },
    signal,
  );
  return typeof data === 'string' || typeof data === 'number' ? String(data) : '';
}

/** The checkout address `name` of a pay answer's data; refused unless it is an http(s) URL. */
export function linkIn(data: unknown, name: string): string {
  const link = isRecord(data) ? data[name] : undefined;
  if (typeof link !== 'string' || !/^https?:\/\//i.test(link)) {
    throw new PaymentRefusedError('');
  }
  return link;
}

/** `POST /api/user/stripe/pay`: opens the order; returns Stripe's checkout page. */
export async function payWithStripe(amount: number): Promise<string> {
  const { data } = await postPaymentCall('/api/user/stripe/pay', {
    amount,
    payment_method: 'stripe',
  });
  return linkIn(data, 'pay_link');
}

/** `POST /api/user/creem/pay`: opens the order for one product; returns Creem's checkout page. */
export async function payWithCreem(productId: string): Promise<string> {
  const { data } = await postPaymentCall('/api/user/creem/pay', {
    product_id: productId,
    payment_method: 'creem',
  });
  return linkIn(data, 'checkout_url');
}

export interface AdminTopUpPage {
  orders: AdminTopUpOrder[];
  total: number;
}

/** `GET /api/user/topup?p=&page_size=&keyword=` (admin): every order, newest first. */
export async function fetchAdminTopUpPage(
  page: number,
  pageSize: number,
  keyword: string,
): Promise<AdminTopUpPage> {
  const data = await http.get<unknown>('/api/user/topup', {
    query: { p: page, page_size: pageSize, keyword },
  });
  if (!isRecord(data) || !Array.isArray(data.items)) return { orders: [], total: 0 };
  const orders = data.items.flatMap((item) => {
    const parsed = adminTopUpOrderSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  return { orders, total: typeof data.total === 'number' ? data.total : 0 };
}

/** `POST /api/user/topup/complete {trade_no}` (admin): marks a pending order paid. */
export async function completeTopUpOrder(tradeNo: string): Promise<void> {
  await http.post<unknown>('/api/user/topup/complete', { trade_no: tradeNo });
}
