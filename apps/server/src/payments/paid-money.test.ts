import { describe, expect, it } from 'vitest';
import { paidMoneyMatches } from './paid-money.js';

describe('paidMoneyMatches', () => {
  it('accepts the ordered money however the provider writes it', () => {
    for (const text of ['73', '73.0', '73.00', '73.000', ' 73.00 ']) {
      expect(paidMoneyMatches(text, 73), text).toBe(true);
    }
    expect(paidMoneyMatches('0.10', 0.1)).toBe(true);
    expect(paidMoneyMatches('16.79', 16.79)).toBe(true);
  });

  it('refuses any other amount and anything that is not money', () => {
    for (const text of ['72.99', '73.01', '73.001', '730', '-73', '7.3e1', '', 'abc', '73,00']) {
      expect(paidMoneyMatches(text, 73), text).toBe(false);
    }
    expect(paidMoneyMatches('1', Number.NaN)).toBe(false);
  });

  it('accepts either neighbouring cent of an unrounded price stored by new-api', () => {
    expect(paidMoneyMatches('8.39', 8.395)).toBe(true);
    expect(paidMoneyMatches('8.40', 8.395)).toBe(true);
    expect(paidMoneyMatches('8.38', 8.395)).toBe(false);
    expect(paidMoneyMatches('8.41', 8.395)).toBe(false);
  });
});
