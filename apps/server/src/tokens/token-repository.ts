import type { Kysely } from 'kysely';
import { insertReturningId, softDeleteTimestamp, type QueryTarget } from '../db/dialect-helpers.js';
import { columnContains } from '../db/like-pattern.js';
import type { Database, NewToken, TokenRow, TokenUpdate } from '../db/schema.js';

/**
 * Plain query functions over `tokens`. Every read and write is scoped to the owner (`user_id`) and skips
 * soft-deleted rows, so another user's token simply does not exist.
 */

type Db = Kysely<Database>;

/** One page of the owner's tokens, newest first. */
export async function listUserTokens(
  db: Db,
  userId: number,
  offset: number,
  limit: number,
): Promise<TokenRow[]> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export interface TokenSearch {
  /** Part of the name; '' = any. */
  keyword: string;
  /** Part of the key (without `sk-`); '' = any. */
  keyFragment: string;
}

/** The owner's tokens whose name and key contain the given texts, newest first. */
export async function searchUserTokens(
  db: Db,
  userId: number,
  search: TokenSearch,
  limit: number,
): Promise<TokenRow[]> {
  let query = db
    .selectFrom('tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (search.keyword !== '') {
    query = query.where(columnContains('name', search.keyword));
  }
  if (search.keyFragment !== '') {
    query = query.where(columnContains('key', search.keyFragment));
  }
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export async function findUserToken(
  db: Db,
  userId: number,
  id: number,
): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A live token by its key (without `sk-`), whoever owns it. */
export async function findTokenByKey(db: Db, key: string): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertToken(target: QueryTarget, token: NewToken): Promise<number> {
  return insertReturningId(target, 'tokens', token);
}

/** Writes the given columns of an own, live token; returns whether a row was changed. */
export async function updateUserToken(
  db: Db,
  userId: number,
  id: number,
  values: TokenUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('tokens')
    .set(values)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks an own token deleted (GORM soft delete); returns whether it existed. */
export async function softDeleteUserToken(
  target: QueryTarget,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await target.db
    .updateTable('tokens')
    .set({ deleted_at: softDeleteTimestamp(target.dialect) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A live token by id, whoever owns it (root's key reveal). */
export async function findLiveToken(db: Db, id: number): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The owner's live tokens among `ids` (others' and unknown ids are left out). */
export async function findUserTokensByIds(
  db: Db,
  userId: number,
  ids: readonly number[],
): Promise<TokenRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Marks the owner's live tokens among `ids` deleted; returns how many were. */
export async function softDeleteUserTokens(
  target: QueryTarget,
  userId: number,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await target.db
    .updateTable('tokens')
    .set({ deleted_at: softDeleteTimestamp(target.dialect) })
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
