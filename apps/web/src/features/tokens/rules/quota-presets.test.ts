import { describe, expect, it } from 'vitest';
import { defaultTokenQuota, parseQuotaText, quotaPresets } from './quota-presets';

describe('quota presets', () => {
  it('are the spec values at the default 500000 quota per dollar', () => {
    expect(quotaPresets(500000)).toEqual([
      { value: 500000, label: '1$' },
      { value: 5000000, label: '10$' },
      { value: 25000000, label: '50$' },
      { value: 50000000, label: '100$' },
      { value: 250000000, label: '500$' },
      { value: 500000000, label: '1000$' },
    ]);
  });

  it('follow a changed quota per unit', () => {
    expect(quotaPresets(1000).map((preset) => preset.value)).toEqual([
      1000, 10000, 50000, 100000, 500000, 1000000,
    ]);
  });

  it('default a new token to one dollar', () => {
    expect(defaultTokenQuota(500000)).toBe(500000);
  });
});

describe('quota field', () => {
  it('reads whole numbers', () => {
    expect(parseQuotaText('0')).toBe(0);
    expect(parseQuotaText(' 500000 ')).toBe(500000);
  });

  it('refuses anything else', () => {
    expect(parseQuotaText('')).toBeNull();
    expect(parseQuotaText('-5')).toBeNull();
    expect(parseQuotaText('1.5')).toBeNull();
    expect(parseQuotaText('10$')).toBeNull();
    expect(parseQuotaText('99999999999999999999')).toBeNull();
  });
});
