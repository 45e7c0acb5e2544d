import type { Redis } from 'ioredis';
import {
  type AcquireResult,
  type JobLeaseStore,
  type LeaseHolder,
  type LeaseView,
} from './job-lease-store.js';

/** Where a job's lease lives: a hash of `holder` and `since`, expiring with the lease (PX). */
const leaseKey = (job: string) => `job_lease:${job}`;

// Take the lease when it is absent (expired), ours, or a slave's and we are a master. Answers
// {1, previous holder or ''} when held after the call, {0, holder} otherwise.
const ACQUIRE = `
local holder = redis.call('HGET', KEYS[1], 'holder')
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, ''}
end
if holder and not (ARGV[3] == 'master' and string.sub(holder, 1, 6) == 'slave/') then
  return {0, holder}
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'since', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return {1, holder or ''}
`;

// Compare and renew: only the holder extends its lease.
const RENEW = `
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`;

const RELEASE = `
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/**
 * Leases in Redis (when REDIS_CONN_STRING is set): each a key that expires with the lease, taken
 * and renewed by scripts, so a check and its write are one atomic step. Expiry is Redis's own
 * clock; only `since` is this node's.
 */
export class RedisLeaseStore implements JobLeaseStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number = Date.now,
  ) {}

  async acquire(job: string, holder: LeaseHolder, leaseMs: number): Promise<AcquireResult> {
    const [held, other] = (await this.redis.eval(
      ACQUIRE,
      1,
      leaseKey(job),
      holder.id,
      String(leaseMs),
      holder.role,
      String(this.now()),
    )) as [number, string];
    if (held !== 1) return { held: false, holder: other };
    return other ? { held: true, previous: other } : { held: true };
  }

  async renew(job: string, holder: LeaseHolder, leaseMs: number): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, leaseKey(job), holder.id, String(leaseMs))) === 1;
  }

  async release(job: string, holder: LeaseHolder): Promise<void> {
    await this.redis.eval(RELEASE, 1, leaseKey(job), holder.id);
  }

  async list(jobs: readonly string[]): Promise<LeaseView[]> {
    const pipeline = this.redis.pipeline();
    for (const job of jobs) pipeline.hgetall(leaseKey(job)).pttl(leaseKey(job));
    const answers = (await pipeline.exec()) ?? [];
    const now = this.now();
    const leases: LeaseView[] = [];
    jobs.forEach((job, index) => {
      const fields = answers[index * 2]?.[1] as Record<string, string> | undefined;
      const ttl = Number(answers[index * 2 + 1]?.[1] ?? -2);
      if (!fields?.holder || ttl < 0) return;
      leases.push({ job, holder: fields.holder, since: Number(fields.since), expires: now + ttl });
    });
    return leases;
  }
}
