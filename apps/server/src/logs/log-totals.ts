import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LOG_TOTALS_TABLE } from '../db/postgres-log-totals.js';
import type { Database } from '../db/schema.js';
import { filterConditions, type LogFilter } from './log-filter.js';

/**
 * Counts and Σ quota over wide time ranges from the hourly totals that PostgreSQL keeps beside
 * `logs` (db/postgres-log-totals.ts): the whole hours of the range from the totals, the partial
 * hours at its two ends from `logs`, in one statement (one snapshot), so the answer is the same
 * number a count over `logs` gives.
 */

const HOUR = 3600;

/** A time range cut at hour boundaries. Bounds are Unix seconds; `undefined` is unbounded. */
export interface HourSplit {
  /** First whole hour (inclusive). */
  hoursFrom?: number;
  /** End of the last whole hour (exclusive). */
  hoursTo?: number;
  /** The partial hours outside them, as inclusive `created_at` bounds. */
  edges: { from: number; to: number }[];
}

/**
 * Cuts the inclusive range [start, end] (0 = unbounded, as in {@link LogFilter}) into whole hours
 * and the partial hours at its ends; `undefined` when it holds no whole hour.
 */
export function splitIntoHours(start = 0, end = 0): HourSplit | undefined {
  const hoursFrom = start ? Math.ceil(start / HOUR) * HOUR : undefined;
  const hoursTo = end ? Math.floor((end + 1) / HOUR) * HOUR : undefined;
  if (hoursFrom !== undefined && hoursTo !== undefined && hoursFrom >= hoursTo) return undefined;
  const edges: HourSplit['edges'] = [];
  if (hoursFrom !== undefined && start < hoursFrom) edges.push({ from: start, to: hoursFrom - 1 });
  if (hoursTo !== undefined && hoursTo <= end) edges.push({ from: hoursTo, to: end });
  return { hoursFrom, hoursTo, edges };
}

/** The totals are kept per hour, type and model: other filters need the rows themselves. */
function answerableFromTotals(filter: LogFilter): boolean {
  return (
    filter.userId === undefined &&
    !filter.username &&
    !filter.tokenName &&
    !filter.channelId &&
    !filter.group &&
    !filter.limitRefusal &&
    !filter.cacheHit &&
    !filter.fallback
  );
}

type Measure = 'count' | 'quota';

/**
 * The number of logs matching `filter`, or their Σ quota, read from the totals; `undefined` when
 * the filter or the range cannot be answered from them (the caller then reads `logs`).
 */
export async function measureFromTotals(
  db: Kysely<Database>,
  filter: LogFilter,
  measure: Measure,
): Promise<number | undefined> {
  if (!answerableFromTotals(filter)) return undefined;
  const split = splitIntoHours(filter.startTimestamp, filter.endTimestamp);
  if (!split) return undefined;

  const conditions: RawBuilder<unknown>[] = [];
  if (split.hoursFrom !== undefined) conditions.push(sql`hour >= ${split.hoursFrom}`);
  if (split.hoursTo !== undefined) conditions.push(sql`hour < ${split.hoursTo}`);
  if (filter.type) conditions.push(sql`type = ${filter.type}`);
  if (filter.modelNamePattern) conditions.push(sql`model_name like ${filter.modelNamePattern}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const totalsColumn = measure === 'count' ? sql`row_count` : sql`quota_sum`;
  const parts = [
    sql`(select coalesce(sum(${totalsColumn}), 0) from ${sql.table(LOG_TOTALS_TABLE)} ${where})`,
  ];

  const sameFilterWithoutTime: LogFilter = { ...filter, startTimestamp: 0, endTimestamp: 0 };
  for (const edge of split.edges) {
    const rows = db
      .selectFrom('logs')
      .select((select) =>
        measure === 'count'
          ? select.fn.countAll().as('measure')
          : select.fn.coalesce(select.fn.sum('quota'), sql.lit(0)).as('measure'),
      )
      .where((where) =>
        where.and([
          ...filterConditions(where, sameFilterWithoutTime),
          where('created_at', '>=', edge.from),
          where('created_at', '<=', edge.to),
        ]),
      );
    parts.push(sql`(${rows})`);
  }
  const { rows } = await sql<{ measure: number | string }>`
    select ${sql.join(parts, sql` + `)} as measure
  `.execute(db);
  return Number(rows[0]?.measure ?? 0);
}

/** Hours folded per statement, so one compaction never holds many rows at once. */
const HOURS_PER_COMPACTION = 200;
/** Keeps two processes from folding the same hours at once. */
const COMPACTION_LOCK = 'tollgate.log_hourly_totals.compaction';

/**
 * Folds the delta rows the triggers added into one row per hour, type and model (dropping keys
 * whose count and Σ quota came back to zero, as retention leaves them), the oldest hours first;
 * answers how many hours were folded (0 when another process is folding or nothing is left).
 * Exact while writers go on: rows added after the statement's snapshot stay for the next run.
 */
export async function compactLogTotals(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (transaction) => {
    const { rows: lock } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(${COMPACTION_LOCK})) as locked
    `.execute(transaction);
    if (!lock[0]?.locked) return 0;
    const table = sql.table(LOG_TOTALS_TABLE);
    const { rows } = await sql<{ hours: number | string }>`
      with hours as (
        select distinct hour from ${table} where not merged order by hour nulls first
        limit ${HOURS_PER_COMPACTION}
      ),
      moved as (
        delete from ${table}
        where hour in (select hour from hours)
           or (hour is null and exists (select 1 from hours where hour is null))
        returning hour, type, model_name, row_count, quota_sum
      ),
      folded as (
        insert into ${table} (hour, type, model_name, row_count, quota_sum, merged)
        select hour, type, model_name, sum(row_count)::bigint, sum(quota_sum)::bigint, true
        from moved
        group by hour, type, model_name
        having sum(row_count) <> 0 or sum(quota_sum) <> 0
      )
      select count(*) as hours from hours
    `.execute(transaction);
    return Number(rows[0]?.hours ?? 0);
  });
}
