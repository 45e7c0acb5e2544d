import { describe, expect, it } from 'vitest';
import { codeNameFits, defaultCodeName, nameByteLength } from './code-name';

describe('code name length', () => {
  it('counts UTF-8 bytes', () => {
    expect(nameByteLength('abc')).toBe(3);
    expect(nameByteLength('兑换码')).toBe(9);
    expect(nameByteLength('')).toBe(0);
  });

  it('accepts 1 to 20 bytes', () => {
    expect(codeNameFits('a')).toBe(true);
    expect(codeNameFits('a'.repeat(20))).toBe(true);
    expect(codeNameFits('a'.repeat(21))).toBe(false);
    expect(codeNameFits('')).toBe(false);
  });

  it('fits six Chinese characters but not seven', () => {
    expect(codeNameFits('春节活动兑换码')).toBe(false);
    expect(codeNameFits('春节活动兑换')).toBe(true);
    expect(codeNameFits('春节活动兑换a')).toBe(true);
    expect(codeNameFits('春节活动兑换ab')).toBe(true);
    expect(codeNameFits('春节活动兑换abc')).toBe(false);
  });
});

describe('default code name', () => {
  it('is the quota in dollars when currency display is on', () => {
    expect(defaultCodeName(100000, { quotaPerUnit: 500000, displayInCurrency: true })).toBe(
      '$0.20',
    );
  });

  it('is the short quota number when currency display is off', () => {
    expect(defaultCodeName(100000, { quotaPerUnit: 500000, displayInCurrency: false })).toBe(
      '100.0k',
    );
    expect(defaultCodeName(500, { quotaPerUnit: 500000, displayInCurrency: false })).toBe('500');
  });

  it('always fits the name limit', () => {
    const display = { quotaPerUnit: 1, displayInCurrency: true };
    expect(codeNameFits(defaultCodeName(2_147_483_647, display))).toBe(true);
  });
});
