import { describe, expect, it } from 'vitest';
import { admittedByPolicy, parseAccessPolicy } from './access-policy.js';
import { claimText, readClaim } from './claim-path.js';

const info = {
  sub: 'u1',
  email: 'ann@corp.example',
  level: 3,
  groups: ['staff', 'ops'],
  org: { id: '42', name: 'Corp' },
  'x.dotted': 'own key',
};

const policy = (value: unknown) => JSON.stringify(value);

describe('claim paths', () => {
  it('reads keys, nested objects, array indexes and dotted own keys', () => {
    expect(readClaim(info, 'org.id')).toBe('42');
    expect(readClaim(info, 'groups.1')).toBe('ops');
    expect(readClaim(info, 'x.dotted')).toBe('own key');
    expect(readClaim(info, 'org.missing.deeper')).toBeUndefined();
    expect(readClaim(info, 'groups.x')).toBeUndefined();
    expect(readClaim(info, 'constructor')).toBeUndefined();
    expect(claimText(info, 'level')).toBe('3');
    expect(claimText(info, 'groups')).toBe('');
    expect(claimText(info, '')).toBe('');
  });
});

describe('access policy', () => {
  it('admits everyone without a policy and no one with a broken one', () => {
    expect(admittedByPolicy('', info)).toBe(true);
    expect(admittedByPolicy(null, info)).toBe(true);
    expect(admittedByPolicy('{nope', info)).toBe(false);
    expect(admittedByPolicy(policy({ conditions: [{ field: 'a', op: 'regex' }] }), info)).toBe(
      false,
    );
    expect(parseAccessPolicy('  ')).toBeUndefined();
  });

  it.each([
    [{ field: 'sub', op: 'eq', value: 'u1' }, true],
    [{ field: 'level', op: 'eq', value: '3' }, true],
    [{ field: 'sub', op: 'ne', value: 'u1' }, false],
    [{ field: 'level', op: 'gt', value: 2 }, true],
    [{ field: 'level', op: 'gt', value: 3 }, false],
    [{ field: 'level', op: 'gte', value: 3 }, true],
    [{ field: 'level', op: 'lt', value: 3 }, false],
    [{ field: 'level', op: 'lte', value: '3' }, true],
    [{ field: 'email', op: 'gt', value: 1 }, false],
    [{ field: 'org.id', op: 'in', value: ['41', '42'] }, true],
    [{ field: 'org.id', op: 'in', value: '42' }, false],
    [{ field: 'org.id', op: 'not_in', value: ['41'] }, true],
    [{ field: 'groups', op: 'contains', value: 'ops' }, true],
    [{ field: 'groups', op: 'contains', value: 'op' }, false],
    [{ field: 'email', op: 'contains', value: '@corp.' }, true],
    [{ field: 'email', op: 'not_contains', value: '@corp.' }, false],
    [{ field: 'org.name', op: 'exists' }, true],
    [{ field: 'org.size', op: 'exists' }, false],
    [{ field: 'org.size', op: 'not_exists' }, true],
  ])('%j holds: %s', (condition, expected) => {
    expect(admittedByPolicy(policy({ conditions: [condition] }), info)).toBe(expected);
  });

  it('combines conditions and nested groups with and / or', () => {
    const yes = { field: 'sub', op: 'exists' };
    const no = { field: 'sub', op: 'not_exists' };
    expect(admittedByPolicy(policy({ conditions: [yes, no] }), info)).toBe(false);
    expect(admittedByPolicy(policy({ logic: 'or', conditions: [yes, no] }), info)).toBe(true);
    expect(
      admittedByPolicy(
        policy({ logic: 'and', conditions: [yes], groups: [{ logic: 'or', conditions: [no] }] }),
        info,
      ),
    ).toBe(false);
    expect(admittedByPolicy(policy({ logic: 'or', conditions: [] }), info)).toBe(true);
  });
});
