import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { columnContains } from '../db/like-pattern.js';
import type { Database } from '../db/schema.js';

/** Row filters shared by the list and stat queries; absent / empty / 0 values do not filter. */
export interface LogFilter {
  userId?: number;
  /** 0 = every type. */
  type?: number;
  /** Unix seconds, inclusive; 0 = unbounded. */
  startTimestamp?: number;
  endTimestamp?: number;
  /** Exact. */
  username?: string;
  /** Exact. */
  tokenName?: string;
  /** SQL LIKE pattern, used as given (the reference's rule: `gpt-4%` matches a family). */
  modelNamePattern?: string;
  channelId?: number;
  /** Exact. */
  group?: string;
  /**
   * Rows whose `other` JSON carries `"limit_refusal":"<code>"` (the error logs of calls a limit
   * refused); `any` = any code. A LIKE on the text as the server writes it (JSON.stringify, no
   * spaces), its wildcards escaped: the column is text on every dialect, not JSON.
   */
  limitRefusal?: string;
  /** Rows whose `other` carries `"cache_hit":true`: calls answered by the response cache. */
  cacheHit?: boolean;
  /** Rows whose `other` carries `"fallback_from":"…"`: calls a model fallback answered. */
  fallback?: boolean;
}

/**
 * The texts the cache and fallback filters look for in `other`, written by JSON.stringify (no
 * spaces). Inside a JSON string value a quote is escaped, so these match only the keys.
 */
export const CACHE_HIT_TEXT = '"cache_hit":true';
export const FALLBACK_TEXT = '"fallback_from":"';

/** The text a refusal's `other` contains: the whole `"limit_refusal":"<code>"`, or its start for `any`. */
export function limitRefusalText(filter: string): string {
  return filter === 'any' ? '"limit_refusal":"' : `"limit_refusal":"${filter}"`;
}

/** The WHERE conditions of `filter` on `logs`. */
export function filterConditions(
  where: ExpressionBuilder<Database, 'logs'>,
  filter: LogFilter,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.userId !== undefined) conditions.push(where('user_id', '=', filter.userId));
  if (filter.type) conditions.push(where('type', '=', filter.type));
  if (filter.startTimestamp) conditions.push(where('created_at', '>=', filter.startTimestamp));
  if (filter.endTimestamp) conditions.push(where('created_at', '<=', filter.endTimestamp));
  if (filter.username) conditions.push(where('username', '=', filter.username));
  if (filter.tokenName) conditions.push(where('token_name', '=', filter.tokenName));
  if (filter.modelNamePattern)
    conditions.push(where('model_name', 'like', filter.modelNamePattern));
  if (filter.channelId) conditions.push(where('channel_id', '=', filter.channelId));
  if (filter.group) conditions.push(where('group', '=', filter.group));
  if (filter.limitRefusal) {
    conditions.push(columnContains('other', limitRefusalText(filter.limitRefusal)));
  }
  if (filter.cacheHit) conditions.push(columnContains('other', CACHE_HIT_TEXT));
  if (filter.fallback) conditions.push(columnContains('other', FALLBACK_TEXT));
  return conditions;
}
