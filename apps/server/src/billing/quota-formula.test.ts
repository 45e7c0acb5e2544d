import { describe, expect, it } from 'vitest';
import type { Usage } from '../providers/usage.js';
import { isAudioTokenModel, resolveAudioRatios } from './audio-ratio.js';
import type { PriceInfo } from './price-resolution.js';
import { computeAudioQuota, computeImageQuota, computeQuota } from './quota-formula.js';

const QUOTA_PER_UNIT = 500000;

function ratioPrice(overrides: Partial<PriceInfo> = {}): PriceInfo {
  return {
    usePrice: false,
    modelPrice: -1,
    modelRatio: 1,
    completionRatio: 1,
    cacheRatio: 1,
    cacheCreationRatio: 1.25,
    groupRatio: 1,
    userGroupRatio: undefined,
    ...overrides,
  };
}

function perCallPrice(modelPrice: number, groupRatio = 1): PriceInfo {
  return ratioPrice({
    usePrice: true,
    modelPrice,
    modelRatio: 0,
    completionRatio: 0,
    cacheRatio: 0,
    cacheCreationRatio: 0,
    groupRatio,
  });
}

function usage(prompt: number, completion: number, cached = 0, creation = 0): Usage {
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: cached,
    cacheCreationTokens: creation,
    reasoningTokens: 0,
  };
}

describe('computeQuota: ratio mode', () => {
  it('bills prompt + completion × completionRatio at modelRatio × groupRatio', () => {
    const gpt4o = ratioPrice({ modelRatio: 1.25, completionRatio: 4 });
    expect(computeQuota(gpt4o, usage(1000, 500), QUOTA_PER_UNIT)).toBe(3750);
    expect(computeQuota({ ...gpt4o, groupRatio: 0.8 }, usage(1000, 500), QUOTA_PER_UNIT)).toBe(
      3000,
    );
  });

  it('bills cached prompt tokens at the cache ratio, once', () => {
    // 600 uncached + 400 × 0.5 + 100 × 4 = 1200 → × 1.25
    const price = ratioPrice({ modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5 });
    expect(computeQuota(price, usage(1000, 100, 400), QUOTA_PER_UNIT)).toBe(1500);
  });

  it('bills cache writes at the cache-creation ratio (Claude)', () => {
    // 500 uncached + 300 × 0.1 + 200 × 1.25 + 100 × 5 = 1280 → × 1.5
    const claude = ratioPrice({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1 });
    expect(computeQuota(claude, usage(1000, 100, 300, 200), QUOTA_PER_UNIT)).toBe(1920);
  });

  it('clamps cache counts a provider over-reported to the prompt', () => {
    const price = ratioPrice({ cacheRatio: 0.5 });
    expect(computeQuota(price, usage(100, 0, 500), QUOTA_PER_UNIT)).toBe(50);
    expect(computeQuota(price, usage(100, 0, 60, 100), QUOTA_PER_UNIT)).toBe(80);
    expect(computeQuota(price, usage(100, 10, -5, -5), QUOTA_PER_UNIT)).toBe(110);
  });

  it('charges at least 1 when the ratio is not zero', () => {
    const cheap = ratioPrice({ modelRatio: 0.001 });
    expect(computeQuota(cheap, usage(10, 0), QUOTA_PER_UNIT)).toBe(1);
    expect(computeQuota(ratioPrice({ modelRatio: 0 }), usage(1000, 1000), QUOTA_PER_UNIT)).toBe(0);
    expect(computeQuota(ratioPrice({ groupRatio: 0 }), usage(1000, 1000), QUOTA_PER_UNIT)).toBe(0);
  });

  it('charges nothing for a call without tokens', () => {
    expect(computeQuota(ratioPrice(), usage(0, 0), QUOTA_PER_UNIT)).toBe(0);
    expect(computeQuota(ratioPrice(), usage(0, 0, 0, 0), QUOTA_PER_UNIT)).toBe(0);
  });

  it('rounds the exact decimal value, halves away from zero', () => {
    // 90 × 0.35 = 31.5 (31.499999999999996 in floats).
    expect(computeQuota(ratioPrice({ modelRatio: 0.35 }), usage(90, 0), QUOTA_PER_UNIT)).toBe(32);
    // 50 × 1.15 = 57.5 (57.49999999999999 in floats).
    expect(computeQuota(ratioPrice({ groupRatio: 1.15 }), usage(20, 30), QUOTA_PER_UNIT)).toBe(58);
    // (1 + 2 × 0.1) with 0.1 × 3 style error: 5 tokens × 0.1 × 3 = 1.5 → 2.
    expect(
      computeQuota(ratioPrice({ modelRatio: 0.1, groupRatio: 3 }), usage(5, 0), QUOTA_PER_UNIT),
    ).toBe(2);
    // 3 × 0.15 = 0.45 → 0 → at least 1.
    expect(computeQuota(ratioPrice({ modelRatio: 0.15 }), usage(3, 0), QUOTA_PER_UNIT)).toBe(1);
    // 7 × 0.5 = 3.5 → 4; 5 × 0.5 = 2.5 → 3 (not banker's rounding).
    expect(computeQuota(ratioPrice({ modelRatio: 0.5 }), usage(7, 0), QUOTA_PER_UNIT)).toBe(4);
    expect(computeQuota(ratioPrice({ modelRatio: 0.5 }), usage(5, 0), QUOTA_PER_UNIT)).toBe(3);
  });

  it('bills the 4/3 completion ratio exactly', () => {
    const gpt35 = ratioPrice({ modelRatio: 0.75, completionRatio: 4 / 3 });
    // (300 + 300 × 1.3333333333333333) × 0.75 = 524.99999999999999… → 525
    expect(computeQuota(gpt35, usage(300, 300), QUOTA_PER_UNIT)).toBe(525);
  });
});

