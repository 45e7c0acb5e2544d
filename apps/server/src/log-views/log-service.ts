import {
  LOG_ADMIN_PAGE_SIZE_MAX,
  LOG_PAGE_SIZE_DEFAULT,
  LOG_SEARCH_LIMIT,
  LOG_SELF_PAGE_SIZE_MAX,
  LOG_TOKEN_LOOKUP_LIMIT,
  type AdminLogQuery,
  type LogEntry,
  type LogPage,
  type LogStat,
  type SelfLogQuery,
} from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { Database } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { findTokenByKey } from '../tokens/token-repository.js';
import { channelNamesById } from './channel-name-lookup.js';
import { logRowToAdminDto, logRowToUserDto } from './log-dto.js';
import * as logs from '../logs/log-repository.js';

/** The two databases the log views read: logs may be kept apart from everything else. */
export interface LogServiceDeps {
  /** Main database (channels, tokens). */
  db: Kysely<Database>;
  /** Database holding `logs` (the main one unless `LOG_SQL_DSN` separates them). */
  logDb: Kysely<Database>;
  /** Whether the log database keeps hourly totals (db/postgres-log-totals.ts); default no. */
  logTotals?: () => Promise<boolean>;
}

async function sourcesOf(deps: LogServiceDeps): Promise<logs.LogSources> {
  return { totals: (await deps.logTotals?.()) ?? false };
}

/** Rows deleted per statement when clearing old logs. */
export const LOG_DELETE_BATCH_SIZE = 1000;
/** The rpm / tpm window of the stat endpoints. */
const RECENT_WINDOW_SECONDS = 60;
/** Keeps the offset a sane number however large `p` is. */
const MAX_PAGE_NUMBER = 1_000_000;

function pageOf(p: number, pageSize: number, maxPageSize: number) {
  const page = Math.min(Math.max(p, 1), MAX_PAGE_NUMBER);
  const size = pageSize <= 0 ? LOG_PAGE_SIZE_DEFAULT : Math.min(pageSize, maxPageSize);
  return { page, size, offset: (page - 1) * size };
}

function adminFilter(query: AdminLogQuery): logs.LogFilter {
  return {
    type: query.type,
    startTimestamp: query.start_timestamp,
    endTimestamp: query.end_timestamp,
    username: query.username,
    tokenName: query.token_name,
    modelNamePattern: query.model_name,
    channelId: query.channel,
    group: query.group,
    limitRefusal: query.limit_refusal,
    cacheHit: query.cache_hit,
    fallback: query.fallback,
  };
}

function selfFilter(userId: number, query: SelfLogQuery): logs.LogFilter {
  return {
    userId,
    type: query.type,
    startTimestamp: query.start_timestamp,
    endTimestamp: query.end_timestamp,
    tokenName: query.token_name,
    modelNamePattern: query.model_name,
    group: query.group,
    limitRefusal: query.limit_refusal,
    cacheHit: query.cache_hit,
    fallback: query.fallback,
  };
}

/** `GET /api/log/` (admin): every user's logs with the channel names filled in. */
export async function listAdminLogs(deps: LogServiceDeps, query: AdminLogQuery): Promise<LogPage> {
  const { page, size, offset } = pageOf(query.p, query.page_size, LOG_ADMIN_PAGE_SIZE_MAX);
  const { items, total } = await logs.listLogs(
    deps.logDb,
    adminFilter(query),
    offset,
    size,
    await sourcesOf(deps),
  );
  const names = await channelNamesById(
    deps.db,
    items.map((row) => Number(row.channel_id ?? 0)),
  );
  return {
    items: items.map((row) => logRowToAdminDto(row, names.get(Number(row.channel_id ?? 0)) ?? '')),
    total,
    page,
    page_size: size,
  };
}

