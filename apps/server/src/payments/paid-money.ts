import { decimalOf } from '../billing/exact-decimal.js';

/** Money text a provider reports: digits with an optional fraction (`7`, `7.3`, `7.30`). */
const MONEY_TEXT = /^(\d{1,15})(?:\.(\d{1,12}))?$/;

/** `text` in cents when it is a whole number of cents, else undefined. */
function centsOfText(text: string): bigint | undefined {
  const match = MONEY_TEXT.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  // Digits beyond the cents must be zeros: 7.300 is 730 cents, 7.301 is no whole number of cents.
  if (/[^0]/.test(fraction.slice(2))) return undefined;
  return BigInt(match[1]!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
}

/**
 * Whether the money a notification reports (`paid`, text) is what the order asked (`ordered`, the
 * stored `top_ups.money`), compared exactly in cents. Orders opened here store the two-decimal
 * money sent to the provider, so the two must be equal. Orders opened by new-api may store the
 * unrounded price (8.395) while the provider was asked for it rounded to cents; for those either
 * neighbouring cent is accepted, and nothing further.
 */
export function paidMoneyMatches(paid: string, ordered: number): boolean {
  const paidCents = centsOfText(paid);
  if (paidCents === undefined || !Number.isFinite(ordered) || ordered < 0) return false;
  const exact = decimalOf(ordered);
  if (exact.scale <= 2) return paidCents === exact.units * 10n ** BigInt(2 - exact.scale);
  const divisor = 10n ** BigInt(exact.scale - 2);
  const below = exact.units / divisor;
  const above = exact.units % divisor === 0n ? below : below + 1n;
  return paidCents === below || paidCents === above;
}
