import { describe, expect, it } from 'vitest';
import { explainCharge, formatFactor, quotaDollars } from './charge-explanation';

describe('charge explanation', () => {
  it('recomputes a per-token charge with cache reads and writes', () => {
    const charge = explainCharge(
      { prompt_tokens: 1000, completion_tokens: 200 },
      {
        model_ratio: 1.5,
        completion_ratio: 4,
        group_ratio: 1,
        cache_tokens: 400,
        cache_ratio: 0.1,
        cache_creation_tokens: 100,
        cache_creation_ratio: 1.25,
        model_price: -1,
      },
      500000,
    );
    // (500 + 400 × 0.1 + 100 × 1.25 + 200 × 4) × 1.5 × 1 = 1465 × 1.5 = 2197.5 → 2198
    expect(charge).toEqual({
      kind: 'tokens',
      uncached: 500,
      cached: 400,
      cacheRatio: 0.1,
      cacheCreation: 100,
      cacheCreationRatio: 1.25,
      completion: 200,
      completionRatio: 4,
      modelRatio: 1.5,
      groupRatio: 1,
      inputPrice: 3,
      quota: 2198,
    });
  });

  it('matches a plain chat call on the mock upstream', () => {
    // gpt-4o-mini: ratio 0.075, completion ratio 4; 7 prompt and 6 completion tokens.
    const charge = explainCharge(
      { prompt_tokens: 7, completion_tokens: 6 },
      { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1 },
      500000,
    );
    expect(charge?.quota).toBe(2); // (7 + 24) × 0.075 = 2.325
  });

  it('charges at least 1 for a billable call and nothing for a call without tokens', () => {
    const other = { model_ratio: 0.01, completion_ratio: 1, group_ratio: 1, model_price: -1 };
    expect(explainCharge({ prompt_tokens: 3, completion_tokens: 0 }, other, 500000)?.quota).toBe(1);
    expect(explainCharge({ prompt_tokens: 0, completion_tokens: 0 }, other, 500000)?.quota).toBe(0);
  });

  it('prices per call with the group ratio', () => {
    expect(
      explainCharge(
        { prompt_tokens: 10, completion_tokens: 0 },
        { model_price: 0.04, group_ratio: 1.5, model_ratio: 0 },
        500000,
      ),
    ).toEqual({ kind: 'price', modelPrice: 0.04, groupRatio: 1.5, dollars: 0.06, quota: 30000 });
  });

  it('prices audio tokens with their ratios', () => {
    const charge = explainCharge(
      { prompt_tokens: 0, completion_tokens: 0 },
      {
        audio: true,
        model_ratio: 1.25,
        completion_ratio: 4,
        group_ratio: 1,
        model_price: -1,
        text_input: 10,
        text_output: 5,
        audio_input: 20,
        audio_output: 10,
        audio_ratio: 16,
        audio_completion_ratio: 2,
      },
      500000,
    );
    // (10 + 5 × 4 + 20 × 16 + 10 × 16 × 2) × 1.25 = 670 × 1.25 = 837.5 → 838
    expect(charge).toMatchObject({ kind: 'audio', quota: 838 });
  });

  it('explains nothing for rows without pricing', () => {
    expect(explainCharge({ prompt_tokens: 1, completion_tokens: 1 }, null, 500000)).toBeNull();
    expect(explainCharge({ prompt_tokens: 1, completion_tokens: 1 }, {}, 500000)).toBeNull();
  });

  it('converts and formats', () => {
    expect(quotaDollars(250000, 500000)).toBe(0.5);
    expect(formatFactor(0.1 + 0.2)).toBe('0.3');
    expect(formatFactor(2)).toBe('2');
  });
});
