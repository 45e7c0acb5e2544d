import { describe, expect, it } from 'vitest';
import { bestMatch, NAME_RULE, ruleMatches } from './name-rules.js';

const row = (id: number, model_name: string, name_rule: number) => ({ id, model_name, name_rule });

describe('name rules', () => {
  it.each([
    [NAME_RULE.exact, 'gpt-4o', 'gpt-4o', true],
    [NAME_RULE.exact, 'gpt-4o', 'gpt-4o-mini', false],
    [NAME_RULE.prefix, 'gpt-4o', 'gpt-4o-mini', true],
    [NAME_RULE.prefix, 'gpt-4o', 'my-gpt-4o', false],
    [NAME_RULE.contains, '4o', 'gpt-4o-mini', true],
    [NAME_RULE.contains, '5o', 'gpt-4o-mini', false],
    [NAME_RULE.suffix, '-mini', 'gpt-4o-mini', true],
    [NAME_RULE.suffix, '-mini', 'gpt-4o-mini-tts', false],
    [9, 'gpt-4o', 'gpt-4o-mini', false],
  ])('rule %i with %s matches %s: %s', (rule, pattern, name, expected) => {
    expect(ruleMatches(row(1, pattern, rule), name)).toBe(expected);
  });

  it('never matches with an empty pattern', () => {
    expect(ruleMatches(row(1, '', NAME_RULE.contains), 'anything')).toBe(false);
  });

  it('prefers the exact row, then the longest pattern, then prefix over suffix over contains', () => {
    const rows = [
      row(1, 'gpt', NAME_RULE.prefix),
      row(2, 'gpt-4o', NAME_RULE.prefix),
      row(3, 'gpt-4o-mini', NAME_RULE.contains),
      row(4, 'gpt-4o-mini', NAME_RULE.suffix),
      row(5, 'gpt-4o-mini', NAME_RULE.exact),
    ];
    expect(bestMatch(rows, 'gpt-4o-mini')?.id).toBe(5);
    expect(bestMatch(rows.slice(0, 4), 'gpt-4o-mini')?.id).toBe(4);
    expect(bestMatch(rows.slice(0, 3), 'gpt-4o-mini')?.id).toBe(3);
    expect(bestMatch(rows.slice(0, 2), 'gpt-4o-mini')?.id).toBe(2);
    expect(bestMatch(rows, 'claude')).toBeUndefined();
  });

  it('takes the oldest row when two rules tie', () => {
    const rows = [row(7, 'gpt', NAME_RULE.prefix), row(3, 'gpt', NAME_RULE.prefix)];
    expect(bestMatch(rows, 'gpt-4o')?.id).toBe(3);
  });
});
