import { describe, expect, it } from 'vitest';
import { cacheHitOf, fallbackFrom, mappedModel, parseLogOther } from './log-other';

/** The billing fields of a consume row, as stored and as read back. */
const billingDetails = {
  model_ratio: 1.25,
  group_ratio: 1,
  completion_ratio: 4,
  cache_tokens: 10,
  cache_ratio: 0.5,
  cache_creation_tokens: 0,
  cache_creation_ratio: 1.25,
  model_price: -1,
  frt: 812.5,
  reasoning_effort: 'high',
  is_model_mapped: true,
  upstream_model_name: 'gpt-4o-2024-08-06',
  user_group_ratio: 0.8,
};

describe('log other', () => {
  it('reads the billing details of a consume row', () => {
    const other = parseLogOther(
      JSON.stringify({ ...billingDetails, admin_info: { use_channel: ['3', 5] } }),
    );
    expect(other).toEqual({ ...billingDetails, use_channel: ['3', '5'] });
    expect(mappedModel(other)).toBe('gpt-4o-2024-08-06');
  });

  it('drops wrongly typed fields', () => {
    expect(parseLogOther('{"model_ratio":"2","frt":null,"claude":1,"admin_info":[]}')).toEqual({});
  });

  it('gives null for empty or non-object text', () => {
    expect(parseLogOther('')).toBeNull();
    expect(parseLogOther('not json')).toBeNull();
    expect(parseLogOther('[1,2]')).toBeNull();
  });

  it('names no mapped model unless the row says so', () => {
    expect(mappedModel({ upstream_model_name: 'x' })).toBeUndefined();
    expect(mappedModel(null)).toBeUndefined();
  });

  it('reads the fallback and response-cache fields of a consume row', () => {
    const other = parseLogOther(
      '{"fallback_from":"gpt-4o","cache_hit":true,"cache_saved_quota":1500,"model_ratio":1}',
    );
    expect(other).toEqual({
      fallback_from: 'gpt-4o',
      cache_hit: true,
      cache_saved_quota: 1500,
      model_ratio: 1,
    });
    expect(fallbackFrom(other)).toBe('gpt-4o');
    expect(cacheHitOf(other)).toEqual({ savedQuota: 1500 });
  });

  it('names the requested model only when a fallback answered', () => {
    expect(fallbackFrom({})).toBeUndefined();
    expect(fallbackFrom({ fallback_from: ' ' })).toBeUndefined();
    expect(fallbackFrom(null)).toBeUndefined();
    expect(fallbackFrom(parseLogOther('{"fallback_from":42}'))).toBeUndefined();
  });

  it('marks a cache hit only when the row says so, and its saving only when known', () => {
    expect(cacheHitOf({ cache_saved_quota: 10 })).toBeUndefined();
    expect(
      cacheHitOf(parseLogOther('{"cache_hit":"true","cache_saved_quota":10}')),
    ).toBeUndefined();
    expect(cacheHitOf(null)).toBeUndefined();
    expect(cacheHitOf({ cache_hit: true })).toEqual({ savedQuota: undefined });
    expect(cacheHitOf({ cache_hit: true, cache_saved_quota: -5 })).toEqual({
      savedQuota: undefined,
    });
    expect(cacheHitOf({ cache_hit: true, cache_saved_quota: 0 })).toEqual({ savedQuota: 0 });
  });
});
