import { describe, expect, it } from 'vitest';
import { formatCents, quoteTopUp, toCents, type TopUpPricing } from './topup-quote.js';

const pricing: TopUpPricing = {
  displayInCurrency: true,
  quotaPerUnit: 500_000,
  price: 7.3,
  minTopUp: 1,
  groupRatios: { default: 1, vip: 1.15, free: 0 },
};

describe('quoteTopUp', () => {
  it('prices units × Price × group ratio, rounded once to the cent', () => {
    expect(quoteTopUp(pricing, 'default', 10)).toEqual({
      units: 10,
      quota: 5_000_000,
      money: '73.00',
    });
    expect(quoteTopUp(pricing, 'vip', 3).money).toBe('25.19');
    expect(quoteTopUp(pricing, 'free', 3).money).toBe('21.90');
    expect(quoteTopUp(pricing, 'unknown', 3).money).toBe('21.90');
  });

  it('divides raw quota into whole units', () => {
    const raw = { ...pricing, displayInCurrency: false, quotaPerUnit: 250_000.5 };
    expect(quoteTopUp(raw, 'default', 500_001)).toMatchObject({ units: 2, quota: 500_001 });
    expect(() => quoteTopUp(raw, 'default', 249_999)).toThrow('充值数量不能小于 250000');
    // The truncated minimum holds no whole unit: nothing to pay for.
    expect(() => quoteTopUp(raw, 'default', 250_000)).toThrow('充值金额过低');
  });

  it('refuses below the minimum, under a cent and beyond exact quota', () => {
    expect(() => quoteTopUp({ ...pricing, minTopUp: 5 }, 'default', 4)).toThrow(
      '充值数量不能小于 5',
    );
    expect(() => quoteTopUp({ ...pricing, price: 0 }, 'default', 4)).toThrow('充值金额过低');
    expect(() => quoteTopUp(pricing, 'default', 2 ** 50)).toThrow('充值数量过大');
  });
});

describe('cents', () => {
  it('round half away from zero and print two decimals', () => {
    expect(formatCents(toCents({ units: 25185n, scale: 3 }))).toBe('25.19');
    expect(formatCents(toCents({ units: 25184n, scale: 3 }))).toBe('25.18');
    expect(formatCents(toCents({ units: -5n, scale: 3 }))).toBe('-0.01');
    expect(formatCents(toCents({ units: 7n, scale: 0 }))).toBe('7.00');
    expect(formatCents(5n)).toBe('0.05');
  });
});
