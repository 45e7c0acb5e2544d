import { describe, expect, it } from 'vitest';
import {
  pricesPerMillion,
  ratiosFromPrices,
  readModelPrices,
  unpricedModels,
  writeModelPrices,
} from './model-prices';

const options = {
  ModelPrice: '{"mj_imagine": 0.1}',
  ModelRatio: '{"gpt-4o": 1.25, "gpt-4o-mini": 0.075}',
  CompletionRatio: '{"gpt-4o": 4}',
};

describe('model price editors', () => {
  it('reads every model of the three maps and writes them back', () => {
    const rows = readModelPrices(options);
    expect(rows.map((row) => row.name)).toEqual(['gpt-4o', 'gpt-4o-mini', 'mj_imagine']);
    expect(rows[0]).toEqual({ name: 'gpt-4o', price: undefined, ratio: 1.25, completionRatio: 4 });
    const written = writeModelPrices(rows);
    expect(JSON.parse(written.ModelPrice)).toEqual({ mj_imagine: 0.1 });
    expect(JSON.parse(written.ModelRatio)).toEqual({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 });
    expect(JSON.parse(written.CompletionRatio)).toEqual({ 'gpt-4o': 4 });
  });

  it('drops the ratios of a model that gets a per-call price', () => {
    const written = writeModelPrices([{ name: 'm', price: 0.02, ratio: 1, completionRatio: 2 }]);
    expect(JSON.parse(written.ModelRatio)).toEqual({});
    expect(JSON.parse(written.CompletionRatio)).toEqual({});
  });

  it('converts between prices per 1M tokens and ratios', () => {
    expect(ratiosFromPrices(2.5, 10)).toEqual({ ratio: 1.25, completionRatio: 4 });
    expect(ratiosFromPrices(0, 10)).toBeUndefined();
    expect(pricesPerMillion({ name: 'm', ratio: 0.075, completionRatio: 4 })).toEqual({
      input: 0.15,
      output: 0.6,
    });
    expect(pricesPerMillion({ name: 'm', price: 1 })).toBeUndefined();
  });

  it('lists served models without any price', () => {
    expect(unpricedModels(['gpt-4o', 'new-model', 'mj_imagine', 'new-model'], options)).toEqual([
      'new-model',
    ]);
  });
});
