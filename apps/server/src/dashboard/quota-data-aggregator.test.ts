import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import type { Database } from '../db/schema.js';
import { createQuotaDataAggregator } from './quota-data-aggregator.js';

const HOUR = 3600;
/** 2025-01-01T10:00:00Z, the start of an hour. */
const BASE_HOUR = 1_735_725_600;

function fakeOptions(values: Record<string, boolean | number> = {}) {
  const settings: Record<string, boolean | number> = {
    DataExportEnabled: true,
    LogConsumeEnabled: true,
    DataExportInterval: 5,
    ...values,
  };
  return {
    settings,
    getBoolean: (key: string) => settings[key] === true,
    getNumber: (key: string) => Number(settings[key]),
  };
}

/** A database whose transactions always fail, to simulate an outage during a flush. */
const brokenDb = {
  transaction: () => ({
    execute: async () => {
      throw new Error('database is down');
    },
  }),
} as unknown as Kysely<Database>;

function usage(
  overrides: Partial<Parameters<ReturnType<typeof createQuotaDataAggregator>['record']>[0]> = {},
) {
  return {
    userId: 7,
    username: 'alice',
    modelName: 'gpt-4o',
    createdAt: BASE_HOUR + 120,
    tokensUsed: 100,
    quota: 50,
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('quota data aggregator on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;

  async function rows() {
    const found = await db
      .selectFrom('quota_data')
      .selectAll()
      .orderBy('created_at')
      .orderBy('model_name')
      .orderBy('id')
      .execute();
    // The cache columns have a test of their own.
    return found.map(({ id: _id, cache_hits: _hits, cache_saved_quota: _saved, ...row }) => ({
      ...row,
      user_id: Number(row.user_id),
      created_at: Number(row.created_at),
      token_used: Number(row.token_used),
      count: Number(row.count),
      quota: Number(row.quota),
    }));
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
  });
  afterAll(async () => {
    await database?.drop();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await db.deleteFrom('quota_data').execute();
  });

  it('sums calls per user, model and hour, then adds to existing rows on the next flush', async () => {
    const aggregator = createQuotaDataAggregator(fakeOptions());
    aggregator.record(usage());
    aggregator.record(usage({ createdAt: BASE_HOUR + HOUR - 1, tokensUsed: 10, quota: 5 }));
    aggregator.record(usage({ createdAt: BASE_HOUR + HOUR, tokensUsed: 1, quota: 1 }));
    aggregator.record(usage({ modelName: 'claude-3', tokensUsed: 3, quota: 2 }));
    aggregator.record(usage({ userId: 8, username: 'bob' }));
    expect(aggregator.pendingBuckets()).toBe(4);

    expect(await aggregator.flush(db)).toBe(4);
    expect(aggregator.pendingBuckets()).toBe(0);
    expect(await rows()).toEqual([
      {
        user_id: 7,
        username: 'alice',
        model_name: 'claude-3',
        created_at: BASE_HOUR,
        token_used: 3,
        count: 1,
        quota: 2,
      },
      {
        user_id: 7,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: BASE_HOUR,
        token_used: 110,
        count: 2,
        quota: 55,
      },
      {
        user_id: 8,
        username: 'bob',
        model_name: 'gpt-4o',
        created_at: BASE_HOUR,
        token_used: 100,
        count: 1,
        quota: 50,
      },
      {
        user_id: 7,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: BASE_HOUR + HOUR,
        token_used: 1,
        count: 1,
        quota: 1,
      },
    ]);

    aggregator.record(usage({ tokensUsed: 1000, quota: 500 }));
    expect(await aggregator.flush(db)).toBe(1);
    expect(await aggregator.flush(db)).toBe(0);
    const gpt = (await rows()).filter(
      (row) => row.user_id === 7 && row.model_name === 'gpt-4o' && row.created_at === BASE_HOUR,
    );
    expect(gpt).toEqual([
      {
        user_id: 7,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: BASE_HOUR,
        token_used: 1110,
        count: 3,
        quota: 555,
      },
    ]);
  });

  it('counts response cache hits and the quota they saved, beside the calls', async () => {
    const aggregator = createQuotaDataAggregator(fakeOptions());
    aggregator.record(usage({ quota: 0, cacheHit: { savedQuota: 50 } }));
    await aggregator.flush(db);
    aggregator.record(usage({ quota: 10, cacheHit: { savedQuota: 40 } }));
    aggregator.record(usage());
    await aggregator.flush(db);
    const found = await db
      .selectFrom('quota_data')
      .select(['count', 'quota', 'cache_hits', 'cache_saved_quota'])
      .execute();
    expect(found.map((row) => Object.values(row).map(Number))).toEqual([[3, 60, 2, 90]]);
  });

  it('ignores calls while data export or consume logging is off', async () => {
    const options = fakeOptions({ DataExportEnabled: false });
    const aggregator = createQuotaDataAggregator(options);
    aggregator.record(usage());
    expect(aggregator.pendingBuckets()).toBe(0);
    options.settings.DataExportEnabled = true;
    options.settings.LogConsumeEnabled = false;
    aggregator.record(usage());
    expect(aggregator.pendingBuckets()).toBe(0);
    expect(await aggregator.flush(db)).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it('keeps the sums of a failed flush for the next one', async () => {
    const aggregator = createQuotaDataAggregator(fakeOptions());
    aggregator.record(usage());
    await expect(aggregator.flush(brokenDb)).rejects.toThrow('database is down');
    expect(aggregator.pendingBuckets()).toBe(1);
    aggregator.record(usage({ tokensUsed: 1, quota: 1 }));
    expect(await aggregator.flush(db)).toBe(1);
    expect(await rows()).toEqual([
      {
        user_id: 7,
        username: 'alice',
        model_name: 'gpt-4o',
        created_at: BASE_HOUR,
        token_used: 101,
        count: 2,
        quota: 51,
      },
    ]);
  });

  it('adds to one row only when a bucket already has duplicates', async () => {
    const bucket = { user_id: 7, username: 'alice', model_name: 'gpt-4o', created_at: BASE_HOUR };
    await db
      .insertInto('quota_data')
      .values([
        { ...bucket, token_used: 1, count: 1, quota: 1 },
        { ...bucket, token_used: 2, count: 1, quota: 2 },
      ])
      .execute();
    const aggregator = createQuotaDataAggregator(fakeOptions());
    aggregator.record(usage());
    await aggregator.flush(db);
    const found = await rows();
    expect(found.map((row) => row.quota)).toEqual([51, 2]);
  });

  it('cuts names to the 64-character columns', async () => {
    const aggregator = createQuotaDataAggregator(fakeOptions());
    aggregator.record(usage({ modelName: 'm'.repeat(80), username: 'u'.repeat(70) }));
    await aggregator.flush(db);
    const [row] = await rows();
    expect(row.model_name).toBe('m'.repeat(64));
    expect(row.username).toBe('u'.repeat(64));
  });

  it('flushes on the DataExportInterval schedule and on stop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const aggregator = createQuotaDataAggregator(fakeOptions({ DataExportInterval: 2 }));
    aggregator.start(db);
    aggregator.record(usage());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(aggregator.pendingBuckets()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(aggregator.pendingBuckets()).toBe(0);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await rows()).toHaveLength(1));

    aggregator.record(usage({ tokensUsed: 1, quota: 1 }));
    await aggregator.stop();
    expect(aggregator.pendingBuckets()).toBe(0);
    expect((await rows()).map((row) => row.count)).toEqual([2]);

    // Stopped: a later call waits until someone flushes explicitly.
    aggregator.record(usage());
    await aggregator.stop();
    expect(aggregator.pendingBuckets()).toBe(1);
    await aggregator.stop(db);
    expect((await rows()).map((row) => row.count)).toEqual([3]);
  });
});
