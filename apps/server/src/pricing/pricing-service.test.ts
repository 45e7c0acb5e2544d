import type { OptionKey } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPLETION_RATIO } from '../options/defaults/default-completion-ratio.js';
import { DEFAULT_MODEL_PRICE } from '../options/defaults/default-model-price.js';
import { DEFAULT_MODEL_RATIO } from '../options/defaults/default-model-ratio.js';
import { buildPricingEntries, type PricingOptions } from './pricing-service.js';

const builtIn: Partial<Record<OptionKey, unknown>> = {
  ModelRatio: DEFAULT_MODEL_RATIO,
  ModelPrice: DEFAULT_MODEL_PRICE,
  CompletionRatio: DEFAULT_COMPLETION_RATIO,
  CacheRatio: {},
};
const options: PricingOptions = { getJson: <T>(key: OptionKey) => builtIn[key] as T };

describe('buildPricingEntries', () => {
  it('shows what billing charges: built-in tables, the price dataset, suffixes, else 37.5', () => {
    const entries = buildPricingEntries(
      ['gpt-4o', 'gpt-5', 'o3-high', 'claude-sonnet-4-20250514', 'mystery-model'].map((model) => ({
        model,
        group: 'default',
      })),
      options,
    );
    const byName = new Map(entries.map((entry) => [entry.model_name, entry]));
    expect(byName.get('gpt-4o')).toMatchObject({ model_ratio: 1.25, completion_ratio: 4 });
    expect(byName.get('gpt-5')).toMatchObject({ model_ratio: 0.625, completion_ratio: 8 });
    expect(byName.get('o3-high')).toMatchObject({ model_ratio: 1, completion_ratio: 4 });
    expect(byName.get('claude-sonnet-4-20250514')).toMatchObject({
      model_ratio: 1.5,
      completion_ratio: 5,
    });
    expect(byName.get('mystery-model')).toMatchObject({ model_ratio: 37.5, completion_ratio: 1 });
  });
});
