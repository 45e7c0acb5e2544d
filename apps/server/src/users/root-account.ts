import { ROLE, USER_STATUS } from '@tollgate/contracts';
import type { DatabaseHandle } from '../db/open-database.js';
import { randomAlphanumeric } from '../lib/random.js';
import { insertUser } from './user-repository.js';

/** The root account's starting balance, as new-api's setup gives it. */
export const ROOT_INITIAL_QUOTA = 100_000_000;

/** The first live root account, if any. */
export async function findLiveRoot(
  db: DatabaseHandle['db'],
): Promise<{ id: number; username: string | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', ROLE.root)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Inserts the root account the way the setup wizard does (role 100, enabled, "Root User",
 * the initial quota, group `default`); `passwordHash` comes from `hashPassword`.
 */
export async function insertRootUser(
  handle: DatabaseHandle,
  username: string,
  passwordHash: string,
): Promise<number> {
  return insertUser(handle, {
    username,
    password: passwordHash,
    display_name: 'Root User',
    role: ROLE.root,
    status: USER_STATUS.enabled,
    quota: ROOT_INITIAL_QUOTA,
    group: 'default',
    aff_code: randomAlphanumeric(4),
    inviter_id: 0,
  });
}
