import { ROLE } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { heldForUser } from '../billing/held-quota.js';
import type { Database } from '../db/schema.js';
import { readUserSetting } from '../accounts/user-setting.js';
import type { Recipient } from './notify-user.js';

/** Plain queries for notifications; each runs only when a notification may be sent. */

type Db = Kysely<Database>;

/** A live user as a recipient, with the whole balance: stored quota plus what calls hold. */
export async function findRecipientWithBalance(
  db: Db,
  userId: number,
): Promise<(Recipient & { balance: number }) | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'setting', 'quota'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email ?? '',
    setting: readUserSetting(row.setting),
    balance: Number(row.quota) + (await heldForUser(db, userId)),
  };
}

/** The root user (the first live user with role 100), who receives channel alerts. */
export async function findRootRecipient(db: Db): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'setting'])
    .where('role', '=', ROLE.root)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, email: row.email ?? '', setting: readUserSetting(row.setting) };
}

export async function findChannelName(db: Db, channelId: number): Promise<string> {
  const row = await db
    .selectFrom('channels')
    .select('name')
    .where('id', '=', channelId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** A live user as a recipient (no balance read). */
export async function findRecipient(db: Db, userId: number): Promise<Recipient | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'setting'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, email: row.email ?? '', setting: readUserSetting(row.setting) };
}

export async function findTokenName(db: Db, tokenId: number): Promise<string> {
  const row = await db
    .selectFrom('tokens')
    .select('name')
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return row?.name ?? '';
}
