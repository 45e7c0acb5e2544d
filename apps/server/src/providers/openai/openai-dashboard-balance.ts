import {
  BalanceQueryError,
  bearer,
  localDate,
  numberField,
  objectOf,
  type FetchJson,
} from '../balance-query.js';

/**
 * OpenAI's dashboard API (OpenAI and Custom channels): the subscription's `hard_limit_usd` minus
 * `total_usage` (cents) since the first of the month, or over the last 100 days for accounts
 * without a payment method. `base` is '' when the channel has no address.
 */
export async function openAiDashboardBalance(
  base: string,
  key: string,
  fetchJson: FetchJson,
  now: Date,
): Promise<number> {
  if (base === '') throw new BalanceQueryError('未设置 API 地址');
  const subscription = objectOf(
    await fetchJson(`${base}/v1/dashboard/billing/subscription`, bearer(key)),
  );
  const endDate = localDate(now);
  let startDate = `${endDate.slice(0, 7)}-01`;
  if (subscription.has_payment_method !== true) {
    const hundredDaysAgo = new Date(now);
    hundredDaysAgo.setDate(hundredDaysAgo.getDate() - 100);
    startDate = localDate(hundredDaysAgo);
  }
  const usage = objectOf(
    await fetchJson(
      `${base}/v1/dashboard/billing/usage?start_date=${startDate}&end_date=${endDate}`,
      bearer(key),
    ),
  );
  return numberField(subscription, 'hard_limit_usd') - numberField(usage, 'total_usage') / 100;
}
