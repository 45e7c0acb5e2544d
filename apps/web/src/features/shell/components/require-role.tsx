import type { ReactNode } from 'react';
import { isAdmin, isRoot, useStoredUser } from '../../../session/stored-user';

/** The role a screen needs: admin (role 10 and above) or root (role 100 and above). */
export type RequiredRole = 'admin' | 'root';

interface RequireRoleProps {
  role: RequiredRole;
  /** What a user below `role` gets instead: the 403 page, or a redirect. */
  refusal: ReactNode;
  children: ReactNode;
}

/**
 * Mounts `children` only for a stored user holding `role`. The decision comes before the screen
 * mounts (its chunk is not even loaded), so a refused screen never asks the server anything: its
 * calls would be refused with the server's own "no permission" toast over the refusal.
 * Signed-out users are not its business; the routes it wraps sit under `RequireUser`.
 */
export function RequireRole({ role, refusal, children }: RequireRoleProps) {
  const user = useStoredUser();
  const allowed = role === 'root' ? isRoot(user) : isAdmin(user);
  return allowed ? children : refusal;
}
