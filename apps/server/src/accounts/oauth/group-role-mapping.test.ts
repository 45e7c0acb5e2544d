import { ROLE } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import { mappedGroup, mappedRole, parseMapping, roleOfTarget } from './group-role-mapping.js';

const provider = (values: Partial<CustomOAuthProviderRow>) =>
  ({
    group_field: 'groups',
    role_field: 'org.roles',
    group_mapping: null,
    role_mapping: null,
    group_mapping_mode: 'explicit_only',
    role_mapping_mode: 'explicit_only',
    ...values,
  }) as CustomOAuthProviderRow;
const exists = (group: string) => ['default', 'vip', 'svip'].includes(group);

describe('group and role mapping', () => {
  it('reads a stored mapping: none, an object of texts, or not one', () => {
    expect(parseMapping('')).toBeUndefined();
    expect(parseMapping('{" eng ": "vip", "n": 10}')).toEqual({ eng: 'vip', n: '10' });
    expect(parseMapping('["vip"]')).toBeNull();
    expect(parseMapping('{"a": {"b": 1}}')).toBeNull();
    expect(parseMapping('{')).toBeNull();
  });

  it('names common and admin, never root', () => {
    expect(roleOfTarget(' Member ')).toBe(ROLE.common);
    expect(roleOfTarget('10')).toBe(ROLE.admin);
    expect(roleOfTarget('root')).toBeUndefined();
    expect(roleOfTarget('100')).toBeUndefined();
  });

  it('takes the first mapped value that exists; passes unmapped ones only with mapping_first', () => {
    const claims = { groups: ['interns', 'eng', 'svip'], org: { roles: 'staff, admin' } };
    const explicit = provider({ group_mapping: '{"interns":"nowhere","eng":"vip"}' });
    expect(mappedGroup(explicit, claims, exists)).toBe('vip');
    expect(mappedGroup(provider({}), claims, exists)).toBeUndefined();
    expect(mappedGroup(provider({ group_mapping_mode: 'mapping_first' }), claims, exists)).toBe(
      'svip',
    );
    expect(mappedRole(provider({}), claims)).toBeUndefined();
    expect(mappedRole(provider({ role_mapping_mode: 'mapping_first' }), claims)).toBe(ROLE.admin);
    expect(mappedRole(provider({ role_mapping: '{"staff":"common"}' }), claims)).toBe(ROLE.common);
    expect(mappedRole(provider({ role_field: '' }), claims)).toBeUndefined();
  });
});
