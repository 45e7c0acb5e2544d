import type { UpdateSelfRequest } from '@tollgate/contracts';

/** Minimum length of a new password (as on registration; the server checks it again). */
export const minimumProfilePasswordLength = 8;

/** The own-profile form at `/user/edit`. */
export interface ProfileFields {
  username: string;
  display_name: string;
  /** The new password; empty keeps the current one. */
  password: string;
  /** The current password: the server wants it with a new one unless the account has none. */
  original_password: string;
}

export type ProfileProblem = 'usernameRequired' | 'passwordTooShort';

export type ProfileChange =
  | { ok: true; request: UpdateSelfRequest }
  | { ok: false; field: keyof ProfileFields; problem: ProfileProblem };

/**
 * The `PUT /api/user/self` body for the own-profile form, or the first problem with it. Username
 * and display name are always sent; the password pair only when a new password is typed, so an
 * empty password field leaves the password (and the signed-in sessions) as they are.
 */
export function profileChangeRequest(fields: Partial<ProfileFields>): ProfileChange {
  const username = (fields.username ?? '').trim();
  const password = fields.password ?? '';
  if (username === '') return { ok: false, field: 'username', problem: 'usernameRequired' };
  if (password !== '' && password.length < minimumProfilePasswordLength) {
    return { ok: false, field: 'password', problem: 'passwordTooShort' };
  }
  const request: UpdateSelfRequest = { username, display_name: fields.display_name ?? '' };
  if (password !== '') {
    request.password = password;
    request.original_password = fields.original_password ?? '';
  }
  return { ok: true, request };
}
