import { describe, expect, it } from 'vitest';
import type { Usage } from '../providers/usage.js';
import { addDecimals, decimalOf, roundHalfAwayFromZero } from './exact-decimal.js';
import type { PriceInfo } from './price-resolution.js';
import {
  billableCacheCreationTokens,
  billableCachedTokens,
  computeAudioQuota,
  computeQuota,
} from './quota-formula.js';

/** The edges of the settlement formulas: what a provider's odd usage report is billed. */

const QUOTA_PER_UNIT = 500000;
const price = (overrides: Partial<PriceInfo> = {}): PriceInfo => ({
  usePrice: false,
  modelPrice: -1,
  modelRatio: 1,
  completionRatio: 1,
  cacheRatio: 0.5,
  cacheCreationRatio: 2,
  groupRatio: 1,
  userGroupRatio: undefined,
  ...overrides,
});
const usage = (prompt: number, completion: number, cached = 0, creation = 0): Usage =>
  ({
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: cached,
    cacheCreationTokens: creation,
  }) as Usage;

describe('billable cache tokens', () => {
  it('are never negative and never more than the prompt', () => {
    expect(billableCachedTokens(usage(10, 0, 4))).toBe(4);
    expect(billableCachedTokens(usage(10, 0, 25))).toBe(10);
    expect(billableCachedTokens(usage(10, 0, -3))).toBe(0);
    expect(billableCachedTokens(usage(-10, 0, 5))).toBe(0);
    expect(billableCacheCreationTokens(usage(10, 0, 4, 3))).toBe(3);
    expect(billableCacheCreationTokens(usage(10, 0, 4, 9))).toBe(6);
    expect(billableCacheCreationTokens(usage(10, 0, 0, -2))).toBe(0);
    expect(billableCacheCreationTokens(usage(-10, 0, 0, 5))).toBe(0);
  });
});

describe('computeQuota with odd reports', () => {
  it('bills negative token counts as none', () => {
    expect(computeQuota(price(), usage(-100, 10), QUOTA_PER_UNIT)).toBe(10);
    expect(computeQuota(price(), usage(100, -10), QUOTA_PER_UNIT)).toBe(100);
    expect(computeQuota(price(), usage(-100, -10), QUOTA_PER_UNIT)).toBe(0);
    expect(
      computeQuota(price({ usePrice: true, modelPrice: 0.01 }), usage(-1, -1), QUOTA_PER_UNIT),
    ).toBe(0);
  });

  it('bills cache reads and writes at their ratios within the prompt', () => {
    // 10 uncached + 20 × 0.5 + 10 × 2 + 5 completion = 45
    expect(computeQuota(price(), usage(40, 5, 20, 10), QUOTA_PER_UNIT)).toBe(45);
    // More cached than prompt: all 40 at 0.5, nothing written.
    expect(computeQuota(price(), usage(40, 0, 90, 10), QUOTA_PER_UNIT)).toBe(20);
  });
});

