import { accessTokenLookupValues, accessTokenMatches } from '../accounts/access-tokens.js';
import { usernameKey } from './username-rules.js';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { columnContainsIgnoringCase } from '../db/like-pattern.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { insertReturningId, softDeleteTimestamp, type QueryTarget } from '../db/dialect-helpers.js';

/** Plain query functions over `users`; soft-deleted rows are excluded unless the name says otherwise. */

type Db = Kysely<Database>;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserByIdIncludingDeleted(
  db: Db,
  id: number,
): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The live user whose system access token is `presented` (stored hashed, or plain by new-api). */
export async function findUserByAccessToken(
  db: Db,
  presented: string,
): Promise<UserRow | undefined> {
  const candidates = accessTokenLookupValues(presented);
  if (!candidates) return undefined;
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('access_token', 'in', candidates)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return user?.access_token && accessTokenMatches(user.access_token, presented) ? user : undefined;
}

/** The live (not deregistered) account named exactly `username`. */
export async function findLiveUserByUsername(
  db: Db,
  username: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Login accepts the username or the email address. */
export async function findUserForLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((where) => where.or([where('username', '=', login), where('email', '=', login)]))
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Whether another account (deleted ones included) has a name that looks like this one (the same
 * `usernameKey`). One indexed read; rows new-api wrote get their key at start-up.
 */
export async function similarUsernameTaken(
  db: Db,
  username: string,
  exceptUserId = 0,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', usernameKey(username))
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes a username, with its look-alike key. */
export async function renameUser(db: Db, id: number, username: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ username, username_key: usernameKey(username) })
    .where('id', '=', id)
    .execute();
}

/**
 * Fills `username_key` for rows written before it existed (by new-api), a few hundred rows per
 * statement batch; answers how many rows it filled.
 */
export async function fillMissingUsernameKeys(db: Db, batchSize = 500): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username_key', 'is', null)
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return filled;
    await db.transaction().execute(async (transaction) => {
      for (const row of rows) {
        await transaction
          .updateTable('users')
          .set({ username_key: usernameKey(row.username ?? '') })
          .where('id', '=', row.id)
          .execute();
      }
    });
    filled += rows.length;
  }
}

/** Uniqueness checks include soft-deleted accounts, so a deregistered name is not reused. */
export async function usernameTaken(db: Db, username: string, exceptUserId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserIdByAffCode(db: Db, affCode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('aff_code', '=', affCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

export interface NewUser {
  username: string;
  password: string;
  display_name: string;
  role: number;
  status: number;
  quota: number;
  group: string;
  aff_code: string;
  inviter_id: number;
  email?: string;
  /** JSON usage limits (NULL = none). */
  limits?: string | null;
}

export async function insertUser(handle: DatabaseHandle, user: NewUser): Promise<number> {
  return insertReturningId(handle, 'users', {
    username: user.username,
    password: user.password,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    email: user.email ?? '',
    quota: user.quota,
    used_quota: 0,
    request_count: 0,
    group: user.group,
    aff_code: user.aff_code,
    aff_count: 0,
    aff_quota: 0,
    aff_history: 0,
    inviter_id: user.inviter_id,
    username_key: usernameKey(user.username),
    limits: user.limits ?? null,
    github_id: '',
    oidc_id: '',
    wechat_id: '',
    telegram_id: '',
    linux_do_id: '',
    discord_id: '',
    setting: '',
  });
}

export interface UserPage {
  items: UserRow[];
  total: number;
}

export interface UserSearch {
  keyword?: string;
  group?: string;
}

/** Lists users newest first, including soft-deleted ones (shown as deregistered). */
export async function listUsers(
  db: Db,
  search: UserSearch,
  offset: number,
  limit: number,
): Promise<UserPage> {
  let query = db.selectFrom('users');
  const keyword = search.keyword?.trim();
  if (keyword) {
    query = query.where((where) => {
      const matches = [
        columnContainsIgnoringCase('username', keyword),
        columnContainsIgnoringCase('email', keyword),
        columnContainsIgnoringCase('display_name', keyword),
      ];
      if (/^\d+$/.test(keyword) && Number(keyword) <= 2_147_483_647) {
        matches.push(where('id', '=', Number(keyword)));
      }
      return where.or(matches);
    });
  }
  if (search.group?.trim()) query = query.where('group', '=', search.group.trim());
  const [items, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    query.select((select) => select.fn.countAll<number | string>().as('total')).executeTakeFirst(),
  ]);
  return { items, total: Number(count?.total ?? 0) };
}

export async function updateUserColumns(
  db: Db,
  id: number,
  values: Partial<Omit<UserRow, 'id'>>,
): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Ends every session of the user (see `users.session_version`). */
export async function endSessions(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ session_version: sql`session_version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Sets a new password hash and ends every session of the user, in one statement. */
export async function setPasswordAndEndSessions(
  db: Db,
  id: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password: passwordHash, session_version: sql`session_version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Whether a session that started at `version` is still valid for `user`. */
export function sessionIsCurrent(user: UserRow, version: number | undefined): boolean {
  return Number(user.session_version ?? 0) === (version ?? 0);
}

/**
 * Sets a user's whole balance to `total`: the stored quota becomes `total` less what is held for
 * the user's calls in flight, in one statement, so no charge or release can slip in between.
 */
export async function setUserBalance(db: Db, id: number, total: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      quota: sql`${total} - (select coalesce(sum(amount), 0) from quota_holds where user_id = ${id})`,
    })
    .where('id', '=', id)
    .execute();
}

/** Adds (or, with a negative delta, removes) quota atomically in the database. */
export async function addUserQuota(db: Db, id: number, delta: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ quota: sql`quota + ${delta}` })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves `quota` from the invitation reward into the balance in one conditional statement: two
 * transfers at once can never take the reward below zero. False when the reward is short (or the
 * user is gone).
 */
export async function moveAffQuotaToQuota(db: Db, id: number, quota: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ aff_quota: sql`aff_quota - ${quota}`, quota: sql`quota + ${quota}` })
    .where('id', '=', id)
    .where('aff_quota', '>=', quota)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks the user deleted the way GORM does (a UTC date-time in `deleted_at`). */
export async function softDeleteUser(target: QueryTarget, id: number): Promise<void> {
  await target.db
    .updateTable('users')
    .set({ deleted_at: softDeleteTimestamp(target.dialect) })
    .where('id', '=', id)
    .execute();
}

export async function hardDeleteUser(db: Db, id: number): Promise<number> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether an account (deregistered ones included) other than `exceptUserId` uses the address. */
export async function emailTaken(db: Db, email: string, exceptUserId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ids of the live (not deregistered) accounts using the address. */
export async function findLiveUserIdsByEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Sets the password hash of every live account using the address and ends their sessions;
 * returns their ids.
 */
export async function setPasswordByEmail(
  db: Db,
  email: string,
  passwordHash: string,
): Promise<number[]> {
  const ids = await findLiveUserIdsByEmail(db, email);
  if (ids.length === 0) return [];
  await db
    .updateTable('users')
    .set({ password: passwordHash, session_version: sql`session_version + 1` })
    .where('id', 'in', ids)
    .execute();
  return ids;
}
