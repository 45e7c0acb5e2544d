import { describe, expect, it } from 'vitest';
import { ratioDifferences } from './ratio-differences.js';
import { emptyRatioData, type RatioData } from './ratio-fields.js';
import { sourceRequest } from './ratio-sources.js';

function ratios(fields: Partial<RatioData>): RatioData {
  return { ...emptyRatioData(), ...fields };
}

describe('ratioDifferences', () => {
  const local = ratios({
    model_ratio: { 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 },
    completion_ratio: { 'gpt-4o': 4 },
  });

  it('lists only the fields some upstream sees differently, "same" for the agreeing ones', () => {
    const differences = ratioDifferences(local, [
      {
        name: 'A',
        converted: false,
        data: ratios({
          model_ratio: { 'gpt-4o': 1.25, 'gpt-4o-mini': 0.1 },
          completion_ratio: { 'gpt-4o': 4 },
        }),
      },
      {
        name: 'B',
        converted: false,
        data: ratios({ model_ratio: { 'gpt-4o': 2, 'new-model': 3 } }),
      },
    ]);
    expect(differences).toEqual({
      'gpt-4o': { model_ratio: { current: 1.25, upstreams: { A: 'same', B: 2 } } },
      'gpt-4o-mini': { model_ratio: { current: 0.075, upstreams: { A: 0.1 } } },
      'new-model': { model_ratio: { current: null, upstreams: { B: 3 } } },
    });
  });

  it('ignores float noise, skips fields it does not compare, marks converted figures', () => {
    const differences = ratioDifferences(local, [
      {
        name: 'models.dev',
        converted: true,
        data: ratios({
          model_ratio: { 'gpt-4o': 1.2500000000000002, 'gpt-4o-mini': 0.08 },
          image_ratio: { 'gpt-4o': 9 },
        }),
      },
      { name: 'peer', converted: false, data: ratios({ model_ratio: { 'gpt-4o-mini': 0.075 } }) },
    ]);
    expect(differences).toEqual({
      'gpt-4o-mini': {
        model_ratio: {
          current: 0.075,
          upstreams: { 'models.dev': 0.08, peer: 'same' },
          confidence: { 'models.dev': false, peer: true },
        },
      },
    });
  });
});

describe('sourceRequest', () => {
  it('builds the URL and reading of each kind of endpoint', () => {
    const source = { id: 1, name: 'x', baseUrl: 'https://peer.example/', endpoint: '' };
    expect(sourceRequest(source)).toEqual({
      url: 'https://peer.example/api/ratio_config',
      format: 'instance',
    });
    expect(sourceRequest({ ...source, endpoint: 'api/pricing' }).url).toBe(
      'https://peer.example/api/pricing',
    );
    expect(sourceRequest({ ...source, endpoint: 'openrouter' })).toEqual({
      url: 'https://peer.example/v1/models',
      format: 'openrouter',
    });
    expect(sourceRequest({ ...source, endpoint: 'https://models.dev/api.json' })).toEqual({
      url: 'https://models.dev/api.json',
      format: 'models.dev',
    });
  });
});
