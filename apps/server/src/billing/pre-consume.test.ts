import { describe, expect, it } from 'vitest';
import { estimatePreConsume } from './pre-consume.js';
import type { PriceInfo } from './price-resolution.js';

function ratioPrice(modelRatio: number, groupRatio = 1): PriceInfo {
  return {
    usePrice: false,
    modelPrice: -1,
    modelRatio,
    completionRatio: 1,
    cacheRatio: 1,
    cacheCreationRatio: 1.25,
    groupRatio,
    userGroupRatio: undefined,
  };
}

function perCallPrice(modelPrice: number, groupRatio = 1): PriceInfo {
  return { ...ratioPrice(0, groupRatio), usePrice: true, modelPrice };
}

const base = { promptTokens: 1200, maxTokens: 0, quotaPerUnit: 500000, preConsumedTokens: 500 };

describe('estimatePreConsume', () => {
  it('holds the per-call price × QuotaPerUnit × group ratio', () => {
    expect(estimatePreConsume(perCallPrice(0.04), base)).toBe(20000);
    expect(estimatePreConsume(perCallPrice(0.04, 1.5), base)).toBe(30000);
    expect(estimatePreConsume(perCallPrice(0.1, 0), base)).toBe(0);
  });

  it('holds PreConsumedQuota tokens (not the prompt) when the request sets no output limit', () => {
    expect(estimatePreConsume(ratioPrice(2.5), base)).toBe(1250);
    expect(estimatePreConsume(ratioPrice(2.5, 2), { ...base, preConsumedTokens: 1000 })).toBe(5000);
  });

  it('holds prompt + max tokens when the request sets a limit', () => {
    expect(estimatePreConsume(ratioPrice(2.5), { ...base, maxTokens: 800 })).toBe(5000);
    expect(estimatePreConsume(ratioPrice(0.075, 0.5), { ...base, maxTokens: 800 })).toBe(75);
  });

  it('truncates like new-api, but from the exact value', () => {
    // 0.075 × 0.5 × 2001 = 75.0375 → 75; 333 × 0.1 = 33.3 → 33.
    expect(estimatePreConsume(ratioPrice(0.075, 0.5), { ...base, maxTokens: 801 })).toBe(75);
    expect(estimatePreConsume(ratioPrice(0.1), { ...base, preConsumedTokens: 333 })).toBe(33);
    // 1000 × 2.01 is 2009.9999999999998 in floats.
    expect(estimatePreConsume(ratioPrice(2.01), { ...base, preConsumedTokens: 1000 })).toBe(2010);
    // 1.005 × 500000 is 502499.99999999994 in floats.
    expect(estimatePreConsume(perCallPrice(1.005), base)).toBe(502500);
  });

  it('treats a negative max tokens as absent', () => {
    expect(estimatePreConsume(ratioPrice(1), { ...base, maxTokens: -5 })).toBe(500);
  });
});
