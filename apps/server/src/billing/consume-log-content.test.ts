import type { OptionKey } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_RATIO } from '../options/defaults/default-cache-ratio.js';
import { DEFAULT_COMPLETION_RATIO } from '../options/defaults/default-completion-ratio.js';
import { DEFAULT_MODEL_PRICE } from '../options/defaults/default-model-price.js';
import { DEFAULT_MODEL_RATIO } from '../options/defaults/default-model-ratio.js';
import type { Usage } from '../providers/usage.js';
import { resolveAudioRatios } from './audio-ratio.js';
import {
  buildLogOther,
  consumeLogContent,
  formatGoFixed2,
  LOG_SUFFIX_REQUEST_ERROR,
} from './consume-log-content.js';
import { resolvePrice, type PriceInfo, type PriceOptions } from './price-resolution.js';
import { computeImageQuota } from './quota-formula.js';

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

describe('formatGoFixed2', () => {
  it('formats like Go %.2f, ties of binary fractions to even', () => {
    expect(formatGoFixed2(0.125)).toBe('0.12');
    expect(formatGoFixed2(0.375)).toBe('0.38');
    expect(formatGoFixed2(0.625)).toBe('0.62');
    expect(formatGoFixed2(2.875)).toBe('2.88');
    expect(formatGoFixed2(-0.125)).toBe('-0.12');
    expect(formatGoFixed2(1.005)).toBe('1.00');
    expect(formatGoFixed2(37.5)).toBe('37.50');
    expect(formatGoFixed2(4 / 3)).toBe('1.33');
    expect(formatGoFixed2(0.0025 * 16)).toBe('0.04');
    expect(formatGoFixed2(-1)).toBe('-1.00');
  });
});

describe('consumeLogContent', () => {
  it('describes ratio pricing', () => {
    expect(consumeLogContent(price('gpt-4o', 'vip'), { model: 'gpt-4o' })).toBe(
      '模型倍率 1.25，补全倍率 4.00，分组倍率 0.35',
    );
  });

  it('describes per-call pricing', () => {
    expect(consumeLogContent(price('dall-e-3'), { model: 'dall-e-3' })).toBe(
      '模型价格 0.04，分组倍率 1.00',
    );
  });

  it('marks calls without tokens', () => {
    expect(consumeLogContent(price('gpt-4o'), { model: 'gpt-4o', producedNothing: true })).toBe(
      '模型倍率 1.25，补全倍率 4.00，分组倍率 1.00（可能是上游超时）',
    );
  });

  it('names the real model of a gizmo, then the extra content', () => {
    const gizmo = 'gpt-4-gizmo-g-abc';
    expect(
      consumeLogContent(price(gizmo), {
        model: gizmo,
        producedNothing: true,
        extra: LOG_SUFFIX_REQUEST_ERROR,
      }),
    ).toBe(
      '模型价格 0.10，分组倍率 1.00（可能是上游超时），模型 gpt-4-gizmo-g-abc, （可能是请求出错）',
    );
  });

  it('shows the audio ratios of audio-token models', () => {
    const model = 'gpt-4o-audio-preview';
    expect(consumeLogContent(price(model), { model, audio: resolveAudioRatios(model) })).toBe(
      '模型倍率 1.25，补全倍率 4.00，音频倍率 40.00，音频补全倍率 2.00，分组倍率 1.00',
    );
  });

  it('shows the adjusted image price with size and quality', () => {
    const image = computeImageQuota(
      price('dall-e-3'),
      { model: 'dall-e-3', size: '1792x1024', quality: 'hd', n: 2 },
      QUOTA_PER_UNIT,
    );
    expect(consumeLogContent(price('dall-e-3'), { model: 'dall-e-3', image })).toBe(
      '模型价格 0.24，分组倍率 1.00, 大小 1792x1024, 品质 hd',
    );
  });
});

describe('buildLogOther', () => {
  it('records every ratio, the tokens and the channels', () => {
    const other = buildLogOther({
      price: price('claude-3-5-sonnet-20241022', 'vip'),
      usage: usage(1000, 100, 300, 200),
      firstResponseMs: 420,
      useChannel: [3, 7],
      group: 'vip',
      reasoningEffort: 'high',
      isModelMapped: true,
      upstreamModelName: 'claude-3-5-sonnet-latest',
      claude: true,
    });
    expect(other).toEqual({
      model_ratio: 1.5,
      group_ratio: 0.35,
      completion_ratio: 5,
      cache_tokens: 300,
      cache_ratio: 0.1,
      cache_creation_tokens: 200,
      cache_creation_ratio: 1.25,
      model_price: -1,
      frt: 420,
      group: 'vip',
      reasoning_effort: 'high',
      is_model_mapped: true,
      upstream_model_name: 'claude-3-5-sonnet-latest',
      claude: true,
      admin_info: { use_channel: ['3', '7'] },
    });
  });

  it('adds user_group_ratio only when GroupGroupRatio applied', () => {
    const base = { usage: usage(10, 10), firstResponseMs: -1000, useChannel: ['1'] };
    const special = buildLogOther({ ...base, price: price('gpt-4o', 'vip', 'svip') });
    expect(special.group_ratio).toBe(2.3);
    expect(special.user_group_ratio).toBe(2.3);
    const plain = buildLogOther({ ...base, price: price('gpt-4o', 'vip', 'vip') });
    expect(plain.group_ratio).toBe(0.35);
    expect('user_group_ratio' in plain).toBe(false);
    expect(plain.frt).toBe(-1000);
  });

  it('leaves out mapping fields when the model was not mapped', () => {
    const other = buildLogOther({
      price: price('gpt-4o'),
      usage: usage(10, 10),
      firstResponseMs: 10,
      useChannel: [],
      isModelMapped: false,
      upstreamModelName: 'gpt-4o',
    });
    expect('is_model_mapped' in other).toBe(false);
    expect('upstream_model_name' in other).toBe(false);
  });

  it('records the audio details (ws for realtime sessions)', () => {
    const model = 'gpt-4o-realtime-preview';
    const audioUsage = {
      textInputTokens: 10,
      textOutputTokens: 20,
      audioInputTokens: 30,
      audioOutputTokens: 40,
    };
    const other = buildLogOther({
      price: price(model),
      usage: usage(40, 60),
      firstResponseMs: 5,
      useChannel: [1],
      audio: { ratios: resolveAudioRatios(model), usage: audioUsage, realtime: true },
    });
    expect(other).toMatchObject({
      ws: true,
      text_input: 10,
      text_output: 20,
      audio_input: 30,
      audio_output: 40,
      audio_ratio: 20,
      audio_completion_ratio: 2,
    });
    expect('audio' in other).toBe(false);
  });

  it('records image generations at their adjusted price', () => {
    const image = computeImageQuota(
      price('dall-e-3'),
      { model: 'dall-e-3', size: '256x256', n: 3 },
      QUOTA_PER_UNIT,
    );
    const other = buildLogOther({
      price: price('dall-e-3'),
      usage: usage(3, 0),
      firstResponseMs: -1000,
      useChannel: [2],
      image,
    });
    expect(other).toMatchObject({
      model_price: image.price.modelPrice,
      image_size: '256x256',
      image_quality: 'standard',
      image_n: 3,
      image_size_ratio: 0.4,
      image_quality_ratio: 1,
    });
  });
});
