import { describe, expect, it } from 'vitest';
import { orderGroupOptions, pickDefaultModel } from './playground-choices';

const groups = [
  { group: 'default', desc: '默认分组', ratio: 1 },
  { group: 'vip', desc: 'vip分组', ratio: 0.8 },
];

describe('playground choices', () => {
  it('puts the user group first', () => {
    expect(orderGroupOptions(groups, 'vip', 'own').map((option) => option.group)).toEqual([
      'vip',
      'default',
    ]);
    expect(orderGroupOptions(groups, 'other', 'own')).toEqual(groups);
  });

  it('offers the own group when nothing is usable', () => {
    expect(orderGroupOptions([], 'vip', '用户分组')).toEqual([
      { group: '', desc: '用户分组', ratio: 1 },
    ]);
  });

  it('prefers the default chat model', () => {
    expect(pickDefaultModel(['a', 'gpt-4o-mini'])).toBe('gpt-4o-mini');
    expect(pickDefaultModel(['claude-3', 'a'])).toBe('claude-3');
    expect(pickDefaultModel([])).toBe('gpt-4o-mini');
  });
});
