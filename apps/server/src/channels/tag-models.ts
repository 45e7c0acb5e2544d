import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { failure } from '../errors/app-error.js';

/**
 * `GET /api/channel/tag/models?tag=` (new-api 1.0): the model list (comma text, as stored) of the
 * tag's channel with the most models, so the tag editor can start from it. The first such channel
 * by id wins a tie; '' when the tag has no channel or none has models.
 */
export async function longestTagModelList(db: Kysely<Database>, tag: string): Promise<string> {
  const wanted = tag.trim();
  if (wanted === '') throw failure('tag不能为空');
  const rows = await db
    .selectFrom('channels')
    .select('models')
    .where('tag', '=', wanted)
    .orderBy('id')
    .execute();
  return longestModelList(rows.map((row) => row.models ?? ''));
}

/** The list with the most comma-separated names ('' lists none). */
export function longestModelList(lists: readonly string[]): string {
  let longest = '';
  let longestCount = 0;
  for (const list of lists) {
    if (list.trim() === '') continue;
    const count = list.split(',').length;
    if (count > longestCount) {
      longest = list;
      longestCount = count;
    }
  }
  return longest;
}