/** `GET /api/log/self`: the caller's own logs, sanitised; `page_size` capped at 100. */
export async function listUserLogs(
  deps: LogServiceDeps,
  userId: number,
  query: SelfLogQuery,
): Promise<LogPage> {
  const { page, size, offset } = pageOf(query.p, query.page_size, LOG_SELF_PAGE_SIZE_MAX);
  const { items, total } = await logs.listLogs(deps.logDb, selfFilter(userId, query), offset, size);
  return { items: items.map(logRowToUserDto), total, page, page_size: size };
}

/**
 * quota over the filters and time range; rpm / tpm over the same filters but the last 60 seconds only.
 * `type` is ignored: the stats are about consumption.
 */
async function statOf(deps: LogServiceDeps, filter: logs.LogFilter): Promise<LogStat> {
  const { startTimestamp: _start, endTimestamp: _end, type: _type, ...withoutTime } = filter;
  const [quota, recent] = await Promise.all([
    sourcesOf(deps).then((sources) =>
      logs.sumConsumeQuota(deps.logDb, { ...filter, type: 0 }, sources),
    ),
    logs.countRecentConsumption(deps.logDb, withoutTime, nowSeconds() - RECENT_WINDOW_SECONDS),
  ]);
  return { quota, rpm: recent.requests, tpm: recent.tokens };
}

/** `GET /api/log/stat` (admin). */
export async function adminLogStat(deps: LogServiceDeps, query: AdminLogQuery): Promise<LogStat> {
  return statOf(deps, adminFilter(query));
}

/**
 * `GET /api/log/self/stat`: scoped by user id (new-api uses the username, which misses logs written
 * before a rename; the id matches what the self list shows).
 */
export async function userLogStat(
  deps: LogServiceDeps,
  userId: number,
  query: SelfLogQuery,
): Promise<LogStat> {
  return statOf(deps, selfFilter(userId, query));
}

/** `GET /api/log/search?keyword` (admin): type equal to the keyword or content starting with it. */
export async function searchAdminLogs(deps: LogServiceDeps, keyword: string): Promise<LogEntry[]> {
  const rows = await logs.searchLogs(deps.logDb, keyword.trim(), LOG_SEARCH_LIMIT);
  const names = await channelNamesById(
    deps.db,
    rows.map((row) => Number(row.channel_id ?? 0)),
  );
  return rows.map((row) => logRowToAdminDto(row, names.get(Number(row.channel_id ?? 0)) ?? ''));
}

/** `GET /api/log/self/search?keyword`: the caller's logs whose type is the keyword. */
export async function searchUserLogs(
  deps: LogServiceDeps,
  userId: number,
  keyword: string,
): Promise<LogEntry[]> {
  const text = keyword.trim();
  if (!/^\d{1,9}$/.test(text)) return [];
  const rows = await logs.listUserLogsOfType(deps.logDb, userId, Number(text), LOG_SEARCH_LIMIT);
  return rows.map(logRowToUserDto);
}

/**
 * `GET /api/log/token?key=` (public): the logs of one live token, newest first, sanitised like a
 * user's own logs. An unknown key answers an empty list, the same as a token without logs.
 */
export async function listLogsOfTokenKey(deps: LogServiceDeps, key: string): Promise<LogEntry[]> {
  // Same reading as the relay: `sk-` optional, a `-<channel id>` pin ignored.
  const tokenKey = key
    .trim()
    .replace(/^Bearer\s+/i, '')
    .replace(/^sk-/, '')
    .split('-')[0];
  if (tokenKey === '') throw failure('未提供令牌');
  const token = await findTokenByKey(deps.db, tokenKey);
  if (!token) return [];
  const rows = await logs.listTokenLogs(deps.logDb, token.id, LOG_TOKEN_LOOKUP_LIMIT);
  return rows.map(logRowToUserDto);
}

/** `DELETE /api/log/?target_timestamp=` (admin): removes logs older than the time; returns the count. */
export async function deleteLogsBefore(
  deps: LogServiceDeps,
  targetTimestamp: number,
): Promise<number> {
  if (!targetTimestamp) throw failure('target timestamp is required');
  return logs.deleteLogsBefore(deps.logDb, targetTimestamp, { batchSize: LOG_DELETE_BATCH_SIZE });
}
