import { describe, expect, it } from 'vitest';
import {
  formatInputAmount,
  formatMoney,
  formatOrderAmount,
  formatTopUpOrderAmount,
  orderMoneyText,
} from './money';

const currency = { quotaPerUnit: 500000, displayInCurrency: true };
const quota = { quotaPerUnit: 500000, displayInCurrency: false };

describe('formatMoney', () => {
  it('shows the quoted money with two decimals', () => {
    expect(formatMoney('7.30')).toBe('7.30');
    expect(formatMoney('7.3')).toBe('7.30');
    expect(formatMoney(73)).toBe('73.00');
    expect(formatMoney(0.456)).toBe('0.46');
  });

  it('shows 0.00 for an unreadable value', () => {
    expect(formatMoney('')).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });
});

describe('formatInputAmount', () => {
  it('prefixes dollars in currency mode and leaves quota as a number', () => {
    expect(formatInputAmount(10, currency)).toBe('$10');
    expect(formatInputAmount(5000000, quota)).toBe('5000000');
  });
});

describe('formatOrderAmount', () => {
  it('shows stored units as dollars in currency mode', () => {
    expect(formatOrderAmount(10, currency)).toBe('$10.00');
  });

  it('shows stored units as quota otherwise', () => {
    expect(formatOrderAmount(10, quota)).toBe('5.0M');
    expect(formatOrderAmount(0.01, quota)).toBe('5000');
  });

  it('treats an unreadable amount as 0', () => {
    expect(formatOrderAmount(Number.NaN, currency)).toBe('$0.00');
  });
});

describe('formatTopUpOrderAmount', () => {
  it('reads Creem orders as raw quota and every other order as units', () => {
    expect(formatTopUpOrderAmount({ amount: 2, payment_method: 'stripe' }, quota)).toBe(
      formatOrderAmount(2, quota),
    );
    expect(formatTopUpOrderAmount({ amount: 1_000_000, payment_method: 'creem' }, quota)).toBe(
      formatOrderAmount(2, quota),
    );
    expect(formatTopUpOrderAmount({ amount: 1_000_000, payment_method: 'creem' }, currency)).toBe(
      formatOrderAmount(2, currency),
    );
  });
});

describe('orderMoneyText', () => {
  it('names the currency of hosted-checkout orders and uses the site text otherwise', () => {
    expect(orderMoneyText({ money: 49, currency: 'eur' }, (value) => `¥${value}`)).toBe(
      '49.00 EUR',
    );
    expect(orderMoneyText({ money: 7.3, currency: '' }, (value) => `¥${value}`)).toBe('¥7.30');
  });
});
