import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Adds `quota` to a live user's balance in the database (`quota = quota + n`, so charges settled
 * meanwhile are kept): a paid top-up, a redeemed code. Returns whether the user was credited
 * (false when the user is gone, so the caller can undo what the credit was for).
 */
export async function creditUserQuota(
  db: Kysely<Database>,
  userId: number,
  quota: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ quota: sql`quota + ${quota}` })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
