/**
 * The contract of a job lease: which process runs a background job (task polling, log retention,
 * …) when several nodes share one database. A lease has one holder and an expiry; the holder renews
 * it while it lives, and once it expires any eligible process may take it over. A `master` process
 * also takes a lease held by a `slave` at once: slaves run the jobs only while no master does.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';

/** The role a holder competes with: its `NODE_TYPE`. */
export type LeaseRole = 'master' | 'slave';

/** A process competing for leases. */
export interface LeaseHolder {
  /** `<role>/<host>:<pid>:<random>`: new at every start, so a restarted process is another holder. */
  id: string;
  role: LeaseRole;
}

/** A lease as the store keeps it (times in milliseconds since the epoch). */
export interface LeaseView {
  job: string;
  holder: string;
  /** When the holder took it. */
  since: number;
  /** When it lapses unless renewed. */
  expires: number;
}

/** What an attempt to take a lease answers. */
export type AcquireResult =
  | {
      held: true;
      /** The holder it was taken from (undefined: free or already ours). */ previous?: string;
    }
  | { held: false; holder: string };

/** Where leases live: a database row (sql-lease-store.ts) or a Redis key (redis-lease-store.ts). */
export interface JobLeaseStore {
  /**
   * Takes `job`'s lease for `leaseMs` when it is free, expired or already `holder`'s, or — for a
   * master — held by a slave; otherwise answers who holds it.
   */
  acquire(job: string, holder: LeaseHolder, leaseMs: number): Promise<AcquireResult>;
  /** Extends the lease by `leaseMs` if `holder` still holds it; false when it was taken over. */
  renew(job: string, holder: LeaseHolder, leaseMs: number): Promise<boolean>;
  /** Gives the lease up (if `holder` holds it), so another process takes it without waiting. */
  release(job: string, holder: LeaseHolder): Promise<void>;
  /** The leases of `jobs` that exist (held or lapsed), by job name. */
  list(jobs: readonly string[]): Promise<LeaseView[]>;
}

/** A new holder identity for this process. */
export function newLeaseHolder(role: LeaseRole): LeaseHolder {
  const id = `${role}/${hostname().slice(0, 60)}:${process.pid}:${randomBytes(4).toString('hex')}`;
  return { id, role };
}

/** Whether a holder id is a slave's (a master may take its leases at once). */
export function isSlaveHolder(holderId: string): boolean {
  return holderId.startsWith('slave/');
}
