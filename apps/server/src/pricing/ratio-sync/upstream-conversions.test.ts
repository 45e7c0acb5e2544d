import { describe, expect, it } from 'vitest';
import {
  ratioDataFromInstanceAnswer,
  ratioDataFromModelsDev,
  ratioDataFromOpenRouter,
} from './upstream-conversions.js';

describe('ratio sync conversions', () => {
  it('reads the ratio_config form, dropping entries that are not non-negative numbers', () => {
    const data = ratioDataFromInstanceAnswer({
      success: true,
      data: {
        model_ratio: { 'gpt-4o': 1.25, bad: 'x', negative: -1 },
        completion_ratio: { 'gpt-4o': 4 },
        image_ratio: { 'gpt-image-1': 2 },
        unknown_field: { a: 1 },
      },
    });
    expect(data.model_ratio).toEqual({ 'gpt-4o': 1.25 });
    expect(data.completion_ratio).toEqual({ 'gpt-4o': 4 });
    expect(data.image_ratio).toEqual({ 'gpt-image-1': 2 });
    expect(data.model_price).toEqual({});
  });

  it('reads a published file that holds the maps without the envelope', () => {
    expect(ratioDataFromInstanceAnswer({ model_price: { mj: 0.1 } }).model_price).toEqual({
      mj: 0.1,
    });
  });

  it('converts pricing items: per-call items give a price, the others their ratios', () => {
    const data = ratioDataFromInstanceAnswer({
      success: true,
      data: [
        {
          model_name: 'gpt-4o',
          quota_type: 0,
          model_ratio: 1.25,
          completion_ratio: 4,
          model_price: 0,
        },
        {
          model_name: 'dall-e-3',
          quota_type: 1,
          model_ratio: 0,
          completion_ratio: 0,
          model_price: 0.04,
        },
        { model_name: '', quota_type: 0, model_ratio: 1 },
        'not an item',
      ],
    });
    expect(data.model_ratio).toEqual({ 'gpt-4o': 1.25 });
    expect(data.completion_ratio).toEqual({ 'gpt-4o': 4 });
    expect(data.model_price).toEqual({ 'dall-e-3': 0.04 });
  });

  it('refuses a refusal, and an answer with no ratio data', () => {
    expect(() => ratioDataFromInstanceAnswer({ success: false, message: 'not exposed' })).toThrow(
      'not exposed',
    );
    expect(() => ratioDataFromInstanceAnswer({ success: true, data: 3 })).toThrow('no ratio data');
    expect(() => ratioDataFromInstanceAnswer([1])).toThrow('not a JSON object');
  });

  it('converts OpenRouter per-token prices: ratio 1 is $0.002 per 1K prompt tokens', () => {
    const data = ratioDataFromOpenRouter({
      data: [
        {
          id: 'openai/gpt-4o',
          pricing: { prompt: '0.0000025', completion: '0.00001', input_cache_read: '0.00000125' },
        },
        { id: 'free/model', pricing: { prompt: '0', completion: '0' } },
        { id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } },
        { id: 'no-pricing' },
      ],
    });
    expect(data.model_ratio).toEqual({ 'openai/gpt-4o': 1.25, 'free/model': 0 });
    expect(data.completion_ratio).toEqual({ 'openai/gpt-4o': 4 });
    expect(data.cache_ratio).toEqual({ 'openai/gpt-4o': 0.5 });
    expect(() => ratioDataFromOpenRouter({ models: [] })).toThrow('OpenRouter');
  });

  it("converts models.dev per-million costs, a model's first priced listing winning", () => {
    const data = ratioDataFromModelsDev({
      openai: {
        id: 'openai',
        models: {
          'gpt-4o': { id: 'gpt-4o', cost: { input: 2.5, output: 10, cache_read: 1.25 } },
          'no-cost': { id: 'no-cost' },
        },
      },
      azure: { models: { 'gpt-4o': { id: 'gpt-4o', cost: { input: 5, output: 15 } } } },
      broken: 'x',
    });
    expect(data.model_ratio).toEqual({ 'gpt-4o': 1.25 });
    expect(data.completion_ratio).toEqual({ 'gpt-4o': 4 });
    expect(data.cache_ratio).toEqual({ 'gpt-4o': 0.5 });
  });
});
