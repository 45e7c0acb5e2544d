import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobLeaseStore, LeaseHolder } from '../../src/leases/job-lease-store.js';
import { RedisLeaseStore } from '../../src/leases/redis-lease-store.js';
import { SqlLeaseStore } from '../../src/leases/sql-lease-store.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

const LEASE_MS = 300;
const master: LeaseHolder = { id: 'master/node-a:1:aaaa', role: 'master' };
const slaveB: LeaseHolder = { id: 'slave/node-b:2:bbbb', role: 'slave' };
const slaveC: LeaseHolder = { id: 'slave/node-c:3:cccc', role: 'slave' };

/** A store and the way to let a lease lapse (a frozen clock moved on, or real time for Redis). */
interface StoreUnderTest {
  store: JobLeaseStore;
  lapse(): Promise<void>;
  /** Whether a lapsed lease still names its old holder (a row does; a Redis key is gone). */
  keepsLapsedHolder: boolean;
}

/** The lease state machine every store implements. */
function leaseContract(setUp: () => StoreUnderTest, prefix: string): void {
  it('has one holder at a time; renewal and release are the holder’s alone', async () => {
    const { store } = setUp();
    const job = `${prefix}-one`;
    expect(await store.acquire(job, slaveB, LEASE_MS)).toEqual({ held: true });
    expect(await store.acquire(job, slaveC, LEASE_MS)).toEqual({ held: false, holder: slaveB.id });
    expect(await store.acquire(job, slaveB, LEASE_MS)).toEqual({ held: true });
    expect(await store.renew(job, slaveB, LEASE_MS)).toBe(true);
    expect(await store.renew(job, slaveC, LEASE_MS)).toBe(false);
    await store.release(job, slaveC); // not its lease: nothing happens
    expect(await store.list([job, `${prefix}-absent`])).toEqual([
      expect.objectContaining({ job, holder: slaveB.id }),
    ]);
    await store.release(job, slaveB);
    expect(await store.list([job])).toEqual([]);
    expect(await store.acquire(job, slaveC, LEASE_MS)).toEqual({ held: true });
    await store.release(job, slaveC);
  });

  it('lets another process take a lapsed lease over, and refuses the old holder’s renewal', async () => {
    const { store, lapse, keepsLapsedHolder } = setUp();
    const job = `${prefix}-lapse`;
    expect(await store.acquire(job, slaveB, LEASE_MS)).toEqual({ held: true });
    await lapse(); // the holder paused or died: no renewal
    expect(await store.acquire(job, slaveC, LEASE_MS)).toEqual(
      keepsLapsedHolder ? { held: true, previous: slaveB.id } : { held: true },
    );
    expect(await store.renew(job, slaveB, LEASE_MS)).toBe(false);
    expect(await store.acquire(job, slaveB, LEASE_MS)).toEqual({ held: false, holder: slaveC.id });
    await store.release(job, slaveC);
  });

  it('gives a master a slave’s lease at once, never a slave a live master’s', async () => {
    const { store } = setUp();
    const job = `${prefix}-master`;
    expect(await store.acquire(job, slaveB, LEASE_MS)).toEqual({ held: true });
    expect(await store.acquire(job, master, LEASE_MS)).toEqual({ held: true, previous: slaveB.id });
    expect(await store.renew(job, slaveB, LEASE_MS)).toBe(false);
    expect(await store.acquire(job, slaveB, LEASE_MS)).toEqual({ held: false, holder: master.id });
    const [lease] = await store.list([job]);
    // The master's own term: a fresh lease, not the slave's remainder (Redis rounds to its clock).
    expect(lease.since).toBeGreaterThan(0);
    expect(Math.abs(lease.expires - lease.since - LEASE_MS)).toBeLessThan(100);
    await store.release(job, master);
  });
}

describe.each(testDatabaseKinds().filter((kind) => kind !== 'sqlite'))(
  'job leases in the database on %s',
  (kind) => {
    let database: TestDatabase;
    let clock = 1_800_000_000_000;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => database?.drop());

    leaseContract(
      () => ({
        store: new SqlLeaseStore(database.handle.db, () => clock),
        lapse: async () => {
          clock += LEASE_MS + 1;
        },
        keepsLapsedHolder: true,
      }),
      'sql',
    );
  },
);

describe.skipIf(!process.env.TEST_REDIS_URL)('job leases in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(() => redis?.disconnect());

  leaseContract(
    () => ({
      store: new RedisLeaseStore(redis),
      lapse: () => new Promise((resolve) => setTimeout(resolve, LEASE_MS + 50)),
      keepsLapsedHolder: false,
    }),
    `redis-${process.pid}`,
  );
});
