import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  decimalOf,
  isNearHalf,
  isNearWhole,
  multiplyDecimals,
  productOf,
  roundDecimal,
  roundHalfAwayFromZero,
  roundProduct,
  truncateDecimal,
  truncateProduct,
} from './exact-decimal.js';

describe('decimalOf', () => {
  it('takes the shortest round-trip digits of a float', () => {
    expect(decimalOf(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(decimalOf(1.15)).toEqual({ units: 115n, scale: 2 });
    expect(decimalOf(37.5)).toEqual({ units: 375n, scale: 1 });
    expect(decimalOf(500000)).toEqual({ units: 500000n, scale: 0 });
    expect(decimalOf(4 / 3)).toEqual({ units: 13333333333333333n, scale: 16 });
  });

  it('reads exponent notation', () => {
    expect(decimalOf(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimalOf(2.5e-8)).toEqual({ units: 25n, scale: 9 });
    expect(decimalOf(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(decimalOf(-0.25)).toEqual({ units: -25n, scale: 2 });
  });

  it('refuses NaN and infinities', () => {
    expect(() => decimalOf(Number.NaN)).toThrow(RangeError);
    expect(() => decimalOf(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('exact arithmetic', () => {
  it('adds and multiplies without float error', () => {
    // 0.1 × 3 is 0.30000000000000004 in floats.
    const product = multiplyDecimals(decimalOf(0.1), decimalOf(3));
    expect(product).toEqual({ units: 3n, scale: 1 });
    expect(addDecimals(decimalOf(0.1), decimalOf(0.2))).toEqual({ units: 3n, scale: 1 });
    expect(addDecimals(decimalOf(1), decimalOf(0.25))).toEqual({ units: 125n, scale: 2 });
  });

  it('rounds halves away from zero and truncates toward zero', () => {
    expect(roundDecimal(decimalOf(2.5))).toBe(3);
    expect(roundDecimal(decimalOf(-2.5))).toBe(-3);
    expect(roundDecimal(decimalOf(2.4999))).toBe(2);
    expect(truncateDecimal(decimalOf(2.999))).toBe(2);
    expect(truncateDecimal(decimalOf(-2.999))).toBe(-2);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
  });

  it('fixes the float results that land on the wrong side of a boundary', () => {
    expect(90 * 0.35).toBe(31.499999999999996);
    expect(roundProduct(90, 0.35)).toBe(32);
    expect(50 * 1.15).toBe(57.49999999999999);
    expect(roundProduct(50, 1.15)).toBe(58);
    expect(1000 * 2.01).toBe(2009.9999999999998);
    expect(truncateProduct(1000, 2.01)).toBe(2010);
    expect(truncateProduct(1.005, 500000)).toBe(502500);
  });

  it('detects boundaries only where float error could matter', () => {
    expect(isNearHalf(31.499999999999996)).toBe(true);
    expect(isNearHalf(31.4)).toBe(false);
    expect(isNearWhole(2009.9999999999998)).toBe(true);
    expect(isNearWhole(2009.5)).toBe(false);
  });

  it('agrees with the exact path on many products', () => {
    const ratios = [0.1, 0.35, 1.15, 2.3, 0.075, 4 / 3, 0.27 / 2, 37.5, 10 / 0.6, 0.0025];
    for (const left of ratios) {
      for (const right of ratios) {
        for (let tokens = 1; tokens < 400; tokens += 7) {
          expect(roundProduct(tokens, left, right)).toBe(
            roundDecimal(productOf(tokens, left, right)),
          );
          expect(truncateProduct(tokens, left, right)).toBe(
            truncateDecimal(productOf(tokens, left, right)),
          );
        }
      }
    }
  });
});
