/** A profile edit, by its owner or by an admin: validated alike, written as the same columns. */
import { hashPassword } from '../accounts/passwords.js';
import type { UserRow } from '../db/schema.js';
import { validateProfile } from './user-rules.js';
import { normalizeUsername, usernameKey } from './username-rules.js';

export interface ProfileChange {
  /** The normalised new username; undefined keeps the current one. */
  username: string | undefined;
  display_name: string | undefined;
  /** The new password; '' keeps the current one. */
  password: string;
}

/** The request's username, display name and password, checked as on registration. */
export function validatedProfileChange(request: {
  username?: string;
  display_name?: string;
  password?: string;
}): ProfileChange {
  const username = request.username === undefined ? undefined : normalizeUsername(request.username);
  const password = request.password ?? '';
  validateProfile({
    username,
    display_name: request.display_name,
    password: password === '' ? undefined : password,
  });
  return { username, display_name: request.display_name, password };
}

/** The columns a change writes: the username with its lookup key, the password hashed. */
export async function profileColumns(change: ProfileChange): Promise<Partial<UserRow>> {
  const values: Partial<UserRow> = {};
  if (change.username !== undefined) {
    values.username = change.username;
    values.username_key = usernameKey(change.username);
  }
  if (change.display_name !== undefined) values.display_name = change.display_name;
  if (change.password !== '') values.password = await hashPassword(change.password);
  return values;
}
