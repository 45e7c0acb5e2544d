import { ROLE } from '@tollgate/contracts';
import type { DatabaseHandle } from '../db/open-database.js';

/** Whether the first-run wizard has been completed; cached because /api/status asks on every load. */
export interface SetupState {
  done: boolean;
}

/**
 * Decides the setup flag at start (reference §8.9): a `setups` row means done; a database that has
 * a root user but no `setups` row (an adopted one-api/new-api database) is marked done by inserting one.
 */
export async function loadSetupState(handle: DatabaseHandle, version: string): Promise<SetupState> {
  const { db } = handle;
  const row = await db.selectFrom('setups').select('id').limit(1).executeTakeFirst();
  if (row) return { done: true };
  const root = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', ROLE.root)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!root) return { done: false };
  await recordSetup(db, version);
  return { done: true };
}

/** Writes the `setups` row that marks the first-run setup done. */
export async function recordSetup(db: DatabaseHandle['db'], version: string): Promise<void> {
  await db
    .insertInto('setups')
    .values({ version, initialized_at: Math.floor(Date.now() / 1000) })
    .execute();
}
