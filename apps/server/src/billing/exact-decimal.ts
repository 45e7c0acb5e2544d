/**
 * Exact decimal arithmetic for quota formulas.
 *
 * new-api computes charges with a decimal library: every ratio enters as the shortest decimal
 * that round-trips its float (1.15 is exactly 1.15, not 1.149999…), products and sums are exact,
 * and only the final result is rounded. Plain floating point differs exactly where it matters
 * most — on a .5 boundary (90 tokens × ratio 0.35 is 31.5, but 31.499999999999996 in floats) or
 * just below a whole number before truncation (1000 × 2.01 = 2009.9999999999998).
 *
 * The formulas therefore run in floating point first (no allocation, the common case) and fall
 * back to the exact `Decimal` path only when the float result lies so close to a rounding
 * boundary that float error could flip the outcome. The tolerance is far wider than any error
 * a dozen float operations on these magnitudes can accumulate (relative ~1e-15), so outside it
 * the float answer is provably the exact one.
 */

/** units × 10^−scale, with `scale` ≥ 0. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const POWERS_OF_TEN: bigint[] = [1n];

function powerOfTen(exponent: number): bigint {
  while (POWERS_OF_TEN.length <= exponent) {
    POWERS_OF_TEN.push(POWERS_OF_TEN[POWERS_OF_TEN.length - 1] * 10n);
  }
  return POWERS_OF_TEN[exponent];
}

/**
 * The decimal a float stands for: its shortest round-trip representation, the same digits Go's
 * `decimal.NewFromFloat` uses. Throws on NaN and infinities (never valid in a quota formula).
 */
export function decimalOf(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
  const text = String(value);
  const exponentAt = text.indexOf('e');
  const mantissa = exponentAt < 0 ? text : text.slice(0, exponentAt);
  const exponent = exponentAt < 0 ? 0 : Number(text.slice(exponentAt + 1));
  const dotAt = mantissa.indexOf('.');
  const digits = dotAt < 0 ? mantissa : mantissa.slice(0, dotAt) + mantissa.slice(dotAt + 1);
  const fractionLength = dotAt < 0 ? 0 : mantissa.length - dotAt - 1;
  const scale = fractionLength - exponent;
  const units = BigInt(digits);
  return scale >= 0 ? { units, scale } : { units: units * powerOfTen(-scale), scale: 0 };
}

export function addDecimals(left: Decimal, right: Decimal): Decimal {
  if (left.scale === right.scale) return { units: left.units + right.units, scale: left.scale };
  if (left.scale > right.scale) {
    return {
      units: left.units + right.units * powerOfTen(left.scale - right.scale),
      scale: left.scale,
    };
  }
  return {
    units: left.units * powerOfTen(right.scale - left.scale) + right.units,
    scale: right.scale,
  };
}

export function multiplyDecimals(left: Decimal, right: Decimal): Decimal {
  return { units: left.units * right.units, scale: left.scale + right.scale };
}

/** Product of the decimals of several floats. */
export function productOf(...factors: number[]): Decimal {
  let result: Decimal = { units: 1n, scale: 0 };
  for (const factor of factors) result = multiplyDecimals(result, decimalOf(factor));
  return result;
}

/** Rounds to an integer, halves away from zero (Go `decimal.Round(0)`). */
export function roundDecimal(value: Decimal): number {
  if (value.scale === 0) return Number(value.units);
  const divisor = powerOfTen(value.scale);
  const negative = value.units < 0n;
  const magnitude = negative ? -value.units : value.units;
  let whole = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) whole += 1n;
  return Number(negative ? -whole : whole);
}

/** Drops the fraction (Go `int(x)`), exactly. */
export function truncateDecimal(value: Decimal): number {
  if (value.scale === 0) return Number(value.units);
  return Number(value.units / powerOfTen(value.scale));
}

/** How far from a boundary a float result must be for float error to be irrelevant. */
function tolerance(magnitude: number): number {
  return 1e-9 + magnitude * 1e-12;
}

/** True when rounding `value` half-away-from-zero in floats might differ from exact rounding. */
export function isNearHalf(value: number): boolean {
  const magnitude = Math.abs(value);
  const fraction = magnitude - Math.floor(magnitude);
  return Math.abs(fraction - 0.5) <= tolerance(magnitude);
}

/** True when truncating `value` in floats might differ from exact truncation. */
export function isNearWhole(value: number): boolean {
  const magnitude = Math.abs(value);
  const fraction = magnitude - Math.floor(magnitude);
  const limit = tolerance(magnitude);
  return fraction <= limit || fraction >= 1 - limit;
}

/** Float rounding, halves away from zero (`Math.round` alone rounds −2.5 to −2). */
export function roundHalfAwayFromZero(value: number): number {
  return value < 0 ? -Math.round(-value) : Math.round(value);
}

/**
 * `round(f1 × f2 × …)` exactly, using the float product unless it sits near a .5 boundary.
 * Used for the per-call price formulas.
 */
export function roundProduct(...factors: number[]): number {
  let product = 1;
  for (const factor of factors) product *= factor;
  return isNearHalf(product) ? roundDecimal(productOf(...factors)) : roundHalfAwayFromZero(product);
}

/** `int(f1 × f2 × …)` exactly (truncation toward zero), as new-api's pre-consume estimate. */
export function truncateProduct(...factors: number[]): number {
  let product = 1;
  for (const factor of factors) product *= factor;
  return isNearWhole(product) ? truncateDecimal(productOf(...factors)) : Math.trunc(product);
}
