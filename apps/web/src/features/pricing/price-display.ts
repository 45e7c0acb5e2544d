/**
 * Price rules of the pricing page (spec part 2 §9): prices per 1M tokens come from the model ratio
 * (ratio 1 = $2 per 1M prompt tokens), per-call prices from the model price; both are multiplied
 * by the viewed group's ratio. With the top-up price display on, dollars of quota are converted by
 * what a dollar of quota costs at top-up (`price`, in CNY) and the USD exchange rate.
 */

import { isVideoModel, QUOTA_TYPE } from '@tollgate/contracts';

export type Currency = 'USD' | 'CNY';

/** Defaults of the status payload's `price` and `usd_exchange_rate`. */
export const defaultTopUpPrice = 7.3;
export const defaultUsdExchangeRate = 7.3;

export interface PriceDisplay {
  /** Show prices as paid at top-up instead of in quota dollars. */
  withTopUpPrice: boolean;
  currency: Currency;
  /** Money (CNY) charged per 1 USD of quota at top-up. */
  topUpPrice: number;
  /** CNY per USD. */
  usdExchangeRate: number;
}

/** Prompt price per 1M tokens, in quota dollars. */
export function promptPricePerMillion(modelRatio: number, groupRatio: number): number {
  return modelRatio * 2 * groupRatio;
}

/** Completion price per 1M tokens, in quota dollars. */
export function completionPricePerMillion(
  modelRatio: number,
  completionRatio: number,
  groupRatio: number,
): number {
  return promptPricePerMillion(modelRatio, groupRatio) * completionRatio;
}

/**
 * A video model with a fixed price is billed per second of video (the price × seconds × size
 * tier), so its price reads per second (of 720p video). Video models are known by name or by the
 * catalogue's endpoint type.
 */
export function isPricedPerSecond(entry: {
  quota_type: number;
  model_name: string;
  meta?: { endpointTypes: readonly string[] } | null;
}): boolean {
  return (
    entry.quota_type === QUOTA_TYPE.perCall &&
    isVideoModel(entry.model_name, entry.meta?.endpointTypes ?? [])
  );
}

/** Price of one call, in quota dollars. */
export function perCallPrice(modelPrice: number, groupRatio: number): number {
  return modelPrice * groupRatio;
}

function positiveOr(value: number, fallback: number): number {
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Converts quota dollars for display: unchanged, or to the top-up price in USD or CNY. */
export function convertPrice(
  usd: number,
  display: PriceDisplay,
): { amount: number; currency: Currency } {
  if (!display.withTopUpPrice) return { amount: usd, currency: 'USD' };
  const topUpPrice = positiveOr(display.topUpPrice, defaultTopUpPrice);
  if (display.currency === 'CNY') return { amount: usd * topUpPrice, currency: 'CNY' };
  const rate = positiveOr(display.usdExchangeRate, defaultUsdExchangeRate);
  return { amount: (usd * topUpPrice) / rate, currency: 'USD' };
}

/**
 * `$0.15`, `$75`, `$1.6438` (up to 4 decimals, trailing zeros dropped; 6 for amounts under
 * $0.0001 so they do not read as free), or `¥1.10` (2 decimals).
 */
export function formatMoney(amount: number, currency: Currency): string {
  const value = Number.isFinite(amount) ? amount : 0;
  if (currency === 'CNY') return `¥${value.toFixed(2)}`;
  const decimals = Math.abs(value) < 0.0001 ? 6 : 4;
  return `$${Number(value.toFixed(decimals)).toString()}`;
}

/** Converts and formats in one step. */
export function displayPrice(usd: number, display: PriceDisplay): string {
  const { amount, currency } = convertPrice(usd, display);
  return formatMoney(amount, currency);
}

/** A ratio as shown in the table (at most 4 decimals, so 1.3333333 reads 1.3333). */
export function formatRatio(ratio: number): string {
  return Number.isFinite(ratio) ? String(Number(ratio.toFixed(4))) : '0';
}
