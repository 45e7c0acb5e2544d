import type { BackgroundJob } from '../lib/periodic-job.js';
import type { JobLeaseStore, LeaseHolder, LeaseView } from './job-lease-store.js';
import { JOB_NAMES, type JobName } from './job-names.js';
import { startLeasedJob, type LeaseEvents, type LeasedJob } from './leased-job.js';

/** The background jobs of one process and the leases they run under. */
export interface JobLeases {
  /** False without a store (SQLite): jobs then start at once, where the caller starts them. */
  readonly enabled: boolean;
  /** Who this process is as a lease holder. */
  readonly holder: LeaseHolder;
  /**
   * Runs `start()` while this process holds `job`'s lease; without a store, starts it at once.
   * The caller decides where to compete: one process per node (a cluster's first worker).
   */
  run<Job extends BackgroundJob>(job: JobName, start: () => Job): LeasedJob<Job>;
  /** Each job this process competes for, and whether it holds its lease now. */
  held(): Array<[JobName, boolean]>;
  /** The leases in the store (empty without one), for /readyz. */
  list(): Promise<LeaseView[]>;
  /** Stops every job and gives its lease up. */
  close(): Promise<void>;
}

/** A job started without a lease (SQLite: the master runs it): held for as long as it runs. */
function unleased<Job extends BackgroundJob>(start: () => Job): LeasedJob<Job> {
  let running: Job | undefined = start();
  return {
    held: () => running !== undefined,
    current: () => running,
    tick: async () => {},
    async stop() {
      const job = running;
      running = undefined;
      await job?.stop();
    },
  };
}

export function createJobLeases(options: {
  store: JobLeaseStore | undefined;
  holder: LeaseHolder;
  leaseMs: number;
  events: LeaseEvents;
}): JobLeases {
  const { store, holder, leaseMs, events } = options;
  const jobs = new Map<JobName, LeasedJob<BackgroundJob>>();
  return {
    enabled: store !== undefined,
    holder,
    run(job, start) {
      const leased = store
        ? startLeasedJob({ job, store, holder, leaseMs, start, events })
        : unleased(start);
      jobs.set(job, leased);
      return leased;
    },
    held: () => [...jobs].map(([job, leased]) => [job, leased.held()]),
    list: async () => (store ? store.list(JOB_NAMES) : []),
    async close() {
      await Promise.all([...jobs.values()].map((leased) => leased.stop()));
      jobs.clear();
    },
  };
}
