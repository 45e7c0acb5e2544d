import { describe, expect, it } from 'vitest';
import { planOptionSaves } from '../save-plan';
import {
  PRICE_KEYS,
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

const priceFields = PRICE_KEYS.map((key) => ({ key, kind: 'json' as const }));

describe('model price editors', () => {
  it('reads every model of the three maps and writes them back', () => {
    const rows = readModelPrices(options);
    expect(rows.map((row) => row.name)).toEqual(['gpt-4o', 'gpt-4o-mini', 'mj_imagine']);
    expect(rows[0]).toEqual({ name: 'gpt-4o', price: undefined, ratio: 1.25, completionRatio: 4 });
    const written = writeModelPrices(options, rows);
    expect(JSON.parse(written.ModelPrice)).toEqual({ mj_imagine: 0.1 });
    expect(JSON.parse(written.ModelRatio)).toEqual({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 });
    expect(JSON.parse(written.CompletionRatio)).toEqual({ 'gpt-4o': 4 });
  });

  // The stored defaults are not sorted, and `gpt-4-gizmo-*` has a price and ratios at once.
  const defaults = {
    ModelPrice: '{"gpt-4-gizmo-*":0.1,"dall-e-3":0.04}',
    ModelRatio: '{"gpt-4o-mini":0.075,"gpt-4-gizmo-*":15,"claude-3-haiku":0.125}',
    CompletionRatio: '{"gpt-4-gizmo-*":2,"gpt-4o-mini":4}',
  };

  it('writes nothing back when nothing was edited', () => {
    const written = writeModelPrices(defaults, readModelPrices(defaults));
    expect(planOptionSaves(priceFields, written, defaults)).toEqual([]);
    expect(written.ModelRatio).toBe(
      JSON.stringify(
        { 'gpt-4o-mini': 0.075, 'gpt-4-gizmo-*': 15, 'claude-3-haiku': 0.125 },
        null,
        2,
      ),
    );
  });

  it('touches only the edited model, keeping every other entry and its order', () => {
    const rows = readModelPrices(defaults).map((row) =>
      row.name === 'gpt-4o-mini' ? { ...row, ratio: 0.1 } : row,
    );
    const saves = planOptionSaves(priceFields, writeModelPrices(defaults, rows), defaults);
    expect(saves.map((save) => save.key)).toEqual(['ModelRatio']);
    expect(Object.entries(JSON.parse(saves[0]!.value) as object)).toEqual([
      ['gpt-4o-mini', 0.1],
      ['gpt-4-gizmo-*', 15],
      ['claude-3-haiku', 0.125],
    ]);
  });

  it('removes a deleted model from every map and appends an added one', () => {
    const rows = [
      ...readModelPrices(defaults).filter((row) => row.name !== 'gpt-4-gizmo-*'),
      { name: 'new-model', ratio: 1, completionRatio: 2 },
    ];
    const written = writeModelPrices(defaults, rows);
    expect(JSON.parse(written.ModelPrice)).toEqual({ 'dall-e-3': 0.04 });
    expect(Object.keys(JSON.parse(written.ModelRatio) as object)).toEqual([
      'gpt-4o-mini',
      'claude-3-haiku',
      'new-model',
    ]);
    expect(JSON.parse(written.CompletionRatio)).toEqual({ 'gpt-4o-mini': 4, 'new-model': 2 });
  });

  it('drops the ratios of a model edited into a per-call price', () => {
    const written = writeModelPrices(options, [
      ...readModelPrices(options).filter((row) => row.name !== 'gpt-4o'),
      { name: 'gpt-4o', price: 0.02 },
    ]);
    expect(JSON.parse(written.ModelPrice)).toEqual({ mj_imagine: 0.1, 'gpt-4o': 0.02 });
    expect(JSON.parse(written.ModelRatio)).toEqual({ 'gpt-4o-mini': 0.075 });
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
