import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Plain query functions over `quota_data`, the hourly dashboard buckets (main database).
 *
 * The table has no unique key over (user_id, username, model_name, created_at), so two nodes flushing
 * the same new hour may each insert a row. Reads therefore sum rows of the same bucket, which gives the
 * right totals either way.
 */

type Db = Kysely<Database>;

/** One bucket's totals. `id` is the lowest id of the rows summed; 0 for cross-user totals. */
export interface QuotaDataTotals {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
  /** Calls answered by the response cache. */
  cache_hits: number;
  /** Σ quota those hits did not charge. */
  cache_saved_quota: number;
}

/** The amounts one flush adds to a bucket. */
export interface QuotaBucketDelta {
  userId: number;
  username: string;
  modelName: string;
  /** Start of the hour, unix seconds. */
  hour: number;
  tokenUsed: number;
  count: number;
  quota: number;
  cacheHits: number;
  cacheSavedQuota: number;
}

type UserScope = { userId: number } | { username: string };

/**
 * The usage columns of a bucket query, summed over the rows grouped (the database answers a sum as
 * a number or a numeric string).
 */
function usageSums(select: ExpressionBuilder<Database, 'quota_data'>) {
  return [
    select.fn.sum<number | string>('token_used').as('token_used'),
    select.fn.sum<number | string>('count').as('count'),
    select.fn.sum<number | string>('quota').as('quota'),
    select.fn.sum<number | string>('cache_hits').as('cache_hits'),
    select.fn.sum<number | string>('cache_saved_quota').as('cache_saved_quota'),
  ] as const;
}

/** A user's buckets in [start, end] (inclusive), oldest first; by id or by exact username. */
export async function listUserQuotaData(
  db: Db,
  scope: UserScope,
  startTimestamp: number,
  endTimestamp: number,
): Promise<QuotaDataTotals[]> {
  let query = db
    .selectFrom('quota_data')
    .select((select) => [
      select.fn.min<number>('id').as('id'),
      'user_id',
      'username',
      'model_name',
      'created_at',
      ...usageSums(select),
    ])
    .where('created_at', '>=', startTimestamp)
    .where('created_at', '<=', endTimestamp);
  query =
    'userId' in scope
      ? query.where('user_id', '=', scope.userId)
      : query.where('username', '=', scope.username);
  const rows = await query
    .groupBy(['user_id', 'username', 'model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    user_id: Number(row.user_id),
    username: row.username ?? '',
    model_name: row.model_name ?? '',
    created_at: Number(row.created_at),
    token_used: Number(row.token_used ?? 0),
    count: Number(row.count ?? 0),
    quota: Number(row.quota ?? 0),
    cache_hits: Number(row.cache_hits ?? 0),
    cache_saved_quota: Number(row.cache_saved_quota ?? 0),
  }));
}

/** Every user's buckets in [start, end] summed per (model, hour), oldest first. */
export async function sumQuotaDataByModelAndHour(
  db: Db,
  startTimestamp: number,
  endTimestamp: number,
): Promise<QuotaDataTotals[]> {
  const rows = await db
    .selectFrom('quota_data')
    .select((select) => ['model_name', 'created_at', ...usageSums(select)])
    .where('created_at', '>=', startTimestamp)
    .where('created_at', '<=', endTimestamp)
    .groupBy(['model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
    .execute();
  return rows.map((row) => ({
    id: 0,
    user_id: 0,
    username: '',
    model_name: row.model_name ?? '',
    created_at: Number(row.created_at),
    token_used: Number(row.token_used ?? 0),
    count: Number(row.count ?? 0),
    quota: Number(row.quota ?? 0),
    cache_hits: Number(row.cache_hits ?? 0),
    cache_saved_quota: Number(row.cache_saved_quota ?? 0),
  }));
}

/**
 * Adds `delta` to its bucket: an atomic `col = col + n` update of the bucket's (first) row, or an insert
 * when the hour has no row yet. Only one row is updated, so a duplicate row never doubles an amount.
 * Run inside a transaction so a flush lands whole or not at all.
 */
export async function addToQuotaBucket(db: Db, delta: QuotaBucketDelta): Promise<void> {
  const existing = await db
    .selectFrom('quota_data')
    .select('id')
    .where('user_id', '=', delta.userId)
    .where('username', '=', delta.username)
    .where('model_name', '=', delta.modelName)
    .where('created_at', '=', delta.hour)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('quota_data')
      .set((update) => ({
        token_used: update('token_used', '+', delta.tokenUsed),
        count: update('count', '+', delta.count),
        quota: update('quota', '+', delta.quota),
        cache_hits: update('cache_hits', '+', delta.cacheHits),
        cache_saved_quota: update('cache_saved_quota', '+', delta.cacheSavedQuota),
      }))
      .where('id', '=', existing.id)
      .execute();
    return;
  }
  await db
    .insertInto('quota_data')
    .values({
      user_id: delta.userId,
      username: delta.username,
      model_name: delta.modelName,
      created_at: delta.hour,
      token_used: delta.tokenUsed,
      count: delta.count,
      quota: delta.quota,
      cache_hits: delta.cacheHits,
      cache_saved_quota: delta.cacheSavedQuota,
    })
    .execute();
}
