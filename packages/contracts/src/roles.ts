/** User roles; a guard compares with `>=`, so higher roles include lower ones. */
export const ROLE = Object.freeze({ guest: 0, common: 1, admin: 10, root: 100 });

/** User account status. `3` existed in one-api ("deleted") and has no meaning now. */
export const USER_STATUS = Object.freeze({ enabled: 1, disabled: 2 });

export function isAdminRole(role: number): boolean {
  return role >= ROLE.admin;
}

export function isRootRole(role: number): boolean {
  return role >= ROLE.root;
}
