import type { BackgroundJob } from '../lib/periodic-job.js';
import type { JobLeaseStore, LeaseHolder } from './job-lease-store.js';

/** What a leased job reports: takeovers and losses (info lines), and store failures. */
export interface LeaseEvents {
  info(message: string, fields: Record<string, unknown>): void;
  error(error: unknown, where: string): void;
}

export interface LeasedJobOptions<Job extends BackgroundJob> {
  job: string;
  store: JobLeaseStore;
  holder: LeaseHolder;
  /** How long a lease lasts without renewal: the takeover time after its holder dies. */
  leaseMs: number;
  /** Starts the job (called each time the lease is taken); its `stop()` ends it. */
  start: () => Job;
  events: LeaseEvents;
  /** Pause between attempts to take or renew (default a third of the lease). */
  tickMs?: number;
  /** This node's clock (tests freeze it). */
  now?: () => number;
}

/** A job that runs only while this process holds its lease. */
export interface LeasedJob<Job extends BackgroundJob> extends BackgroundJob {
  /** Whether this process holds the lease (and so runs the job). */
  held(): boolean;
  /** The running job while the lease is held. */
  current(): Job | undefined;
  /** One attempt to take or renew the lease now (the timer makes one every `tickMs`). */
  tick(): Promise<void>;
}

/**
 * Runs `start()` while this process holds `job`'s lease: every `tickMs` it renews the lease it
 * holds or tries to take the one it lacks. A renewal refused (another process took the lease over)
 * or failing until the lease's own expiry stops the job at once. The job's runs are aborted by
 * `stop()` at their next unit; a unit already under way finishes, which the jobs' idempotent
 * units make harmless. `stop()` ends the job and gives the lease up for the next holder.
 */
export function startLeasedJob<Job extends BackgroundJob>(
  options: LeasedJobOptions<Job>,
): LeasedJob<Job> {
  const { job: name, store, holder, leaseMs, events } = options;
  const now = options.now ?? Date.now;
  const tickMs = options.tickMs ?? Math.max(100, Math.floor(leaseMs / 3));
  let running: Job | undefined;
  // Until when the lease is ours for sure: the start of the last successful take or renewal
  // plus the lease (measured from before the call, so never later than the store's expiry).
  let validUntil = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  async function lose(reason: string, fields: Record<string, unknown> = {}): Promise<void> {
    const job = running;
    running = undefined;
    validUntil = 0;
    events.info(`job lease lost: ${name} stops here (${reason})`, {
      job: name,
      holder: holder.id,
      ...fields,
    });
    await job?.stop().catch((error) => events.error(error, `stopping ${name}`));
  }

  async function attempt(): Promise<void> {
    const startedAt = now();
    if (running) {
      let kept: boolean;
      try {
        kept = await store.renew(name, holder, leaseMs);
      } catch (error) {
        events.error(error, `renewing the ${name} lease`);
        // The store is unreachable: keep running while the lease is surely still ours.
        if (now() < validUntil) return;
        return lose('renewal failed until the lease expired');
      }
      if (stopped) return;
      if (kept) validUntil = startedAt + leaseMs;
      else await lose('taken over by another process');
      return;
    }
    let result;
    try {
      result = await store.acquire(name, holder, leaseMs);
    } catch (error) {
      events.error(error, `taking the ${name} lease`);
      return;
    }
    if (!result.held || stopped) {
      // Taken just as this job stops: hand it straight back.
      if (result.held) await store.release(name, holder).catch(() => undefined);
      return;
    }
    validUntil = startedAt + leaseMs;
    events.info(
      result.previous
        ? `job lease taken over: ${name} now runs here`
        : `job lease taken: ${name} runs here`,
      { job: name, holder: holder.id, ...(result.previous ? { previous: result.previous } : {}) },
    );
    // A job that fails to start is tried again at the next tick (the lease stays ours meanwhile).
    running = options.start();
  }

  function tick(): Promise<void> {
    ticking ??= attempt().finally(() => (ticking = undefined));
    return ticking;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((error) => events.error(error, `running the ${name} lease`))
        .finally(() => schedule(tickMs));
    }, delay);
    timer.unref();
  }
  schedule(0);

  return {
    held: () => running !== undefined,
    current: () => running,
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      const job = running;
      running = undefined;
      if (!job) return;
      await job.stop();
      await store
        .release(name, holder)
        .catch((error) => events.error(error, `releasing the ${name} lease`));
    },
  };
}
