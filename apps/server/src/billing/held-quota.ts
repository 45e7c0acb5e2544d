import type { Kysely } from 'kysely';
import type { Database, TokenRow, UserRow } from '../db/schema.js';

/**
 * Balances as their owners think of them: `users.quota` and `tokens.remain_quota` lack what is
 * held for calls in flight (`quota_holds`), which goes back or is charged within seconds. What
 * the console shows adds it back, so a balance does not flicker while calls run.
 */

async function heldBy(
  db: Kysely<Database>,
  column: 'user_id' | 'token_id',
  ids: number[],
): Promise<Map<number, number>> {
  const held = new Map<number, number>();
  const wanted = ids.filter((id) => id > 0);
  if (wanted.length === 0) return held;
  const rows = await db
    .selectFrom('quota_holds')
    .select([column, (select) => select.fn.sum<number | string>('amount').as('amount')])
    .where(column, 'in', wanted)
    .groupBy(column)
    .execute();
  for (const row of rows) held.set(Number(row[column]), Number(row.amount));
  return held;
}

/** Users with what is held for their calls in flight counted in `quota`. */
export async function withHeldUserQuota(
  db: Kysely<Database>,
  users: UserRow[],
): Promise<UserRow[]> {
  const held = await heldBy(
    db,
    'user_id',
    users.map((user) => user.id),
  );
  if (held.size === 0) return users;
  return users.map((user) =>
    held.has(user.id) ? { ...user, quota: Number(user.quota) + held.get(user.id)! } : user,
  );
}

/** Tokens with what is held for their calls in flight counted in `remain_quota`. */
export async function withHeldTokenQuota(
  db: Kysely<Database>,
  tokens: TokenRow[],
): Promise<TokenRow[]> {
  const held = await heldBy(
    db,
    'token_id',
    tokens.map((token) => token.id),
  );
  if (held.size === 0) return tokens;
  return tokens.map((token) =>
    held.has(token.id)
      ? { ...token, remain_quota: Number(token.remain_quota) + held.get(token.id)! }
      : token,
  );
}

/** What is held for `userId`'s calls in flight, on every process. */
export async function heldForUser(db: Kysely<Database>, userId: number): Promise<number> {
  return (await heldBy(db, 'user_id', [userId])).get(userId) ?? 0;
}
