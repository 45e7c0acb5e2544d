/**
 * Hourly totals of `logs` on PostgreSQL: per hour, log type and model, the row count and Σ quota,
 * kept by triggers on `logs` itself, so that the console's count and Σ quota over months of logs
 * read a few thousand totals instead of millions of rows (docs/log-performance.md).
 *
 * Exact by construction, whoever writes: the triggers run inside the statement that inserts,
 * deletes, updates or truncates log rows (a new-api node sharing the database, a retention batch,
 * a manual `DELETE`), so the totals and the rows commit or roll back together.
 *
 * Append-only: each log statement adds one delta row per (hour, type, model) it touched (negative
 * for deletes) and never updates a shared row, so concurrent writers never wait on each other or
 * deadlock. `compactLogTotals` (logs/log-totals.ts) later folds the deltas of an hour into one
 * row per key; a reader sums whatever rows there are, folded or not.
 *
 * NULL keys are kept as NULL (no `PRIMARY KEY`), so a totals query filters them exactly as the
 * same filter on `logs` would: `hour >= x` skips a row without `created_at`, `model_name LIKE p`
 * one without a model.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './open-database.js';
import type { Database } from './schema.js';

export const LOG_TOTALS_TABLE = 'log_hourly_totals';

/** The hour a `created_at` (Unix seconds) falls in, floored also below zero; NULL stays NULL. */
const hourOf = (column: string) => `${column} - ((${column} % 3600) + 3600) % 3600`;

/** The delta rows of a set of log rows (`source`), `sign` 1 for added rows, -1 for removed ones. */
const deltaInsert = (source: string, sign: 1 | -1) => `
  insert into ${LOG_TOTALS_TABLE} (hour, type, model_name, row_count, quota_sum)
  select ${hourOf('created_at')}, type, model_name,
         ${sign} * count(*), ${sign} * coalesce(sum(quota), 0)::bigint
  from ${source}
  group by 1, 2, 3`;

const TRIGGERS = {
  insert: 'log_hourly_totals_on_insert',
  delete: 'log_hourly_totals_on_delete',
  update: 'log_hourly_totals_on_update',
  truncate: 'log_hourly_totals_on_truncate',
} as const;

/** Statements of the installation, in order; each is idempotent. */
const SCHEMA_STATEMENTS = [
  `create table if not exists ${LOG_TOTALS_TABLE} (
     hour bigint,
     type bigint,
     model_name text,
     row_count bigint not null,
     quota_sum bigint not null,
     merged boolean not null default false
   )`,
  // A window's totals, read from the index alone.
  `create index if not exists idx_log_hourly_totals_hour on ${LOG_TOTALS_TABLE} (hour)
     include (type, model_name, row_count, quota_sum)`,
  // The hours the compaction has to fold.
  `create index if not exists idx_log_hourly_totals_unmerged on ${LOG_TOTALS_TABLE} (hour)
     where not merged`,
  `create or replace function log_hourly_totals_add() returns trigger language plpgsql as $$
   begin ${deltaInsert('added', 1)}; return null; end $$`,
  `create or replace function log_hourly_totals_remove() returns trigger language plpgsql as $$
   begin ${deltaInsert('removed', -1)}; return null; end $$`,
  `create or replace function log_hourly_totals_change() returns trigger language plpgsql as $$
   begin ${deltaInsert('removed', -1)}; ${deltaInsert('added', 1)}; return null; end $$`,
  `create or replace function log_hourly_totals_clear() returns trigger language plpgsql as $$
   begin delete from ${LOG_TOTALS_TABLE}; return null; end $$`,
];

const TRIGGER_STATEMENTS = [
  `create trigger ${TRIGGERS.insert} after insert on logs
     referencing new table as added for each statement execute function log_hourly_totals_add()`,
  `create trigger ${TRIGGERS.delete} after delete on logs
     referencing old table as removed for each statement execute function log_hourly_totals_remove()`,
  `create trigger ${TRIGGERS.update} after update on logs
     referencing old table as removed new table as added
     for each statement execute function log_hourly_totals_change()`,
  `create trigger ${TRIGGERS.truncate} after truncate on logs
     for each statement execute function log_hourly_totals_clear()`,
];

/** Serialises installations of several processes starting at once. */
const INSTALL_LOCK = 'tollgate.log_hourly_totals';

/** Whether `logs` has all four totals triggers (`db` may be a transaction). */
async function triggersInstalled(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ found: number | string }>`
    select count(*) as found from pg_trigger
    where tgrelid = to_regclass('logs') and tgname in (${sql.join(Object.values(TRIGGERS))})
  `.execute(db);
  return Number(rows[0]?.found ?? 0) === Object.keys(TRIGGERS).length;
}

/** Whether this database keeps the hourly totals (PostgreSQL with the triggers installed). */
export async function hasLogTotals(handle: DatabaseHandle): Promise<boolean> {
  return handle.dialect === 'postgres' && (await triggersInstalled(handle.db));
}

/**
 * Creates the totals table, its functions and triggers, and fills it from the rows already in
 * `logs`, in one transaction: log writers wait for it (the table is locked against writes while
 * the existing rows are summed; about N s for 5 million rows, see docs/log-performance.md), and
 * no row is counted twice or missed. Does nothing when the triggers exist; PostgreSQL only.
 */
export async function installLogTotals(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  if (await hasLogTotals(handle)) return;
  await handle.db.transaction().execute(async (transaction) => {
    await sql`select pg_advisory_xact_lock(hashtext(${INSTALL_LOCK}))`.execute(transaction);
    if (await triggersInstalled(transaction)) return;
    for (const statement of SCHEMA_STATEMENTS) await sql.raw(statement).execute(transaction);
    // Writers in flight finish first; new ones wait until the totals and triggers are in place.
    await sql`lock table logs in share row exclusive mode`.execute(transaction);
    for (const name of Object.values(TRIGGERS)) {
      await sql`drop trigger if exists ${sql.id(name)} on logs`.execute(transaction);
    }
    await sql.raw(`delete from ${LOG_TOTALS_TABLE}`).execute(transaction);
    await sql
      .raw(
        `insert into ${LOG_TOTALS_TABLE} (hour, type, model_name, row_count, quota_sum, merged)
         select ${hourOf('created_at')}, type, model_name, count(*), coalesce(sum(quota), 0)::bigint, true
         from logs group by 1, 2, 3`,
      )
      .execute(transaction);
    for (const statement of TRIGGER_STATEMENTS) await sql.raw(statement).execute(transaction);
  });
}

/**
 * `hasLogTotals`, asked at most once a minute until it answers yes, then never again: a process
 * that started before the master node installed the totals picks them up without a restart.
 */
export function logTotalsProbe(handle: DatabaseHandle, recheckMs = 60_000): () => Promise<boolean> {
  if (handle.dialect !== 'postgres') return () => Promise.resolve(false);
  let installed = false;
  let lastAsked: { at: number; answer: Promise<boolean> } | undefined;
  return async () => {
    if (installed) return true;
    if (!lastAsked || Date.now() - lastAsked.at > recheckMs) {
      lastAsked = { at: Date.now(), answer: hasLogTotals(handle).catch(() => false) };
    }
    installed = await lastAsked.answer;
    return installed;
  };
}
