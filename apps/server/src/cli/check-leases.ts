import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { JobLeaseStore, LeaseView } from '../leases/job-lease-store.js';
import { JOB_NAMES } from '../leases/job-names.js';
import { RedisLeaseStore } from '../leases/redis-lease-store.js';
import { SqlLeaseStore } from '../leases/sql-lease-store.js';
import { openConfiguredDatabase } from './cli-database.js';

/** One line of `tollgate check`'s report. */
export type ReportLine = (outcome: 'ok' | 'warn' | 'fail', item: string, detail: string) => void;

function describe(lease: LeaseView, now: number): { outcome: 'ok' | 'warn'; detail: string } {
  const since = new Date(lease.since).toISOString();
  const left = Math.round((lease.expires - now) / 1000);
  return left >= 0
    ? { outcome: 'ok', detail: `held by ${lease.holder} since ${since}, expires in ${left} s` }
    : {
        outcome: 'warn',
        detail: `expired ${-left} s ago (held by ${lease.holder} since ${since}): the next node to ask takes it over`,
      };
}

/**
 * The background jobs' leases: which process runs each job, since when, until when (PostgreSQL
 * and MySQL; SQLite uses none). Read from Redis when configured, else from `job_leases`.
 */
export async function checkLeases(line: ReportLine, config: Config): Promise<void> {
  if (config.database.kind === 'sqlite') {
    line('ok', 'job leases', 'not used: on SQLite the master node runs the background jobs');
    return;
  }
  let redis: Redis | undefined;
  let close = async () => {};
  try {
    let store: JobLeaseStore;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, {
        lazyConnect: true,
        connectTimeout: 5000,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      redis.on('error', () => {});
      await redis.connect();
      store = new RedisLeaseStore(redis);
    } else {
      const handle = await openConfiguredDatabase(config.database);
      close = () => handle.close();
      store = new SqlLeaseStore(handle.db);
    }
    const leases = await store.list(JOB_NAMES);
    if (leases.length === 0) line('warn', 'job leases', 'none held: no node runs background jobs');
    const now = Date.now();
    for (const lease of leases) {
      const { outcome, detail } = describe(lease, now);
      line(outcome, `job lease ${lease.job}`, detail);
    }
  } catch (error) {
    line('fail', 'job leases', `cannot be read: ${(error as Error).message}`);
  } finally {
    redis?.disconnect();
    await close();
  }
}
