import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Counts one more invitee for an inviter and adds its reward (option `QuotaForInviter`, possibly 0) to
 * the inviter's pending invitation quota and to its all-time total; the inviter moves it into its
 * usable quota itself (`POST /api/user/aff_transfer`). Runs on the given database or transaction.
 */
export async function countInvitation(
  db: Kysely<Database>,
  inviterId: number,
  reward: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set((update) => ({
      aff_count: update.eb('aff_count', '+', 1),
      aff_quota: update.eb('aff_quota', '+', reward),
      aff_history: update.eb('aff_history', '+', reward),
    }))
    .where('id', '=', inviterId)
    .execute();
}
