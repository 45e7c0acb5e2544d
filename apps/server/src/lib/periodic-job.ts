/**
 * A background job that runs now and then: first after `firstDelayMs` (default: the interval),
 * then `intervalMs` after each run ends — the pause follows the run, so slow runs never overlap.
 * `runOnce()` runs it now (tests, a console button) or joins the run in progress.
 */

/** Something running in the background that shutdown waits for. */
export interface BackgroundJob {
  /** Cancels the schedule and aborts the run in progress, then waits for it to end. */
  stop(): Promise<void>;
}

/** A periodic job that can also be run on demand. */
export interface PeriodicJob<T> extends BackgroundJob {
  /** Runs the job now, or answers the run in progress. */
  runOnce(): Promise<T>;
}

export interface PeriodicJobOptions<T> {
  /** One run; `signal` aborts when the job stops, so a long run can end early. */
  run: (signal: AbortSignal) => Promise<T>;
  /** The pause after each run (a function: read again before each pause). */
  intervalMs: number | (() => number);
  /** The pause before the first run; the interval when absent. */
  firstDelayMs?: number;
  /** A scheduled run's failure (the schedule goes on). */
  onError: (error: unknown) => void;
}

export function startPeriodicJob<T>(options: PeriodicJobOptions<T>): PeriodicJob<T> {
  const abort = new AbortController();
  const interval = () =>
    typeof options.intervalMs === 'function' ? options.intervalMs() : options.intervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;

  const runOnce = (): Promise<T> => {
    running ??= options.run(abort.signal).finally(() => (running = undefined));
    return running;
  };
  const schedule = (delay: number) => {
    if (abort.signal.aborted) return;
    timer = setTimeout(() => {
      runOnce()
        .catch(options.onError)
        .finally(() => schedule(interval()));
    }, delay);
    timer.unref();
  };
  schedule(options.firstDelayMs ?? interval());

  return {
    runOnce,
    async stop() {
      abort.abort();
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** Runs `task` every `intervalMs`, counted from the end of the previous run. */
export function repeatAfter(
  intervalMs: number,
  task: (signal: AbortSignal) => Promise<void>,
  onError: (error: unknown) => void,
): BackgroundJob {
  return startPeriodicJob({ run: task, intervalMs, onError });
}
