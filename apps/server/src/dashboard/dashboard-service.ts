import {
  QUOTA_DATA_SELF_MAX_SPAN_SECONDS,
  type QuotaDataEntry,
  type QuotaDataQuery,
} from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { Database } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';
import { listUserQuotaData, sumQuotaDataByModelAndHour } from './quota-data-repository.js';

/** What the dashboard reads need. */
export interface DashboardServiceDeps {
  db: Kysely<Database>;
  options: Pick<OptionStore, 'get'>;
}

const DAY_SECONDS = 86_400;

/**
 * Length of the default window per `DataExportDefaultTime`, the console's own defaults (hour → last day,
 * day → last week, week → last 30 days).
 */
export const DEFAULT_WINDOW_SECONDS: Readonly<Record<string, number>> = Object.freeze({
  hour: DAY_SECONDS,
  day: 7 * DAY_SECONDS,
  week: 30 * DAY_SECONDS,
});

/**
 * The [start, end] range of a query. A missing (or 0) end is now; a missing start is end minus the
 * default window. new-api reads missing values as 0 and so answers nothing; a window is more useful.
 */
export function resolveRange(
  options: Pick<OptionStore, 'get'>,
  query: Pick<QuotaDataQuery, 'start_timestamp' | 'end_timestamp'>,
  now = nowSeconds(),
): { start: number; end: number } {
  const end = query.end_timestamp > 0 ? query.end_timestamp : now;
  const window = DEFAULT_WINDOW_SECONDS[options.get('DataExportDefaultTime')] ?? DAY_SECONDS;
  const start = query.start_timestamp > 0 ? query.start_timestamp : end - window;
  return { start, end };
}

/**
 * `GET /api/data/` (admin): with `username`, that user's hourly buckets; without, every user's buckets
 * summed per model and hour (`id`, `user_id` 0 and `username` '').
 */
export async function listAdminQuotaData(
  deps: DashboardServiceDeps,
  query: QuotaDataQuery,
): Promise<QuotaDataEntry[]> {
  const { start, end } = resolveRange(deps.options, query);
  const username = query.username.trim();
  if (username !== '') return listUserQuotaData(deps.db, { username }, start, end);
  return sumQuotaDataByModelAndHour(deps.db, start, end);
}

/** `GET /api/data/self`: the caller's hourly buckets; a range over 30 days is refused. */
export async function listOwnQuotaData(
  deps: DashboardServiceDeps,
  userId: number,
  query: QuotaDataQuery,
): Promise<QuotaDataEntry[]> {
  const { start, end } = resolveRange(deps.options, query);
  if (end - start > QUOTA_DATA_SELF_MAX_SPAN_SECONDS) throw failure('时间跨度不能超过 1 个月');
  return listUserQuotaData(deps.db, { userId }, start, end);
}
