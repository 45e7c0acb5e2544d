import { describe, expect, it } from 'vitest';
import { abilitiesMatch, abilityRowsFor } from './abilities.js';

const channel = {
  id: 7,
  models: 'gpt-4o, gpt-4o-mini,,GPT-4o',
  group: 'default, vip,default',
  status: 1,
  priority: 5,
  weight: 3,
  tag: 'team',
};

describe('abilityRowsFor', () => {
  it('makes one row per group × model with the routing fields copied', () => {
    const rows = abilityRowsFor(channel);
    expect(rows.map((row) => `${row.group}/${row.model}`)).toEqual([
      'default/gpt-4o',
      'default/gpt-4o-mini',
      'vip/gpt-4o',
      'vip/gpt-4o-mini',
    ]);
    expect(rows[0]).toEqual({
      group: 'default',
      model: 'gpt-4o',
      channel_id: 7,
      enabled: true,
      priority: 5,
      weight: 3,
      tag: 'team',
    });
  });

  it('disables rows of a channel that is not enabled and reads NULL priority/weight as 0', () => {
    const rows = abilityRowsFor({ ...channel, status: 3, priority: null, weight: null, tag: null });
    expect(rows.every((row) => !row.enabled && row.priority === 0 && row.weight === 0)).toBe(true);
  });

  it('makes no rows without models or groups', () => {
    expect(abilityRowsFor({ ...channel, models: null })).toEqual([]);
    expect(abilityRowsFor({ ...channel, group: ' , ' })).toEqual([]);
  });
});

describe('abilitiesMatch', () => {
  const expected = abilityRowsFor(channel);

  it('accepts the same rows in any order, with booleans stored as numbers', () => {
    const stored = [...expected]
      .reverse()
      .map((row) => ({ ...row, enabled: 1 as unknown as boolean }));
    expect(abilitiesMatch(expected, stored)).toBe(true);
  });

  it('spots missing rows and stale routing fields', () => {
    expect(abilitiesMatch(expected, expected.slice(1))).toBe(false);
    expect(
      abilitiesMatch(
        expected,
        expected.map((row) => ({ ...row, weight: 0 })),
      ),
    ).toBe(false);
    expect(
      abilitiesMatch(
        expected,
        expected.map((row) => ({ ...row, enabled: false })),
      ),
    ).toBe(false);
    expect(
      abilitiesMatch(
        expected,
        expected.map((row) => ({ ...row, tag: null })),
      ),
    ).toBe(false);
  });
});
