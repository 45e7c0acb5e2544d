import { describe, expect, it } from 'vitest';
import { differenceRows, planRatioSync, rowKey } from './ratio-sync-plan';

const result = {
  differences: {
    'gpt-4o': {
      model_ratio: { current: 1.25, upstreams: { A: 2, B: 'same' as const } },
      completion_ratio: { current: 4, upstreams: { A: 3 } },
    },
    mj: { model_price: { current: null, upstreams: { B: 0.5 } } },
  },
  test_results: [
    { name: 'A', status: 'success' as const },
    { name: 'B', status: 'success' as const },
  ],
};

describe('ratio sync plan', () => {
  const rows = differenceRows(result);
  const options = {
    ModelRatio: '{"gpt-4o":1.25,"mj":7}',
    CompletionRatio: '{}',
    ModelPrice: '{"other":1}',
  };

  it('lists one row per model and field', () => {
    expect(rows.map((row) => row.key)).toEqual([
      rowKey('gpt-4o', 'model_ratio'),
      rowKey('gpt-4o', 'completion_ratio'),
      rowKey('mj', 'model_price'),
    ]);
  });

  it('merges the chosen values into the stored maps, saving only what changes', () => {
    const saves = planRatioSync(
      rows,
      { [rowKey('gpt-4o', 'model_ratio')]: 'A', [rowKey('mj', 'model_price')]: 'B' },
      options,
    );
    expect(saves.map((save) => [save.key, JSON.parse(save.value)])).toEqual([
      // mj now has a price, so its ratio (which the price would override anyway) goes.
      ['ModelRatio', { 'gpt-4o': 2 }],
      ['ModelPrice', { other: 1, mj: 0.5 }],
    ]);
  });

  it('ignores a choice of a source that agrees or did not list the field', () => {
    expect(planRatioSync(rows, { [rowKey('gpt-4o', 'model_ratio')]: 'B' }, options)).toEqual([]);
    expect(planRatioSync(rows, { [rowKey('mj', 'model_price')]: 'A' }, options)).toEqual([]);
  });
});
