import { describe, expect, it } from 'vitest';
import { mappedModel, parseLogOther } from './log-other';

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
});
