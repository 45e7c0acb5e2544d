import type { OptionKey } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_RATIO } from '../options/defaults/default-cache-ratio.js';
import { DEFAULT_COMPLETION_RATIO } from '../options/defaults/default-completion-ratio.js';
import { DEFAULT_MODEL_PRICE } from '../options/defaults/default-model-price.js';
import { DEFAULT_MODEL_RATIO } from '../options/defaults/default-model-ratio.js';
import type { Usage } from '../providers/usage.js';
import { resolveAudioRatios } from './audio-ratio.js';
import { buildLogOther, type ConsumeLogOther } from './consume-log-content.js';
import {
  addDecimals,
  decimalOf,
  multiplyDecimals,
  productOf,
  roundDecimal,
} from './exact-decimal.js';
import { resolvePrice, type PriceInfo, type PriceOptions } from './price-resolution.js';
import {
  computeAudioQuota,
  computeImageQuota,
  computeQuota,
  type AudioUsage,
} from './quota-formula.js';

const QUOTA_PER_UNIT = 500000;

const options: PriceOptions = (() => {
  const values: Partial<Record<OptionKey, unknown>> = {
    ModelRatio: { ...DEFAULT_MODEL_RATIO, 'odd-model': 0.35, 'image-model': 16 },
    ModelPrice: { ...DEFAULT_MODEL_PRICE, 'per-call': 0.07 },
    CompletionRatio: { ...DEFAULT_COMPLETION_RATIO, 'odd-model': 1.15 },
    CacheRatio: DEFAULT_CACHE_RATIO,
    GroupRatio: { default: 1, vip: 0.35, svip: 1.15, cheap: 0.1, free: 0 },
    GroupGroupRatio: { svip: { vip: 2.3, default: 0.7 } },
    SelfUseModeEnabled: true,
  };
  return {
    getJson: <T>(key: OptionKey) => values[key] as T,
    getBoolean: (key) => values[key] === true,
  };
})();

function usage(prompt: number, completion: number, cached = 0, creation = 0): Usage {
  return {
    promptTokens: prompt,
    completionTokens: completion,
    cachedTokens: cached,
    cacheCreationTokens: creation,
    reasoningTokens: 0,
  };
}

function price(model: string, group = 'default', userGroup = 'default'): PriceInfo {
  return resolvePrice(options, {
    model,
    group,
    userGroup,
    userId: 2,
    acceptUnsetModelRatio: false,
  });
}

/**
 * What an auditor does with a log row: recompute the charge from `other` and the token columns
 * alone, exactly (decimal arithmetic), independent of the float shortcuts of the formulas.
 */
function recompute(other: ConsumeLogOther, promptTokens: number, completionTokens: number): number {
  if (other.audio || other.ws) {
    const tokens =
      (other.text_input ?? 0) +
      (other.text_output ?? 0) +
      (other.audio_input ?? 0) +
      (other.audio_output ?? 0);
    if (tokens === 0) return 0;
    if (other.model_price >= 0)
      return roundDecimal(productOf(other.model_price, QUOTA_PER_UNIT, other.group_ratio));
    let weighted = decimalOf(other.text_input ?? 0);
    weighted = addDecimals(weighted, productOf(other.text_output ?? 0, other.completion_ratio));
    weighted = addDecimals(weighted, productOf(other.audio_input ?? 0, other.audio_ratio ?? 0));
    weighted = addDecimals(
      weighted,
      productOf(other.audio_output ?? 0, other.audio_ratio ?? 0, other.audio_completion_ratio ?? 0),
    );
    const quota = roundDecimal(
      multiplyDecimals(weighted, productOf(other.model_ratio, other.group_ratio)),
    );
    return quota <= 0 && other.model_ratio * other.group_ratio !== 0 ? 1 : quota;
  }
  if (promptTokens + completionTokens === 0) return 0;
  if (other.model_price >= 0) {
    return roundDecimal(productOf(other.model_price, QUOTA_PER_UNIT, other.group_ratio));
  }
  const uncached = promptTokens - other.cache_tokens - other.cache_creation_tokens;
  let weighted = decimalOf(uncached);
  weighted = addDecimals(weighted, productOf(other.cache_tokens, other.cache_ratio));
  weighted = addDecimals(
    weighted,
    productOf(other.cache_creation_tokens, other.cache_creation_ratio),
  );
  weighted = addDecimals(weighted, productOf(completionTokens, other.completion_ratio));
  const quota = roundDecimal(
    multiplyDecimals(weighted, productOf(other.model_ratio, other.group_ratio)),
  );
  return quota <= 0 && other.model_ratio * other.group_ratio !== 0 ? 1 : quota;
}

