import { describe, expect, it } from 'vitest';
import { datasetPriceFor, searchDataset } from './dataset-prices.js';

/**
 * Pins the bundled `@pydantic/genai-prices` figures of well-known models in Tollgate's units
 * (ModelRatio = input $/M ÷ 2, the others relative to the input price). A dataset update that
 * changes one of these prices fails here: review the new price, then update the pin.
 */
describe('datasetPriceFor: published prices as ratios', () => {
  const pins: Array<[model: string, expected: ReturnType<typeof datasetPriceFor>]> = [
    // $2 in, $8 out, $0.50 cached
    ['gpt-4.1', ratios(1, 4, 0.25, undefined, 'openai/gpt-4.1')],
    // $0.40 in, $1.60 out, $0.10 cached
    ['gpt-4.1-mini', ratios(0.2, 4, 0.25, undefined, 'openai/gpt-4.1-mini')],
    // $1.25 in, $10 out, $0.125 cached
    ['gpt-5', ratios(0.625, 8, 0.1, undefined, 'openai/gpt-5')],
    // $2 in, $8 out, $0.50 cached (the price since 2025-06-10)
    ['o3', ratios(1, 4, 0.25, undefined, 'openai/o3')],
    // $1.10 in, $4.40 out, $0.275 cached
    ['o4-mini', ratios(0.55, 4, 0.25, undefined, 'openai/o4-mini')],
    // $3 in, $15 out, $0.30 cache read, $3.75 cache write
    ['claude-sonnet-4-20250514', ratios(1.5, 5, 0.1, 1.25, 'anthropic/claude-sonnet-4-0')],
    // $15 in, $75 out, $1.50 cache read, $18.75 cache write
    ['claude-opus-4-1-20250805', ratios(7.5, 5, 0.1, 1.25, 'anthropic/claude-opus-4-1')],
    // $1.25 in, $10 out, $0.125 cached (prompts up to 200K tokens)
    ['gemini-2.5-pro', ratios(0.625, 8, 0.1, undefined, 'google/gemini-2.5-pro')],
    // $0.30 in, $2.50 out, $0.03 cached
    ['gemini-2.5-flash', ratios(0.15, 8.33333333333, 0.1, undefined, 'google/gemini-2.5-flash')],
    // $0.10 in, $0.40 out, $0.025 cached
    ['gemini-2.0-flash', ratios(0.05, 4, 0.25, undefined, 'google/gemini-2.0-flash')],
    // $0.27 in, $1.10 out, $0.07 cached (standard hours; the off-peak discount is not used)
    [
      'deepseek-chat',
      ratios(0.135, 4.07407407407, 0.259259259259, undefined, 'deepseek/deepseek-chat'),
    ],
    // $1.60 in, $6.40 out, $0.64 cached (OpenRouter's catalogue: no first-party Qwen provider)
    ['qwen-max', ratios(0.8, 4, 0.4, undefined, 'openrouter/qwen-max')],
    // $2 in, $6 out
    ['mistral-large-latest', ratios(1, 3, undefined, undefined, 'mistral/mistral-large')],
    // $0.02 in
    [
      'text-embedding-3-small',
      ratios(0.01, 1, undefined, undefined, 'openai/text-embedding-3-small'),
    ],
    // listed as free
    ['omni-moderation-latest', ratios(0, 1, undefined, undefined, 'openai/moderation')],
  ];

  it.each(pins)('%s', (model, expected) => {
    expect(datasetPriceFor(model)).toEqual(expected);
  });

  it('does not know every model', () => {
    expect(datasetPriceFor('mystery-model')).toBeUndefined();
    // Asked again: the cached "unknown" answer.
    expect(datasetPriceFor('mystery-model')).toBeUndefined();
  });

  it('answers repeated look-ups from its cache (the same object)', () => {
    expect(datasetPriceFor('gpt-5')).toBe(datasetPriceFor('gpt-5'));
  });
});

describe('models the dataset lacks', () => {
  it('prices them from the gap table, after the dataset', () => {
    // $1.20 in, $6 out, $0.24 cached (Alibaba Cloud, first tier)
    expect(datasetPriceFor('qwen3-max')).toEqual(
      ratios(0.6, 5, 0.2, undefined, 'tollgate/qwen3-max'),
    );
    // $0.10 in
    expect(datasetPriceFor('text-embedding-004')).toEqual(
      ratios(0.05, 1, undefined, undefined, 'tollgate/text-embedding-004'),
    );
    // The dataset's own price wins where it has one (qwen-max is in its OpenRouter catalogue).
    expect(datasetPriceFor('qwen-max')?.source).toBe('openrouter/qwen-max');
    // Only own names: no prototype keys.
    expect(datasetPriceFor('constructor')).toBeUndefined();
  });
});

describe('searchDataset: prices that change', () => {
  it('uses the dated price in force on the given day', () => {
    // o3 cost $10 / $40 until 2025-06-10, then $2 / $8.
    expect(searchDataset('o3', new Date('2025-06-01T00:00:00Z'))?.modelRatio).toBe(5);
    expect(searchDataset('o3', new Date('2025-06-10T00:00:00Z'))?.modelRatio).toBe(1);
  });

  it('uses the highest price of the day when prices follow the clock', () => {
    // deepseek-chat: $0.135 off-peak, $0.27 at standard hours; a ratio cannot follow the clock.
    for (const hour of ['03:00', '20:00']) {
      const price = searchDataset('deepseek-chat', new Date(`2026-01-05T${hour}:00Z`));
      expect(price?.modelRatio).toBe(0.135);
    }
  });
});

function ratios(
  modelRatio: number,
  completionRatio: number,
  cacheRatio: number | undefined,
  cacheCreationRatio: number | undefined,
  source: string,
): ReturnType<typeof datasetPriceFor> {
  return { modelRatio, completionRatio, cacheRatio, cacheCreationRatio, source };
}
