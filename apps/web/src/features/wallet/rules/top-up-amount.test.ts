import { describe, expect, it } from 'vitest';
import { meetsMinimum, minimumTopUpAmount, normaliseTopUpAmount } from './top-up-amount';

const currency = { quotaPerUnit: 500000, displayInCurrency: true };
const quota = { quotaPerUnit: 500000, displayInCurrency: false };

describe('normaliseTopUpAmount', () => {
  it('turns anything below 1 into 1', () => {
    expect(normaliseTopUpAmount(0)).toBe(1);
    expect(normaliseTopUpAmount(-5)).toBe(1);
    expect(normaliseTopUpAmount(0.5)).toBe(1);
  });

  it('turns an empty or unreadable input into 1', () => {
    expect(normaliseTopUpAmount(null)).toBe(1);
    expect(normaliseTopUpAmount(undefined)).toBe(1);
    expect(normaliseTopUpAmount(Number.NaN)).toBe(1);
    expect(normaliseTopUpAmount(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('keeps whole amounts and drops fractions (the server takes an integer)', () => {
    expect(normaliseTopUpAmount(1)).toBe(1);
    expect(normaliseTopUpAmount(25)).toBe(25);
    expect(normaliseTopUpAmount(25.9)).toBe(25);
  });
});

describe('minimumTopUpAmount', () => {
  it('is min_topup dollars in currency mode', () => {
    expect(minimumTopUpAmount(5, currency)).toBe(5);
  });

  it('is min_topup times the quota per unit in raw-quota mode', () => {
    expect(minimumTopUpAmount(5, quota)).toBe(2500000);
    expect(minimumTopUpAmount(2, { quotaPerUnit: 1000, displayInCurrency: false })).toBe(2000);
  });

  it('defaults to 1 unit and never goes below 1', () => {
    expect(minimumTopUpAmount(undefined, currency)).toBe(1);
    expect(minimumTopUpAmount(0, currency)).toBe(1);
    expect(minimumTopUpAmount(-3, currency)).toBe(1);
    expect(minimumTopUpAmount(undefined, quota)).toBe(500000);
  });
});

describe('meetsMinimum', () => {
  it('accepts the minimum itself and refuses one less', () => {
    expect(meetsMinimum(5, 5)).toBe(true);
    expect(meetsMinimum(6, 5)).toBe(true);
    expect(meetsMinimum(4, 5)).toBe(false);
  });
});