/** Deterministic pseudo-random numbers (no flaky cases). */
function generator(seed: number) {
  let state = seed;
  return (limit: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % limit;
  };
}

describe('every log row reproduces its charge', () => {
  const models = [
    'gpt-4o',
    'gpt-3.5-turbo-0613',
    'claude-3-5-sonnet-20241022',
    'deepseek-chat',
    'odd-model',
    'gpt-4-gizmo-g-1',
    'gpt-4o-gizmo-g-2',
    'per-call',
    'dall-e-3',
    'unpriced-model',
    'text-embedding-3-small',
  ];
  const groups: Array<[string, string]> = [
    ['default', 'default'],
    ['vip', 'vip'],
    ['svip', 'svip'],
    ['cheap', 'default'],
    ['free', 'default'],
    ['vip', 'svip'],
    ['default', 'svip'],
  ];

  it('for text calls', () => {
    const next = generator(42);
    for (let index = 0; index < 3000; index += 1) {
      const model = models[next(models.length)];
      const [group, userGroup] = groups[next(groups.length)];
      const callPrice = price(model, group, userGroup);
      const prompt = next(4) === 0 ? 0 : next(20000);
      const completion = next(4) === 0 ? 0 : next(5000);
      const cached = next(3) === 0 ? next(prompt + 1) : 0;
      const creation = next(3) === 0 ? next(prompt - cached + 1) : 0;
      const callUsage = usage(prompt, completion, cached, creation);

      const quota = computeQuota(callPrice, callUsage, QUOTA_PER_UNIT);
      const other = buildLogOther({
        price: callPrice,
        usage: callUsage,
        firstResponseMs: 1,
        useChannel: [1],
      });
      const stored = JSON.parse(JSON.stringify(other)) as ConsumeLogOther;
      expect(recompute(stored, prompt, completion), `${model} ${group}/${userGroup}`).toBe(quota);
    }
  });

  it('for over-reported cache counts', () => {
    const callPrice = price('gpt-4o');
    const callUsage = usage(100, 10, 90, 50);
    const other = buildLogOther({
      price: callPrice,
      usage: callUsage,
      firstResponseMs: 1,
      useChannel: [],
    });
    expect(recompute(other, 100, 10)).toBe(computeQuota(callPrice, callUsage, QUOTA_PER_UNIT));
  });

  it('for audio calls', () => {
    const next = generator(7);
    for (let index = 0; index < 1000; index += 1) {
      const model = [
        'gpt-4o-audio-preview',
        'gpt-4o-mini-realtime-preview',
        'gpt-4o-realtime-preview-2024-12-17',
      ][next(3)];
      const [group, userGroup] = groups[next(groups.length)];
      const callPrice = price(model, group, userGroup);
      const ratios = resolveAudioRatios(model);
      const audioUsage: AudioUsage = {
        textInputTokens: next(3) === 0 ? 0 : next(2000),
        textOutputTokens: next(3) === 0 ? 0 : next(2000),
        audioInputTokens: next(3) === 0 ? 0 : next(2000),
        audioOutputTokens: next(3) === 0 ? 0 : next(2000),
      };
      const quota = computeAudioQuota(callPrice, ratios, audioUsage, QUOTA_PER_UNIT);
      const other = buildLogOther({
        price: callPrice,
        usage: usage(0, 0),
        firstResponseMs: 1,
        useChannel: [],
        audio: { ratios, usage: audioUsage, realtime: model.includes('realtime') },
      });
      const stored = JSON.parse(JSON.stringify(other)) as ConsumeLogOther;
      expect(recompute(stored, 0, 0), model).toBe(quota);
    }
  });

  it('for image generations', () => {
    const sizes = ['256x256', '512x512', '1024x1024', '1024x1792', '1792x1024', ''];
    const next = generator(99);
    for (let index = 0; index < 500; index += 1) {
      const model = next(2) === 0 ? 'dall-e-3' : 'image-model';
      const [group, userGroup] = groups[next(groups.length)];
      const request = {
        model,
        size: sizes[next(sizes.length)],
        quality: next(2) === 0 ? 'hd' : 'standard',
        n: 1 + next(4),
      };
      const image = computeImageQuota(price(model, group, userGroup), request, QUOTA_PER_UNIT);
      const other = buildLogOther({
        price: price(model, group, userGroup),
        usage: usage(request.n, 0),
        firstResponseMs: -1000,
        useChannel: [],
        image,
      });
      const stored = JSON.parse(JSON.stringify(other)) as ConsumeLogOther;
      expect(recompute(stored, request.n, 0)).toBe(image.quota);
    }
  });
});