describe('computeAudioQuota with odd reports', () => {
  const ratios = { audioRatio: 2, audioCompletionRatio: 3 };
  const audio = (textIn: number, textOut: number, audioIn: number, audioOut: number) => ({
    textInputTokens: textIn,
    textOutputTokens: textOut,
    audioInputTokens: audioIn,
    audioOutputTokens: audioOut,
  });

  it('charges any one kind of token alone, each at its own weight', () => {
    expect(computeAudioQuota(price(), ratios, audio(7, 0, 0, 0), QUOTA_PER_UNIT)).toBe(7);
    expect(
      computeAudioQuota(price({ completionRatio: 4 }), ratios, audio(0, 7, 0, 0), QUOTA_PER_UNIT),
    ).toBe(28);
    expect(computeAudioQuota(price(), ratios, audio(0, 0, 7, 0), QUOTA_PER_UNIT)).toBe(14);
    expect(computeAudioQuota(price(), ratios, audio(0, 0, 0, 7), QUOTA_PER_UNIT)).toBe(42);
    // Totals that would cancel out if a sign were wrong are still billed.
    expect(computeAudioQuota(price(), ratios, audio(4, 4, 0, 0), QUOTA_PER_UNIT)).toBe(8);
    expect(computeAudioQuota(price(), ratios, audio(0, 3, 3, 0), QUOTA_PER_UNIT)).toBe(9);
    expect(computeAudioQuota(price(), ratios, audio(5, 0, 0, 5), QUOTA_PER_UNIT)).toBe(35);
  });

  it('bills negative counts as none, and nothing at all as 0', () => {
    expect(computeAudioQuota(price(), ratios, audio(-5, 0, 0, 0), QUOTA_PER_UNIT)).toBe(0);
    expect(computeAudioQuota(price(), ratios, audio(0, -5, 0, 0), QUOTA_PER_UNIT)).toBe(0);
    expect(computeAudioQuota(price(), ratios, audio(0, 0, -5, 0), QUOTA_PER_UNIT)).toBe(0);
    expect(computeAudioQuota(price(), ratios, audio(0, 0, 0, -5), QUOTA_PER_UNIT)).toBe(0);
    expect(computeAudioQuota(price(), ratios, audio(-5, 2, -5, -5), QUOTA_PER_UNIT)).toBe(2);
    expect(
      computeAudioQuota(
        price({ usePrice: true, modelPrice: 0.01 }),
        ratios,
        audio(0, 0, 0, 0),
        QUOTA_PER_UNIT,
      ),
    ).toBe(0);
    expect(
      computeAudioQuota(
        price({ usePrice: true, modelPrice: 0.01 }),
        ratios,
        audio(1, 0, 0, 0),
        QUOTA_PER_UNIT,
      ),
    ).toBe(5000);
  });

  it('rounds a .5 result exactly, away from zero', () => {
    // 90 × 0.35 is 31.5 exactly (31.499999999999996 in floats).
    expect(
      computeAudioQuota(price({ modelRatio: 0.35 }), ratios, audio(90, 0, 0, 0), QUOTA_PER_UNIT),
    ).toBe(32);
    // Audio output at its weights: 15 × 2 × 3 × 0.35 = 31.5.
    expect(
      computeAudioQuota(price({ modelRatio: 0.35 }), ratios, audio(0, 0, 0, 15), QUOTA_PER_UNIT),
    ).toBe(32);
    // Text output and audio input near the half too.
    expect(
      computeAudioQuota(
        price({ modelRatio: 0.35, completionRatio: 3 }),
        ratios,
        audio(0, 30, 0, 0),
        QUOTA_PER_UNIT,
      ),
    ).toBe(32);
    expect(
      computeAudioQuota(price({ modelRatio: 0.35 }), ratios, audio(0, 0, 45, 0), QUOTA_PER_UNIT),
    ).toBe(32);
    // Not near a half: plain rounding.
    expect(
      computeAudioQuota(price({ modelRatio: 0.3 }), ratios, audio(90, 0, 0, 0), QUOTA_PER_UNIT),
    ).toBe(27);
  });
});

describe('exact decimals at the edges', () => {
  it('adds decimals of different fraction lengths, in either order', () => {
    expect(addDecimals(decimalOf(0.25), decimalOf(0.5))).toEqual({ units: 75n, scale: 2 });
    expect(addDecimals(decimalOf(0.5), decimalOf(0.25))).toEqual({ units: 75n, scale: 2 });
    expect(addDecimals(decimalOf(0.125), decimalOf(0.75))).toEqual({ units: 875n, scale: 3 });
    expect(addDecimals(decimalOf(0.75), decimalOf(0.125))).toEqual({ units: 875n, scale: 3 });
  });

  it('rounds zero to zero, not to minus zero', () => {
    expect(roundHalfAwayFromZero(0)).toBe(0);
    expect(roundHalfAwayFromZero(0.4)).toBe(0);
  });
});
