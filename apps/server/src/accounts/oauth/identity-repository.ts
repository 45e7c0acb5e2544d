/** Queries over the users' third-party identity columns (`github_id`, `oidc_id`, ...). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  IdentityAccountKind,
  IdentityColumn,
  IdentityHolder,
  IdentityStore,
} from './identity-providers.js';

type Db = Kysely<Database>;

export type { IdentityHolder };

/** The store of a kind: its own, or its users column. */
export function identityStore(kind: IdentityAccountKind): IdentityStore {
  if (kind.store) return kind.store;
  const column = kind.column;
  if (!column) throw new Error(`identity kind ${kind.key} has neither a store nor a column`);
  return {
    holders: (db, identityId) => findIdentityHolders(db, column, identityId),
    attach: (db, userId, identityId) => setIdentity(db, userId, column, identityId),
  };
}

/**
 * Every account (deregistered ones included) whose `column` holds `identityId`, oldest first.
 * More than one happens only in databases where two sign-ups raced under new-api.
 */
export async function findIdentityHolders(
  db: Db,
  column: IdentityColumn,
  identityId: string,
): Promise<IdentityHolder[]> {
  if (identityId === '') return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'deleted_at'])
    .where(column, '=', identityId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, deleted_at: row.deleted_at ?? null }));
}

/** Writes `identityId` into `column` of a live account; false when there is no such account. */
export async function setIdentity(
  db: Db,
  userId: number,
  column: IdentityColumn,
  identityId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ [column]: identityId })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The highest user id (deregistered accounts included), 0 in an empty table. */
export async function maxUserId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((select) => select.fn.max('id').as('max_id'))
    .executeTakeFirst();
  return Number(row?.max_id ?? 0);
}

/** Whether any account (deregistered ones included) has this invite code. */
export async function affCodeTaken(db: Db, affCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('aff_code', '=', affCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any account (deregistered ones included) uses this email address. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}
