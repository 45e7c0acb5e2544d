import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { LogRow } from './log-insert-statement.js';

/** Log row types (`logs.type`). */
export const LOG_TYPE = Object.freeze({
  unknown: 0,
  topUp: 1,
  consume: 2,
  manage: 3,
  system: 4,
  /** A call refused (new-api's error log type): usage limit refusals. */
  error: 5,
});

export interface AccountLog {
  userId: number;
  username?: string;
  type: number;
  content: string;
}

/**
 * A log row that charges nothing (a top-up, an admin action, a system event): the account, what
 * happened, when (unix seconds) and, where one is concerned, the token; every call-related column
 * empty.
 */
export function accountLogRow(log: AccountLog & { createdAt: number; tokenId?: number }): LogRow {
  return {
    user_id: log.userId,
    username: log.username ?? '',
    created_at: log.createdAt,
    type: log.type,
    content: log.content,
    prompt_tokens: 0,
    completion_tokens: 0,
    token_name: '',
    model_name: '',
    quota: 0,
    channel_id: 0,
    token_id: log.tokenId ?? 0,
    use_time: 0,
    is_stream: false,
    group: '',
    other: '',
  };
}

/**
 * Writes a non-consumption log row (top-up, admin action, system event) into `logDb`: the log
 * database (`AppContext.logDatabase`), which is the main one unless LOG_SQL_DSN names another.
 */
export async function recordAccountLog(logDb: Kysely<Database>, log: AccountLog): Promise<void> {
  await logDb
    .insertInto('logs')
    .values(accountLogRow({ ...log, createdAt: Math.floor(Date.now() / 1000) }))
    .execute();
}
