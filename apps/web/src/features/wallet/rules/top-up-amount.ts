import type { QuotaDisplay } from '../../../lib/quota-format';

/**
 * The amount the wallet sends for an input value (spec part 2 "Wallet"): a whole number, and
 * anything below 1 (an empty field included) becomes 1.
 */
export function normaliseTopUpAmount(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1;
  const whole = Math.trunc(value);
  return whole < 1 ? 1 : whole;
}

/**
 * The smallest amount the input accepts, in the input's own unit: top-up units (dollars) when
 * currency display is on, otherwise raw quota, as the server reads the amount (reference §9.2).
 * `min_topup` is in top-up units, so in raw-quota mode it is multiplied by the quota per unit, as
 * the server checks it. Never below 1.
 */
export function minimumTopUpAmount(minTopUp: number | undefined, display: QuotaDisplay): number {
  const units = typeof minTopUp === 'number' && Number.isFinite(minTopUp) ? minTopUp : 1;
  const minimum = display.displayInCurrency ? units : units * display.quotaPerUnit;
  return Math.max(1, Math.ceil(minimum));
}

/** Whether the amount reaches the configured minimum. */
export function meetsMinimum(amount: number, minimum: number): boolean {
  return amount >= minimum;
}
