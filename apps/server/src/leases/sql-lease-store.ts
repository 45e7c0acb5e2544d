import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { Database } from '../db/schema.js';
import {
  isSlaveHolder,
  type AcquireResult,
  type JobLeaseStore,
  type LeaseHolder,
  type LeaseView,
} from './job-lease-store.js';

/**
 * Leases as rows of `job_leases` (PostgreSQL and MySQL without Redis; the SQL is portable, SQLite
 * included). Taking a lease is a compare-and-set: the row is read, and the UPDATE applies only if
 * the row still has the holder and expiry that were read, so of two processes racing for it one
 * wins. Times come from `now` (this node's clock): nodes sharing a database keep their clocks in
 * step (NTP), a skew of a second or two only shifts the takeover by as much.
 */
export class SqlLeaseStore implements JobLeaseStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(job: string, holder: LeaseHolder, leaseMs: number): Promise<AcquireResult> {
    const now = this.now();
    const row = await this.db
      .selectFrom('job_leases')
      .select(['holder', 'expires_at', 'acquired_at'])
      .where('name', '=', job)
      .executeTakeFirst();
    if (!row) {
      try {
        await this.db
          .insertInto('job_leases')
          .values({ name: job, holder: holder.id, expires_at: now + leaseMs, acquired_at: now })
          .execute();
        return { held: true };
      } catch (error) {
        // Another process inserted it first: it holds the lease.
        if (isUniqueViolation(error)) return this.acquire(job, holder, leaseMs);
        throw error;
      }
    }
    const expiresAt = Number(row.expires_at);
    const ours = row.holder === holder.id;
    const takeable =
      ours || expiresAt < now || (holder.role === 'master' && isSlaveHolder(row.holder));
    if (!takeable) return { held: false, holder: row.holder };
    const result = await this.db
      .updateTable('job_leases')
      .set({
        holder: holder.id,
        expires_at: now + leaseMs,
        acquired_at: ours ? Number(row.acquired_at) : now,
      })
      .where('name', '=', job)
      .where('holder', '=', row.holder)
      .where('expires_at', '=', expiresAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const current = await this.holderOf(job);
      return current === holder.id ? { held: true } : { held: false, holder: current ?? '' };
    }
    return ours ? { held: true } : { held: true, previous: row.holder };
  }

  async renew(job: string, holder: LeaseHolder, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('job_leases')
      .set({ expires_at: this.now() + leaseMs })
      .where('name', '=', job)
      .where('holder', '=', holder.id)
      .executeTakeFirst();
    // MySQL counts changed rows only: a renewal within the same millisecond changes nothing.
    if (Number(result.numUpdatedRows) === 1) return true;
    return (await this.holderOf(job)) === holder.id;
  }

  async release(job: string, holder: LeaseHolder): Promise<void> {
    await this.db
      .deleteFrom('job_leases')
      .where('name', '=', job)
      .where('holder', '=', holder.id)
      .execute();
  }

  async list(jobs: readonly string[]): Promise<LeaseView[]> {
    if (jobs.length === 0) return [];
    const rows = await this.db
      .selectFrom('job_leases')
      .selectAll()
      .where('name', 'in', [...jobs])
      .orderBy('name')
      .execute();
    return rows.map((row) => ({
      job: row.name,
      holder: row.holder,
      since: Number(row.acquired_at),
      expires: Number(row.expires_at),
    }));
  }

  private async holderOf(job: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('job_leases')
      .select('holder')
      .where('name', '=', job)
      .executeTakeFirst();
    return row?.holder;
  }
}
