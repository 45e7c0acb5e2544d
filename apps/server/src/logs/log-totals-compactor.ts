import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { compactLogTotals } from './log-totals.js';

/** How often the delta rows of the hourly log totals are folded. */
export const COMPACTION_INTERVAL_MS = 60_000;

/** The compaction job while it runs. */
export interface LogTotalsCompactor {
  /** Folds everything there is to fold now; answers the hours folded (tests, and the timer). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Keeps the hourly log totals small (db/postgres-log-totals.ts): once a minute, folds the rows
 * the triggers added since into one row per hour, type and model. Runs on the node that runs
 * background jobs, when the log database keeps totals; a reader's answer is exact either way,
 * only slower the more rows are left unfolded.
 */
export function startLogTotalsCompactor(deps: {
  logDb: Kysely<Database>;
  /** Whether the totals exist (the master node installs them at migration). */
  installed: () => Promise<boolean>;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): LogTotalsCompactor {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const foldAll = async (): Promise<number> => {
    if (!(await deps.installed())) return 0;
    let folded = 0;
    while (!stopped) {
      const hours = await compactLogTotals(deps.logDb);
      if (hours === 0) break;
      folded += hours;
    }
    return folded;
  };
  const runOnce = (): Promise<number> => {
    running ??= foldAll().finally(() => (running = undefined));
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce().catch(deps.onError).finally(schedule);
    }, deps.intervalMs ?? COMPACTION_INTERVAL_MS);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
