import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job.js';
import { compactLogTotals } from './log-totals.js';

/** How often the delta rows of the hourly log totals are folded. */
export const COMPACTION_INTERVAL_MS = 60_000;

/** The compaction job while it runs; `runOnce()` folds everything there is to fold now. */
export type LogTotalsCompactor = PeriodicJob<number>;

/**
 * Keeps the hourly log totals small (db/postgres-log-totals.ts): once a minute, folds the rows
 * the triggers added since into one row per hour, type and model. Runs on the node that runs
 * background jobs, when the log database keeps totals; a reader's answer is exact either way,
 * only slower the more rows are left unfolded. `runOnce()` answers the hours folded.
 */
export function startLogTotalsCompactor(deps: {
  logDb: Kysely<Database>;
  /** Whether the totals exist (the master node installs them at migration). */
  installed: () => Promise<boolean>;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): LogTotalsCompactor {
  return startPeriodicJob({
    async run(signal) {
      if (!(await deps.installed())) return 0;
      let folded = 0;
      while (!signal.aborted) {
        const hours = await compactLogTotals(deps.logDb);
        if (hours === 0) break;
        folded += hours;
      }
      return folded;
    },
    intervalMs: deps.intervalMs ?? COMPACTION_INTERVAL_MS,
    onError: deps.onError,
  });
}
