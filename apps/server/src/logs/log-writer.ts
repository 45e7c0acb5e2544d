import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Log row types (`logs.type`). */
export const LOG_TYPE = Object.freeze({ unknown: 0, topUp: 1, consume: 2, manage: 3, system: 4 });

export interface AccountLog {
  userId: number;
  username?: string;
  type: number;
  content: string;
}

/**
 * Writes a non-consumption log row (top-up, admin action, system event) into `logDb`: the log
 * database (`AppContext.logDatabase`), which is the main one unless LOG_SQL_DSN names another.
 */
export async function recordAccountLog(logDb: Kysely<Database>, log: AccountLog): Promise<void> {
  await logDb
    .insertInto('logs')
    .values({
      user_id: log.userId,
      username: log.username ?? '',
      type: log.type,
      content: log.content,
      created_at: Math.floor(Date.now() / 1000),
      token_name: '',
      model_name: '',
      quota: 0,
      prompt_tokens: 0,
      completion_tokens: 0,
      use_time: 0,
      is_stream: false,
      channel_id: 0,
      token_id: 0,
      group: '',
      other: '',
    })
    .execute();
}
