import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/open-database.js';
import type { JobLeaseStore } from './job-lease-store.js';
import { RedisLeaseStore } from './redis-lease-store.js';
import { SqlLeaseStore } from './sql-lease-store.js';

/**
 * Where this deployment keeps its job leases: none on SQLite (one machine: its master runs the
 * jobs, as before leases), Redis when configured, else the `job_leases` table.
 */
export function chooseLeaseStore(
  database: DatabaseHandle,
  redis: Redis | undefined,
): JobLeaseStore | undefined {
  if (database.dialect === 'sqlite') return undefined;
  return redis ? new RedisLeaseStore(redis) : new SqlLeaseStore(database.db);
}
