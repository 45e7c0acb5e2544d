import { ROLE } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { isAdmin, isRoot, roles } from './stored-user';

describe('roles', () => {
  it('match the shared contracts', () => {
    expect(roles).toEqual({ common: ROLE.common, admin: ROLE.admin, root: ROLE.root });
  });
  it('treat 10 and above as admin, 100 and above as root', () => {
    const user = (role: number) => ({ id: 1, username: 'u', role });
    expect(isAdmin(user(1))).toBe(false);
    expect(isAdmin(user(10))).toBe(true);
    expect(isRoot(user(10))).toBe(false);
    expect(isRoot(user(100))).toBe(true);
    expect(isAdmin(null)).toBe(false);
  });
});
