import { describe, expect, it } from 'vitest';
import { defaultOptionValues, findOptionDefinition } from './option-catalogue.js';
import { validateOptionText } from './option-parse.js';
import { fallbackModelsOf, findFallbackCycle } from './model-fallbacks.js';

/** Saves `value` for `key` with the other options at `stored`; the refusal message, if any. */
function refusal(key: string, value: string, stored: Record<string, string> = {}) {
  const definition = findOptionDefinition(key);
  if (!definition) throw new Error(`no option ${key}`);
  const defaults = defaultOptionValues();
  const result = validateOptionText(definition, value, {
    get: (name) => stored[name] ?? defaults.get(name) ?? '',
  });
  return result.ok ? undefined : result.message;
}

describe('fallback chain resolution', () => {
  const global = { 'gpt-4o': ['gpt-4o-mini', 'claude-3-5-haiku'], o1: ['gpt-4o'] };
  const groups = { vip: { 'gpt-4o': ['claude-3-5-sonnet'], o1: [] } };

  it('takes the global list of the model when the group has none for it', () => {
    expect(fallbackModelsOf(global, groups, 'default', 'gpt-4o')).toEqual([
      'gpt-4o-mini',
      'claude-3-5-haiku',
    ]);
    expect(fallbackModelsOf(global, {}, 'vip', 'o1')).toEqual(['gpt-4o']);
  });

  it("takes the group's own list over the global one, and an empty list turns fallbacks off", () => {
    expect(fallbackModelsOf(global, groups, 'vip', 'gpt-4o')).toEqual(['claude-3-5-sonnet']);
    expect(fallbackModelsOf(global, groups, 'vip', 'o1')).toEqual([]);
  });

  it('answers no fallbacks for an unlisted model, and never reads inherited properties', () => {
    expect(fallbackModelsOf(global, groups, 'vip', 'gpt-4o-mini')).toEqual([]);
    expect(fallbackModelsOf(global, groups, 'toString', 'constructor')).toEqual([]);
    expect(fallbackModelsOf({}, {}, 'default', '__proto__')).toEqual([]);
  });

  it('finds cycles along any fallback, not only the first', () => {
    expect(findFallbackCycle(global)).toBeUndefined();
    expect(findFallbackCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(findFallbackCycle({ a: ['x', 'b'], b: ['a'] })).toEqual(['a', 'b', 'a']);
    expect(findFallbackCycle({ a: ['b', 'c'], b: ['c'], c: [] })).toBeUndefined();
  });
});

describe('ModelFallbacks and GroupModelFallbacks options', () => {
  it('accept model lists, empty ones included', () => {
    expect(refusal('ModelFallbacks', '{"gpt-4o":["gpt-4o-mini","claude-3-5-haiku"]}')).toBe(
      undefined,
    );
    expect(refusal('GroupModelFallbacks', '{"vip":{"gpt-4o":["claude-3-5-haiku"],"o1":[]}}')).toBe(
      undefined,
    );
  });

  it('refuse unknown shapes with the place that is wrong', () => {
    expect(refusal('ModelFallbacks', '["gpt-4o"]')).toBe('ModelFallbacks 必须是 JSON 对象');
    expect(refusal('ModelFallbacks', '{"gpt-4o":"gpt-4o-mini"}')).toBe(
      'ModelFallbacks 中 gpt-4o 的值必须是 JSON 数组',
    );
    expect(refusal('ModelFallbacks', '{"gpt-4o":["gpt-4o-mini",3]}')).toBe(
      'ModelFallbacks 中 gpt-4o[1] 的值必须是字符串',
    );
    expect(refusal('ModelFallbacks', '{"gpt-4o":[""]}')).toBe(
      'ModelFallbacks 中 gpt-4o[0] 的值不能是空字符串',
    );
    expect(refusal('GroupModelFallbacks', '{"vip":["gpt-4o"]}')).toBe(
      'GroupModelFallbacks 中 vip 的值必须是 JSON 对象',
    );
  });

  it('refuse a model falling back to itself, a repeated fallback and a cycle', () => {
    expect(refusal('ModelFallbacks', '{"gpt-4o":["gpt-4o-mini","gpt-4o"]}')).toBe(
      'ModelFallbacks 中模型 gpt-4o 不能回退到自身',
    );
    expect(refusal('ModelFallbacks', '{"gpt-4o":["a","a"]}')).toBe(
      'ModelFallbacks 中模型 gpt-4o 的回退列表重复列出了 a',
    );
    expect(refusal('ModelFallbacks', '{"a":["b"],"b":["c"],"c":["a"]}')).toBe(
      'ModelFallbacks 中存在回退循环：a → b → c → a',
    );
    expect(refusal('GroupModelFallbacks', '{"vip":{"a":["a"]}}')).toBe(
      'GroupModelFallbacks 的分组 vip 中模型 a 不能回退到自身',
    );
  });

  it("refuse a cycle made by a group's lists together with the global ones, from either side", () => {
    const global = '{"gpt-4o":["gpt-4o-mini"]}';
    expect(
      refusal('GroupModelFallbacks', '{"vip":{"gpt-4o-mini":["gpt-4o"]}}', {
        ModelFallbacks: global,
      }),
    ).toBe('GroupModelFallbacks 的分组 vip 中存在回退循环：gpt-4o → gpt-4o-mini → gpt-4o');
    expect(
      refusal('ModelFallbacks', global, {
        GroupModelFallbacks: '{"vip":{"gpt-4o-mini":["gpt-4o"]}}',
      }),
    ).toBe(
      'ModelFallbacks 与 GroupModelFallbacks 的分组 vip 合并后存在回退循环：gpt-4o → gpt-4o-mini → gpt-4o',
    );
    // A group list that replaces the global one breaks the would-be cycle.
    expect(
      refusal('GroupModelFallbacks', '{"vip":{"gpt-4o":[],"gpt-4o-mini":["gpt-4o"]}}', {
        ModelFallbacks: global,
      }),
    ).toBe(undefined);
  });
});
