import { formatQuota, type QuotaDisplay } from '../../../lib/quota-format';

/**
 * Money to pay, as the provider is asked for it: two decimals. The server quotes it as text
 * (`"7.30"`); an unreadable value shows as 0.00 rather than `NaN`.
 */
export function formatMoney(value: string | number | null | undefined): string {
  const number = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return (Number.isFinite(number) ? number : 0).toFixed(2);
}

/**
 * A top-up amount as the user typed it (the input's unit): `$10` in currency mode, the quota
 * number otherwise. Used by the input's minimum message and the confirmation dialog.
 */
export function formatInputAmount(amount: number, display: QuotaDisplay): string {
  return display.displayInCurrency ? `$${amount}` : String(amount);
}

/**
 * A stored top-up order's amount: orders keep top-up units (dollars), shown like any balance —
 * dollars in currency mode, quota (units × quota per unit) otherwise.
 */
export function formatOrderAmount(units: number, display: QuotaDisplay): string {
  const safeUnits = Number.isFinite(units) ? units : 0;
  return formatQuota(safeUnits * display.quotaPerUnit, 2, display);
}

/** An order's money: with its currency for Stripe and Creem orders, else the site's money text. */
export function orderMoneyText(
  order: { money: number; currency: string },
  siteMoney: (value: string) => string,
): string {
  const value = formatMoney(order.money);
  return order.currency ? `${value} ${order.currency.toUpperCase()}` : siteMoney(value);
}

/**
 * An order's amount by how it was paid: Creem orders store the raw quota their product credits,
 * every other order stores top-up units.
 */
export function formatTopUpOrderAmount(
  order: { amount: number; payment_method: string },
  display: QuotaDisplay,
): string {
  if (order.payment_method !== 'creem') return formatOrderAmount(order.amount, display);
  return formatQuota(Number.isFinite(order.amount) ? order.amount : 0, 2, display);
}
