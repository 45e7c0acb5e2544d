import { sql } from 'kysely';
import { pendingMigrationSteps } from '../db/migration-status.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { LeaseView } from '../leases/job-lease-store.js';
import type { AppContext } from './app-context.js';

/** A job's lease as `/readyz` shows it (ISO times). */
export interface LeaseReport {
  job: string;
  holder: string;
  since: string;
  expires: string;
}

/** What `/readyz` answers: `ok`, `not configured` (Redis), or why the check failed. */
export interface Readiness {
  ready: boolean;
  checks: { database: string; redis: string; migrations: string };
  /**
   * Which process runs each background job (PostgreSQL, MySQL; absent on SQLite), or why the
   * leases could not be read. Informational: it never makes the node unready.
   */
  leases?: LeaseReport[] | string;
}

function reportLeases(leases: LeaseView[]): LeaseReport[] {
  return leases.map((lease) => ({
    job: lease.job,
    holder: lease.holder,
    since: new Date(lease.since).toISOString(),
    expires: new Date(lease.expires).toISOString(),
  }));
}

/** A database or Redis that does not answer within this is reported unreachable. */
const CHECK_TIMEOUT_MS = 2000;
/** Answers are reused this long: the endpoint is unauthenticated and not rate-limited. */
const ANSWER_REUSE_MS = 1000;
/** A schema found incomplete is looked at again no sooner than this. */
const SCHEMA_RECHECK_MS = 10_000;

/** Resolves to what `what` answers or the failure's message; gives up after CHECK_TIMEOUT_MS. */
async function probe(what: () => Promise<string>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  const attempt = (async () => {
    try {
      return await what();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  })();
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function selectOne(handle: DatabaseHandle): Promise<string> {
  await sql`select 1`.execute(handle.db);
  return 'ok';
}

/**
 * The readiness check behind `/readyz`: the database (and a separate logs database) answer a
 * `SELECT 1`, Redis (when configured) answers PING, and the schema is migrated; the background
 * jobs' leases are listed beside the checks. Each costs one round trip; concurrent callers share one check and its answer for a second. A process that did
 * not migrate reads the schema catalogue until it finds nothing missing, then never again.
 */
export function createReadinessCheck(
  context: AppContext,
  timing: { answerReuseMs?: number; schemaRecheckMs?: number } = {},
): () => Promise<Readiness> {
  const answerReuseMs = timing.answerReuseMs ?? ANSWER_REUSE_MS;
  const schemaRecheckMs = timing.schemaRecheckMs ?? SCHEMA_RECHECK_MS;
  let migrated = context.migrated;
  let schemaCheckedAt = 0;
  let schemaAnswer = 'not checked yet';
  let shared: { at: number; answer: Promise<Readiness> } | undefined;

  async function migrations(): Promise<string> {
    if (migrated) return 'ok';
    if (Date.now() - schemaCheckedAt < schemaRecheckMs) return schemaAnswer;
    schemaCheckedAt = Date.now();
    const pending = await pendingMigrationSteps(context.database);
    if (context.logDatabase !== context.database) {
      pending.push(
        ...(await pendingMigrationSteps(context.logDatabase, {
          tables: ['logs', 'log_outbox_done'],
        })),
      );
    }
    migrated = pending.length === 0;
    schemaAnswer = migrated
      ? 'ok'
      : `pending: ${pending.slice(0, 5).join(', ')}${pending.length > 5 ? ', …' : ''}`;
    return schemaAnswer;
  }

  async function check(): Promise<Readiness> {
    const separateLogs = context.logDatabase !== context.database;
    const [main, logs, redis] = await Promise.all([
      probe(() => selectOne(context.database)),
      separateLogs ? probe(() => selectOne(context.logDatabase)) : Promise.resolve('ok'),
      context.redis
        ? probe(async () => ((await context.redis!.ping()) === 'PONG' ? 'ok' : 'no PONG'))
        : Promise.resolve('not configured'),
    ]);
    const database =
      main !== 'ok' ? main : logs !== 'ok' ? `logs database (LOG_SQL_DSN): ${logs}` : 'ok';
    // The schema cannot be read from a database that does not answer.
    const schema = database === 'ok' ? await probe(migrations) : 'unknown: the database is down';
    const checks = { database, redis, migrations: schema };
    const ready =
      database === 'ok' && (redis === 'ok' || redis === 'not configured') && schema === 'ok';
    const { jobLeases } = context;
    if (!jobLeases || schema !== 'ok') return { ready, checks };
    let leases: LeaseReport[] | string = [];
    const answer = await probe(async () => {
      leases = reportLeases(await jobLeases.list());
      return 'ok';
    });
    return { ready, checks, leases: answer === 'ok' ? leases : answer };
  }

  return () => {
    const now = Date.now();
    if (!shared || now - shared.at >= answerReuseMs) shared = { at: now, answer: check() };
    return shared.answer;
  };
}
