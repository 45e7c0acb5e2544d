import { describe, expect, it } from 'vitest';
import type { Usage } from '../providers/usage.js';
import { limitTokensOf } from './limit-tokens.js';
import type { PriceInfo } from './price-resolution.js';

const ratioPrice: PriceInfo = {
  usePrice: false,
  modelPrice: -1,
  modelRatio: 2.5,
  completionRatio: 4,
  cacheRatio: 0.1,
  cacheCreationRatio: 1.25,
  groupRatio: 1,
  userGroupRatio: undefined,
};

function usage(parts: Partial<Usage>): Usage {
  return {
    promptTokens: 0,
    completionTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    reasoningTokens: 0,
    ...parts,
  };
}

describe('limitTokensOf', () => {
  it('counts prompt and completion one each when nothing came from the cache', () => {
    expect(limitTokensOf(usage({ promptTokens: 120, completionTokens: 30 }), ratioPrice)).toBe(150);
  });

  it('weights cache reads and writes by their ratios, whatever the completion ratio', () => {
    // 1000 prompt = 600 cached (×0.1 = 60) + 200 written (×1.25 = 250) + 200 plain; 50 completion.
    const counted = limitTokensOf(
      usage({
        promptTokens: 1000,
        cachedTokens: 600,
        cacheCreationTokens: 200,
        completionTokens: 50,
      }),
      ratioPrice,
    );
    expect(counted).toBe(60 + 250 + 200 + 50);
  });

  it('rounds a fraction of a token up, and an inexact ratio product to its whole number', () => {
    expect(limitTokensOf(usage({ promptTokens: 5, cachedTokens: 5 }), ratioPrice)).toBe(1);
    expect(limitTokensOf(usage({ promptTokens: 30, cachedTokens: 30 }), ratioPrice)).toBe(3);
  });

  it('keeps cached tokens within the prompt a provider reported', () => {
    expect(
      limitTokensOf(
        usage({ promptTokens: 10, cachedTokens: 500, completionTokens: 1 }),
        ratioPrice,
      ),
    ).toBe(2);
  });

  it('counts every token once under a per-call price', () => {
    const perCall: PriceInfo = { ...ratioPrice, usePrice: true, modelPrice: 0.01, cacheRatio: 0 };
    expect(
      limitTokensOf(usage({ promptTokens: 100, cachedTokens: 80, completionTokens: 20 }), perCall),
    ).toBe(120);
  });
});
