import { describe, expect, it } from 'vitest';
import { defaultTokenGroup, parseUserGroups, ratioColor, tokenGroupOptions } from './group-options';

const groups = parseUserGroups({
  default: { desc: '默认分组', ratio: 1 },
  vip: { desc: 'VIP', ratio: 2 },
  broken: 'nope',
});

describe('token group options', () => {
  it('read the usable groups and skip malformed entries', () => {
    expect(groups).toEqual([
      { value: 'default', desc: '默认分组', ratio: 1 },
      { value: 'vip', desc: 'VIP', ratio: 2 },
    ]);
    expect(parseUserGroups(null)).toEqual([]);
  });

  it('add auto first when the site defaults to automatic groups', () => {
    expect(tokenGroupOptions(groups, true).map((group) => group.value)).toEqual([
      'auto',
      'default',
      'vip',
    ]);
    expect(tokenGroupOptions(groups, false)).toBe(groups);
  });

  it('move an already offered auto group first instead of adding another', () => {
    const withAuto = [...groups, { value: 'auto', desc: 'Auto', ratio: 1 }];
    expect(tokenGroupOptions(withAuto, true)).toEqual([
      { value: 'auto', desc: 'Auto', ratio: 1 },
      ...groups,
    ]);
  });

  it('preselect auto for new tokens only when it is the default', () => {
    expect(defaultTokenGroup(true)).toBe('auto');
    expect(defaultTokenGroup(false)).toBe('');
  });

  it('colour ratios like the rest of the console', () => {
    expect([0.5, 1, 1.5, 3, 3.5, 5, 6].map(ratioColor)).toEqual([
      'green',
      'green',
      'blue',
      'blue',
      'orange',
      'orange',
      'red',
    ]);
  });
});
