import { describe, expect, it } from 'vitest';
import { formatNumber, formatQuota, quotaEquivalent } from './quota-format';

const raw = { quotaPerUnit: 500000, displayInCurrency: false };
const dollars = { quotaPerUnit: 500000, displayInCurrency: true };

describe('formatNumber', () => {
  it('keeps small numbers as they are', () => {
    expect(formatNumber(9999)).toBe('9999');
    expect(formatNumber(0)).toBe('0');
  });
  it('abbreviates thousands, millions and billions', () => {
    expect(formatNumber(10000)).toBe('10.0k');
    expect(formatNumber(2_500_000)).toBe('2.5M');
    expect(formatNumber(3_000_000_000)).toBe('3.0B');
  });
  it('treats missing values as zero', () => {
    expect(formatNumber(undefined)).toBe('0');
  });
});

describe('formatQuota', () => {
  it('shows dollars when currency display is on', () => {
    expect(formatQuota(500000, 2, dollars)).toBe('$1.00');
    expect(formatQuota(100000, 2, dollars)).toBe('$0.20');
    expect(formatQuota(1, 6, dollars)).toBe('$0.000002');
  });
  it('shows the short number otherwise', () => {
    expect(formatQuota(500000, 2, raw)).toBe('500.0k');
  });
  it('gives an equivalent only in currency mode', () => {
    expect(quotaEquivalent(500000, 2, raw)).toBeNull();
    expect(quotaEquivalent(500000, 2, dollars)).toBe('$1.00');
  });
});
