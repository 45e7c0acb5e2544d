/**
 * A returning account brought up to date by an external sign-in (`jwt_direct`, `trusted_header`),
 * as the provider's `sync_*_on_login` switches ask: its username, display name, email, group and
 * role become what the provider now says. A value that would break a rule is skipped, never
 * forced: a username another account holds or the username rules refuse, an email another account
 * uses or one the provider does not vouch for, a group that is not priced (the mapping already
 * left it out). A role changes only between common and admin: root is never made nor unmade.
 */
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, ROLE } from '@tollgate/contracts';
import { emailTaken } from '../accounts/oauth/identity-repository.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { CustomOAuthProviderRow, UserRow } from '../db/schema.js';
import type { MappedIdentity } from './custom-oauth-account-service.js';
import type { OAuthAccountDeps } from './oauth-account-service.js';
import * as users from './user-repository.js';
import { acceptableUsername } from './user-rules.js';

/** The account after the sync: the same row when nothing changed, else the row read again. */
export async function syncOnLogin(
  deps: OAuthAccountDeps,
  provider: CustomOAuthProviderRow,
  user: UserRow,
  mapped: MappedIdentity,
): Promise<UserRow> {
  const { db } = deps.database;
  const { identity } = mapped;
  const changes: Partial<Omit<UserRow, 'id'>> = {};

  if (provider.sync_username_on_login && identity.preferredUsername) {
    const username = await acceptableUsername(db, identity.preferredUsername, user.id).catch(
      () => undefined,
    );
    if (username && username !== user.username) changes.username = username;
  }
  if (provider.sync_display_name_on_login && identity.displayName) {
    const name = [...identity.displayName.trim()].slice(0, DISPLAY_NAME_MAX_LENGTH).join('');
    if (name !== '' && name !== user.display_name) changes.display_name = name;
  }
  if (provider.sync_email_on_login && identity.email && mapped.emailTrusted) {
    const email = identity.email.trim();
    const plausible =
      [...email].length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
    if (plausible && email !== user.email && !(await emailTaken(db, email))) {
      changes.email = email;
    }
  }
  if (provider.sync_group_on_login && identity.group && identity.group !== user.group) {
    changes.group = identity.group;
  }
  const syncableRole = user.role === ROLE.common || user.role === ROLE.admin;
  if (
    provider.sync_role_on_login &&
    identity.role !== undefined &&
    syncableRole &&
    identity.role !== user.role
  ) {
    changes.role = identity.role;
  }

  if (Object.keys(changes).length === 0) return user;
  try {
    await users.updateUserColumns(db, user.id, changes);
  } catch (error) {
    // The username or email was taken at the same moment: the sign-in goes on unsynced.
    if (isUniqueViolation(error)) return user;
    throw error;
  }
  return (await users.findUserById(db, user.id)) ?? user;
}