describe('computeQuota: price mode', () => {
  it('charges round(price × QuotaPerUnit × groupRatio) whatever the tokens', () => {
    expect(computeQuota(perCallPrice(0.04), usage(10, 0), QUOTA_PER_UNIT)).toBe(20000);
    expect(computeQuota(perCallPrice(0.04), usage(100000, 9999), QUOTA_PER_UNIT)).toBe(20000);
    expect(computeQuota(perCallPrice(0.1, 0.35), usage(1, 1), QUOTA_PER_UNIT)).toBe(17500);
    expect(computeQuota(perCallPrice(0.0000011), usage(1, 0), QUOTA_PER_UNIT)).toBe(1);
    expect(computeQuota(perCallPrice(0.000001), usage(1, 0), QUOTA_PER_UNIT)).toBe(1);
    expect(computeQuota(perCallPrice(0.0000009), usage(1, 0), QUOTA_PER_UNIT)).toBe(0);
  });

  it('rounds exactly: 0.1 × 3 × 5 = 1.5 → 2', () => {
    expect(computeQuota(perCallPrice(0.1, 5), usage(1, 0), 3)).toBe(2);
  });

  it('charges nothing for a call that produced no tokens', () => {
    expect(computeQuota(perCallPrice(0.04), usage(0, 0), QUOTA_PER_UNIT)).toBe(0);
  });

  it('charges nothing for free per-call models', () => {
    expect(computeQuota(perCallPrice(0), usage(10, 10), QUOTA_PER_UNIT)).toBe(0);
  });
});

describe('computeImageQuota', () => {
  const dallE3 = perCallPrice(0.04);

  it('bills 1024x1024 standard at the model price', () => {
    const image = computeImageQuota(dallE3, { model: 'dall-e-3' }, QUOTA_PER_UNIT);
    expect(image).toMatchObject({
      quota: 20000,
      size: '1024x1024',
      quality: 'standard',
      n: 1,
      sizeRatio: 1,
      qualityRatio: 1,
    });
    expect(image.price).toMatchObject({ usePrice: true, modelPrice: 0.04 });
  });

  it.each([
    ['256x256', 'standard', 1, 8000],
    ['512x512', 'standard', 1, 9000],
    ['1024x1024', 'hd', 1, 40000],
    ['1792x1024', 'standard', 1, 40000],
    ['1024x1792', 'hd', 1, 60000],
    ['1792x1024', 'hd', 2, 120000],
    ['2048x2048', 'standard', 3, 60000],
  ])('dall-e-3 %s %s n=%d → %d', (size, quality, n, quota) => {
    expect(
      computeImageQuota(dallE3, { model: 'dall-e-3', size, quality, n }, QUOTA_PER_UNIT).quota,
    ).toBe(quota);
  });

  it('applies the hd factor only to dall-e-3', () => {
    const other = computeImageQuota(
      perCallPrice(0.04),
      { model: 'imagen-3.0-generate-002', quality: 'hd' },
      QUOTA_PER_UNIT,
    );
    expect(other.qualityRatio).toBe(1);
    expect(other.quota).toBe(20000);
  });

  it('applies the group ratio and logs the adjusted request price', () => {
    const image = computeImageQuota(
      perCallPrice(0.04, 1.5),
      { model: 'dall-e-3', size: '256x256', n: 2 },
      QUOTA_PER_UNIT,
    );
    expect(image.quota).toBe(24000);
    expect(image.price.modelPrice).toBeCloseTo(0.032, 12);
    expect(image.price.groupRatio).toBe(1.5);
  });

  it('prices ratio models at 0.0025 USD per ratio, including size and quality', () => {
    const ratioModel = ratioPrice({ modelRatio: 16 });
    const image = computeImageQuota(
      ratioModel,
      { model: 'dall-e-3', quality: 'hd' },
      QUOTA_PER_UNIT,
    );
    expect(image.quota).toBe(40000);
    expect(image.price).toMatchObject({ usePrice: true, modelRatio: 16, modelPrice: 0.08 });
  });

  it('treats a missing or invalid n as 1', () => {
    expect(computeImageQuota(dallE3, { model: 'dall-e-3', n: 0 }, QUOTA_PER_UNIT).n).toBe(1);
    expect(computeImageQuota(dallE3, { model: 'dall-e-3', n: -2 }, QUOTA_PER_UNIT).n).toBe(1);
  });
});

