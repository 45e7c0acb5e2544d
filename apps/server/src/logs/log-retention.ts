import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job.js';
import { deleteLogsBefore, type BatchedDeleteSettings } from './log-repository.js';

/** Rows deleted per statement: each statement holds its row locks for a few milliseconds only. */
export const RETENTION_BATCH_SIZE = 5000;
/** Pause between statements, so writers (the ledger's group commit) get the table in between. */
export const RETENTION_PAUSE_MS = 50;
/** How often the retention runs; the first run is shortly after start. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_DELAY_MS = 30_000;
const DAY_SECONDS = 86_400;

/**
 * Deletes the logs created before `cutoff` (Unix seconds) in batches of `RETENTION_BATCH_SIZE`
 * with `RETENTION_PAUSE_MS` between them (tests pass smaller ones); answers how many rows went.
 */
export function pruneLogsBefore(
  db: Kysely<Database>,
  cutoff: number,
  settings: Partial<BatchedDeleteSettings> = {},
): Promise<number> {
  return deleteLogsBefore(db, cutoff, {
    batchSize: RETENTION_BATCH_SIZE,
    pauseMs: RETENTION_PAUSE_MS,
    ...settings,
  });
}

/** The retention job while it runs; `runOnce()` answers the rows deleted. */
export type LogRetention = PeriodicJob<number>;

/**
 * Keeps consume and other logs for `LogRetentionDays` days (0 = forever), on the log database
 * (the main one, or `LOG_SQL_DSN`'s). Runs on the node that runs background jobs: once an hour,
 * first shortly after start; the option is read at each run, so a change applies without restart.
 */
export function startLogRetention(deps: {
  logDb: Kysely<Database>;
  retentionDays: () => number;
  onError: (error: unknown) => void;
  onPruned?: (count: number) => void;
  intervalMs?: number;
  firstRunDelayMs?: number;
  now?: () => number;
}): LogRetention {
  const now = deps.now ?? (() => Math.floor(Date.now() / 1000));
  return startPeriodicJob({
    async run(signal) {
      const days = Math.floor(deps.retentionDays());
      if (!(days > 0)) return 0;
      const count = await pruneLogsBefore(deps.logDb, now() - days * DAY_SECONDS, {
        stopped: () => signal.aborted,
      });
      if (count > 0) deps.onPruned?.(count);
      return count;
    },
    intervalMs: deps.intervalMs ?? RETENTION_INTERVAL_MS,
    firstDelayMs: deps.firstRunDelayMs ?? FIRST_RUN_DELAY_MS,
    onError: deps.onError,
  });
}
