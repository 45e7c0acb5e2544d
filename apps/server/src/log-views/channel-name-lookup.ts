import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Names of the given channels, read from the main database (channels never live in the log database),
 * for the admin log list's `channel_name`. Unknown ids are absent from the map.
 */
export async function channelNamesById(
  db: Kysely<Database>,
  channelIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(channelIds.filter((id) => id > 0))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('channels')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name ?? '']));
}
