/**
 * What an online top-up costs (reference §9.2): units bought × `Price` × the buyer group's
 * `TopupGroupRatio`, in exact decimals and rounded once, to the cent.
 */
import { decimalOf, productOf, truncateProduct, type Decimal } from '../billing/exact-decimal.js';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';

/** The options a quote reads, at the moment of the quote. */
export interface TopUpPricing {
  /** The requested amount is in units (dollars); otherwise it is raw quota. */
  displayInCurrency: boolean;
  quotaPerUnit: number;
  /** Money per unit (`Price`). */
  price: number;
  /** Fewest units one order may buy (`MinTopUp`). */
  minTopUp: number;
  /** Group → factor on the price (`TopupGroupRatio`); missing or 0 means 1. */
  groupRatios: Readonly<Record<string, number>>;
}

export function readTopUpPricing(
  options: Pick<OptionStore, 'getBoolean' | 'getNumber' | 'getJson'>,
): TopUpPricing {
  return {
    displayInCurrency: options.getBoolean('DisplayInCurrencyEnabled'),
    quotaPerUnit: options.getNumber('QuotaPerUnit'),
    price: options.getNumber('Price'),
    minTopUp: options.getNumber('MinTopUp'),
    groupRatios: options.getJson('TopupGroupRatio'),
  };
}

/** A priced top-up. */
export interface TopUpQuote {
  /** Whole units bought: what `top_ups.amount` holds and what is credited. */
  units: number;
  /** Quota credited on payment: `units × QuotaPerUnit`, truncated. */
  quota: number;
  /** The money to pay, with two decimals (`"7.30"`), as sent to the provider. */
  money: string;
}

export const TOP_UP_BELOW_MINIMUM = (minimum: number) => `充值数量不能小于 ${minimum}`;
export const TOP_UP_MONEY_TOO_LOW = '充值金额过低';
export const TOP_UP_AMOUNT_TOO_LARGE = '充值数量过大';

/** The smallest `amount` accepted, in the unit the request uses (raw quota when not in currency). */
export function minimumTopUpAmount(pricing: TopUpPricing): number {
  return pricing.displayInCurrency
    ? pricing.minTopUp
    : truncateProduct(pricing.minTopUp, pricing.quotaPerUnit);
}

/**
 * Whole units in `amount`: itself in currency mode, else raw quota ÷ QuotaPerUnit truncated. The
 * money is computed from these whole units too, so nobody pays for a fraction of a unit that the
 * order cannot credit (new-api prices the fraction, then credits the whole units only).
 */
function unitsOf(amount: number, pricing: TopUpPricing): number {
  if (pricing.displayInCurrency) return amount;
  const perUnit = decimalOf(pricing.quotaPerUnit);
  return Number((BigInt(amount) * 10n ** BigInt(perUnit.scale)) / perUnit.units);
}

/** `value` in cents, rounded half away from zero. */
export function toCents(value: Decimal): bigint {
  if (value.scale <= 2) return value.units * 10n ** BigInt(2 - value.scale);
  const divisor = 10n ** BigInt(value.scale - 2);
  const magnitude = value.units < 0n ? -value.units : value.units;
  let cents = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) cents += 1n;
  return value.units < 0n ? -cents : cents;
}

/** Cents as money text with two decimals: 730n → `"7.30"`. */
export function formatCents(cents: bigint): string {
  const magnitude = cents < 0n ? -cents : cents;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${cents < 0n ? '-' : ''}${magnitude / 100n}.${fraction}`;
}

/** The group's top-up ratio: missing, 0 (or not a finite number) counts as 1. */
function groupRatio(pricing: TopUpPricing, group: string): number {
  const ratio = pricing.groupRatios[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) && ratio !== 0 ? ratio : 1;
}

/**
 * Prices `amount` for a buyer in `group`, or throws the refusal the console shows: below
 * `MinTopUp` ("充值数量不能小于 X", X in the request's unit) or less than one cent to pay
 * ("充值金额过低").
 */
export function quoteTopUp(pricing: TopUpPricing, group: string, amount: number): TopUpQuote {
  const minimum = minimumTopUpAmount(pricing);
  if (amount < minimum) throw failure(TOP_UP_BELOW_MINIMUM(minimum));
  const units = unitsOf(amount, pricing);
  const quota = truncateProduct(units, pricing.quotaPerUnit);
  if (!Number.isSafeInteger(quota)) throw failure(TOP_UP_AMOUNT_TOO_LARGE);
  const cents = toCents(productOf(units, pricing.price, groupRatio(pricing, group)));
  if (cents < 1n) throw failure(TOP_UP_MONEY_TOO_LOW);
  return { units, quota, money: formatCents(cents) };
}
