import { describe, expect, it } from 'vitest';
import { responseCacheOptionsProblem } from './response-cache-options';

const problemOf = (rules: unknown) =>
  responseCacheOptionsProblem({
    ResponseCacheRules: typeof rules === 'string' ? rules : JSON.stringify(rules),
  });

describe('response cache options', () => {
  it('accept no rules and lists of well-formed rules', () => {
    expect(responseCacheOptionsProblem({})).toBeUndefined();
    expect(problemOf('')).toBeUndefined();
    expect(problemOf([])).toBeUndefined();
    expect(
      problemOf([
        {
          models: ['gpt-4o-mini'],
          groups: ['default'],
          token_ids: [12],
          ttl_seconds: 3600,
          allow_temperature: false,
          charge_ratio: 0.1,
        },
        { ttl_seconds: 2_592_000, allow_temperature: true, charge_ratio: 0 },
        { ttl_seconds: 60, allow_temperature: true, charge_ratio: 1 },
      ]),
    ).toBeUndefined();
  });

  it('refuse text that is not a list of rule objects', () => {
    for (const bad of ['[', '{}', '[1]', '[[]]', '[null]']) {
      expect(problemOf(bad)).toBe('responseCache.rulesInvalid');
    }
  });

  it('refuse matchers that are empty or of the wrong type', () => {
    for (const rule of [
      { models: [] },
      { models: [''] },
      { models: 'gpt-4o' },
      { groups: [] },
      { token_ids: [] },
      { token_ids: [0] },
      { token_ids: [1.5] },
      { token_ids: ['12'] },
    ]) {
      expect(problemOf([rule])).toBe('responseCache.rulesInvalid');
    }
  });

  it('refuse out-of-range lifetimes and charge ratios, and unknown fields', () => {
    for (const rule of [
      { ttl_seconds: 0 },
      { ttl_seconds: 2_592_001 },
      { ttl_seconds: 1.5 },
      { allow_temperature: 'yes' },
      { charge_ratio: -0.1 },
      { charge_ratio: 1.01 },
      { model: ['gpt-4o'] },
    ]) {
      expect(problemOf([rule])).toBe('responseCache.rulesInvalid');
    }
  });
});
