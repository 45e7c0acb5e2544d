import type { Kysely } from 'kysely';
import type { Database, LogRow } from '../db/schema.js';
import { filterConditions, type LogFilter } from './log-filter.js';
import { measureFromTotals } from './log-totals.js';
import { LOG_TYPE } from './log-writer.js';

export type { LogFilter } from './log-filter.js';

/**
 * Plain query functions over `logs`. Each takes the log database handle as its first argument: the logs
 * table may live in its own database (`LOG_SQL_DSN`), so nothing here joins other tables.
 */

type LogDb = Kysely<Database>;

/** What a count or Σ may read besides `logs`. */
export interface LogSources {
  /**
   * The database keeps hourly totals of `logs` (PostgreSQL, db/postgres-log-totals.ts): counts
   * and sums over whole hours with no user, token, channel or group filter are read from them.
   */
  totals?: boolean;
}

export interface LogPageRows {
  items: LogRow[];
  total: number;
}

/**
 * One page of matching logs, newest first, with the total count of matches. The page's ids are
 * found first and its rows read after: ordering the matches of a wide time range by id then sorts
 * ids read from an index, not whole rows (`other` and `content` included), which on millions of
 * rows is the difference between milliseconds and seconds (docs/log-performance.md). Two
 * statements rather than a subquery: MySQL refuses LIMIT inside `IN (…)`.
 */
export async function listLogs(
  db: LogDb,
  filter: LogFilter,
  offset: number,
  limit: number,
  sources: LogSources = {},
): Promise<LogPageRows> {
  const query = db.selectFrom('logs').where((where) => where.and(filterConditions(where, filter)));
  const [items, count] = await Promise.all([
    (async () => {
      const page = await query
        .select('id')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      if (page.length === 0) return [];
      return db
        .selectFrom('logs')
        .selectAll()
        .where(
          'id',
          'in',
          page.map((row) => row.id),
        )
        .orderBy('id', 'desc')
        .execute();
    })(),
    (async () => {
      const fromTotals = sources.totals ? await measureFromTotals(db, filter, 'count') : undefined;
      if (fromTotals !== undefined) return fromTotals;
      const row = await query
        .select((select) => select.fn.countAll<number | string>().as('total'))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    })(),
  ]);
  return { items, total: count };
}

/** Σ quota of the consume logs matching `filter` (time range included). */
export async function sumConsumeQuota(
  db: LogDb,
  filter: LogFilter,
  sources: LogSources = {},
): Promise<number> {
  // A filter on another type matches no consume log.
  if (filter.type && filter.type !== LOG_TYPE.consume) return 0;
  const consume = { ...filter, type: LOG_TYPE.consume };
  const fromTotals = sources.totals ? await measureFromTotals(db, consume, 'quota') : undefined;
  if (fromTotals !== undefined) return fromTotals;
  const row = await db
    .selectFrom('logs')
    .select((select) => select.fn.sum<number | string | null>('quota').as('quota'))
    .where((where) => where.and(filterConditions(where, consume)))
    .executeTakeFirst();
  return Number(row?.quota ?? 0);
}

/**
 * Request count and Σ(prompt + completion tokens) of the consume logs matching `filter` created at or
 * after `since` (the stat endpoints pass now − 60 s and drop the time range from the filter).
 */
export async function countRecentConsumption(
  db: LogDb,
  filter: LogFilter,
  since: number,
): Promise<{ requests: number; tokens: number }> {
  const row = await db
    .selectFrom('logs')
    .select((select) => [
      select.fn.countAll<number | string>().as('requests'),
      select.fn.sum<number | string | null>('prompt_tokens').as('prompt'),
      select.fn.sum<number | string | null>('completion_tokens').as('completion'),
    ])
    .where((where) =>
      where.and([
        ...filterConditions(where, filter),
        where('type', '=', LOG_TYPE.consume),
        where('created_at', '>=', since),
      ]),
    )
    .executeTakeFirst();
  return {
    requests: Number(row?.requests ?? 0),
    tokens: Number(row?.prompt ?? 0) + Number(row?.completion ?? 0),
  };
}

/**
 * Admin search: logs whose type equals `keyword` (when it is a number) or whose content starts with it;
 * the newest `limit`.
 */
export async function searchLogs(db: LogDb, keyword: string, limit: number): Promise<LogRow[]> {
  const type = /^-?\d{1,9}$/.test(keyword) ? Number(keyword) : undefined;
  return db
    .selectFrom('logs')
    .selectAll()
    .where((where) => {
      const matches = [where('content', 'like', `${keyword}%`)];
      if (type !== undefined) matches.push(where('type', '=', type));
      return where.or(matches);
    })
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A user's logs of one type, the newest `limit`. */
export async function listUserLogsOfType(
  db: LogDb,
  userId: number,
  type: number,
  limit: number,
): Promise<LogRow[]> {
  return db
    .selectFrom('logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The logs written for one token (by id), the newest `limit`. */
export async function listTokenLogs(db: LogDb, tokenId: number, limit: number): Promise<LogRow[]> {
  return db
    .selectFrom('logs')
    .selectAll()
    .where('token_id', '=', tokenId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How a batched delete paces itself. */
export interface BatchedDeleteSettings {
  /** Rows per statement: each statement holds its row locks for a few milliseconds only. */
  batchSize: number;
  /** Pause between statements, so writers (the ledger's group commit) get the table in between. */
  pauseMs?: number;
  /** Checked before each statement: a stopping server ends the run between batches. */
  stopped?: () => boolean;
}

/**
 * Deletes the logs created before `cutoff` (Unix seconds), oldest first, at most `batchSize` rows
 * per statement, so a table of millions of rows is never locked for long; answers how many rows
 * went. Each batch's ids come from the `created_at` index and are deleted by primary key: a
 * statement touches exactly those rows whatever order ids were written in (MySQL cannot delete
 * with a LIMIT subquery on the same table, hence two statements).
 */
export async function deleteLogsBefore(
  db: LogDb,
  cutoff: number,
  settings: BatchedDeleteSettings,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    if (settings.stopped?.()) return deleted;
    const batch = await db
      .selectFrom('logs')
      .select('id')
      .where('created_at', '<', cutoff)
      .orderBy('created_at')
      .limit(settings.batchSize)
      .execute();
    if (batch.length === 0) return deleted;
    const result = await db
      .deleteFrom('logs')
      .where(
        'id',
        'in',
        batch.map((row) => row.id),
      )
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (batch.length < settings.batchSize) return deleted;
    if (settings.pauseMs) await new Promise((resolve) => setTimeout(resolve, settings.pauseMs));
  }
}