describe('audio ratios', () => {
  it.each([
    ['gpt-4o-realtime-preview-2024-12-17', 8],
    ['gpt-4o-mini-realtime-preview', 10 / 0.6],
    ['gpt-4o-realtime-preview', 20],
    ['gpt-4o-audio-preview-2024-12-17', 16],
    ['gpt-4o-mini-audio-preview', 10 / 0.15],
    ['gpt-4o-audio-preview', 40],
    ['whisper-1', 20],
  ])('%s → %d', (model, audioRatio) => {
    expect(resolveAudioRatios(model)).toEqual({ audioRatio, audioCompletionRatio: 2 });
  });

  it('routes gpt-4o-audio* models to the audio formula', () => {
    expect(isAudioTokenModel('gpt-4o-audio-preview')).toBe(true);
    expect(isAudioTokenModel('gpt-4o-mini-audio-preview')).toBe(false);
    expect(isAudioTokenModel('gpt-4o')).toBe(false);
  });
});

describe('computeAudioQuota', () => {
  const price = ratioPrice({ modelRatio: 1.25, completionRatio: 4 });
  const ratios = resolveAudioRatios('gpt-4o-audio-preview');

  it('bills text and audio tokens at their ratios', () => {
    // (100 + 50 × 4 + 10 × 40 + 5 × 40 × 2) × 1.25 = 1100 × 1.25
    const quota = computeAudioQuota(
      price,
      ratios,
      { textInputTokens: 100, textOutputTokens: 50, audioInputTokens: 10, audioOutputTokens: 5 },
      QUOTA_PER_UNIT,
    );
    expect(quota).toBe(1375);
  });

  it('uses the fractional mini ratios exactly', () => {
    const mini = resolveAudioRatios('gpt-4o-mini-realtime-preview');
    // 6 × (10 / 0.6) = 100.00000000000001 → × 0.3 = 30
    const quota = computeAudioQuota(
      ratioPrice({ modelRatio: 0.3 }),
      mini,
      { textInputTokens: 0, textOutputTokens: 0, audioInputTokens: 6, audioOutputTokens: 0 },
      QUOTA_PER_UNIT,
    );
    expect(quota).toBe(30);
  });

  it('charges at least 1, nothing without tokens, the price in price mode', () => {
    const tiny = {
      textInputTokens: 1,
      textOutputTokens: 0,
      audioInputTokens: 0,
      audioOutputTokens: 0,
    };
    expect(computeAudioQuota(ratioPrice({ modelRatio: 0.01 }), ratios, tiny, QUOTA_PER_UNIT)).toBe(
      1,
    );
    const none = {
      textInputTokens: 0,
      textOutputTokens: 0,
      audioInputTokens: 0,
      audioOutputTokens: 0,
    };
    expect(computeAudioQuota(price, ratios, none, QUOTA_PER_UNIT)).toBe(0);
    expect(computeAudioQuota(perCallPrice(0.02, 1.5), ratios, tiny, QUOTA_PER_UNIT)).toBe(15000);
  });
});
