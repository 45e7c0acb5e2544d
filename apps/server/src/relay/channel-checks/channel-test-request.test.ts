import { describe, expect, it } from 'vitest';
import type { PriceInfo } from '../../billing/index.js';
import {
  acceptsUnsetRatio,
  buildTestBody,
  channelTestQuota,
  FALLBACK_TEST_MODEL,
  isEmbeddingTest,
  resolveTestModel,
  untestableTypeMessage,
} from './channel-test-request.js';

const ratioPrice: PriceInfo = {
  usePrice: false,
  modelPrice: -1,
  modelRatio: 0.075,
  completionRatio: 4,
  cacheRatio: 1,
  cacheCreationRatio: 1.25,
  groupRatio: 3,
  userGroupRatio: undefined,
};

const usage = (promptTokens: number, completionTokens: number) => ({
  promptTokens,
  completionTokens,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
});

describe('resolveTestModel', () => {
  it("prefers the query, then the test model, then the first model, then the type's default", () => {
    expect(resolveTestModel(' gpt-4o ', 'claude-3', ['a', 'b'], 14)).toBe('gpt-4o');
    expect(resolveTestModel('', ' claude-3 ', ['a', 'b'], 14)).toBe('claude-3');
    expect(resolveTestModel(undefined, '', ['a', 'b'], 14)).toBe('a');
    expect(resolveTestModel(undefined, '', [], 14)).toBe('claude-3-5-haiku-20241022');
    expect(resolveTestModel(undefined, '', [], 39)).toBe('@cf/meta/llama-3.1-8b-instruct');
    expect(resolveTestModel(undefined, '', [], 44)).toBe('m3e-large');
  });

  it('falls back to gpt-4o-mini for OpenAI types and types without a default list', () => {
    expect(resolveTestModel(undefined, '', [], 1)).toBe(FALLBACK_TEST_MODEL);
    expect(resolveTestModel(undefined, '', [], 3)).toBe(FALLBACK_TEST_MODEL);
    // A type this release does not know (from a newer one) has no default list.
    expect(resolveTestModel(undefined, ' ', [], 999)).toBe(FALLBACK_TEST_MODEL);
  });
});

describe('isEmbeddingTest', () => {
  it('sends embedding-like models and MokaAI channels to /v1/embeddings', () => {
    expect(isEmbeddingTest('text-embedding-3-small', 'text-embedding-3-small', 1)).toBe(true);
    expect(isEmbeddingTest('Text-Embedding-Ada', 'x', 1)).toBe(true);
    expect(isEmbeddingTest('m3e-base', 'm3e-base', 1)).toBe(true);
    expect(isEmbeddingTest('bge-large', 'bge-large', 1)).toBe(true);
    expect(isEmbeddingTest('alias', 'gemini-embedding-001', 1)).toBe(true);
    expect(isEmbeddingTest('anything', 'anything', 44)).toBe(true);
    expect(isEmbeddingTest('gpt-4o-mini', 'gpt-4o-mini', 1)).toBe(false);
  });
});

describe('buildTestBody', () => {
  it('chooses the output limit from the upstream model name', () => {
    const chat = (upstream: string) => buildTestBody('asked', upstream, false);
    expect(chat('gpt-4o-mini')).toEqual({
      model: 'asked',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 10,
    });
    expect(chat('o1-mini')).toMatchObject({ max_completion_tokens: 10 });
    expect(chat('o3-mini')).not.toHaveProperty('max_tokens');
    expect(chat('deepseek-thinking')).toMatchObject({ max_tokens: 50 });
    expect(chat('claude-3-7-sonnet-thinking')).not.toHaveProperty('max_tokens');
    expect(chat('gemini-2.0-flash')).toMatchObject({ max_tokens: 300 });
  });

  it('sends "hello world" to embedding models', () => {
    expect(buildTestBody('e', 'e', true)).toEqual({ model: 'e', input: ['hello world'] });
  });
});

describe('channelTestQuota', () => {
  it('bills ratios without the group ratio, rounding the completion part first', () => {
    // (1 + round(6 × 4)) × 0.075 = 1.875 → 2
    expect(channelTestQuota(ratioPrice, usage(1, 6), 500_000)).toBe(2);
    // A priced model never logs 0.
    expect(channelTestQuota({ ...ratioPrice, modelRatio: 0.001 }, usage(1, 1), 500_000)).toBe(1);
    expect(channelTestQuota({ ...ratioPrice, modelRatio: 0 }, usage(1, 1), 500_000)).toBe(0);
  });

  it('truncates per-call prices times QuotaPerUnit', () => {
    const price = { ...ratioPrice, usePrice: true, modelPrice: 0.0123457 };
    expect(channelTestQuota(price, usage(1, 1), 500_000)).toBe(6172);
  });
});

describe('untestableTypeMessage and acceptsUnsetRatio', () => {
  it('refuses Midjourney and Suno channels only', () => {
    expect(untestableTypeMessage(2)).toBe('midjourney channel test is not supported');
    expect(untestableTypeMessage(5)).toBe('midjourney plus channel test is not supported');
    expect(untestableTypeMessage(36)).toBe('suno channel test is not supported');
    expect(untestableTypeMessage(1)).toBeUndefined();
  });

  it('reads accept_unset_model_ratio_model from the user setting', () => {
    expect(acceptsUnsetRatio('{"accept_unset_model_ratio_model":true}')).toBe(true);
    expect(acceptsUnsetRatio('{"accept_unset_model_ratio_model":"yes"}')).toBe(false);
    expect(acceptsUnsetRatio('not json')).toBe(false);
    expect(acceptsUnsetRatio(null)).toBe(false);
  });
});
