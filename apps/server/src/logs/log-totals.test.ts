import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { pendingMigrationSteps } from '../db/migration-status.js';
import { hasLogTotals, installLogTotals, LOG_TOTALS_TABLE } from '../db/postgres-log-totals.js';
import type { NewLog } from '../db/schema.js';
import type { LogFilter } from './log-filter.js';
import { deleteLogsBefore, listLogs, sumConsumeQuota } from './log-repository.js';
import { startLogTotalsCompactor } from './log-totals-compactor.js';
import { compactLogTotals, measureFromTotals, splitIntoHours } from './log-totals.js';

describe('splitIntoHours', () => {
  const h = 3600;
  it('cuts a range into whole hours and the partial hours at its ends', () => {
    expect(splitIntoHours(10 * h + 5, 13 * h + 20)).toEqual({
      hoursFrom: 11 * h,
      hoursTo: 13 * h,
      edges: [
        { from: 10 * h + 5, to: 11 * h - 1 },
        { from: 13 * h, to: 13 * h + 20 },
      ],
    });
  });
  it('has no edge where the range starts or ends on an hour boundary', () => {
    // Inclusive ends: [10h, 12h − 1] is exactly two hours.
    expect(splitIntoHours(10 * h, 12 * h - 1)).toEqual({
      hoursFrom: 10 * h,
      hoursTo: 12 * h,
      edges: [],
    });
  });
  it('leaves an unbounded side open', () => {
    expect(splitIntoHours(0, 5 * h + 7)).toEqual({
      hoursFrom: undefined,
      hoursTo: 5 * h,
      edges: [{ from: 5 * h, to: 5 * h + 7 }],
    });
    expect(splitIntoHours(0, 0)).toEqual({ hoursFrom: undefined, hoursTo: undefined, edges: [] });
  });
  it('answers nothing for a range without a whole hour', () => {
    expect(splitIntoHours(10 * h + 5, 11 * h + 5)).toBeUndefined();
    expect(splitIntoHours(10 * h + 5, 10 * h + 9)).toBeUndefined();
  });
});

const postgres = process.env.TEST_POSTGRES_DSN ? describe : describe.skip;

postgres('hourly log totals on PostgreSQL', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  const h = 3600;
  const base = 1_790_000_000 - (1_790_000_000 % h);
  // A seeded generator: the same rows on every run.
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];

  /**
   * Generated rows, some without a time, type, model or quota: the columns are nullable in the
   * database (new-api's schema) though Tollgate never writes NULL there.
   */
  function logRows(count: number, spreadHours = 72): NewLog[] {
    const rows = Array.from({ length: count }, () => ({
      user_id: 1,
      created_at: random() < 0.02 ? null : base + Math.floor(random() * spreadHours * h),
      type: pick([2, 2, 2, 5, 1, null]),
      model_name: pick(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'claude-3-haiku', '', null]),
      quota: random() < 0.05 ? null : Math.floor(random() * 10_000),
    }));
    return rows as unknown as NewLog[];
  }

  /** Rows on the seconds where an off-by-one would show: hour boundaries and the filters' ends. */
  function boundaryRows(): NewLog[] {
    const seconds = [1233, 1234, 1235, 598, 599, 50 * h + 17, 50 * h + 18, 40 * h + 3, 40 * h + 4];
    for (let hour = 0; hour <= 72; hour += 1) seconds.push(hour * h - 1, hour * h, hour * h + 1);
    return seconds.map((second) => ({
      user_id: 1,
      created_at: base + second,
      type: 2,
      model_name: pick(['gpt-4o', 'claude-3-haiku']),
      quota: 1000 + second,
    }));
  }

  /** Filters the console sends: ranges with and without partial hours, types, model patterns. */
  const filters: LogFilter[] = [
    {},
    { startTimestamp: base + 1234, endTimestamp: base + 50 * h + 17 },
    { startTimestamp: base + 2 * h, endTimestamp: base + 30 * h - 1, type: 2 },
    { startTimestamp: base + 599, modelNamePattern: 'gpt-4%' },
    { endTimestamp: base + 40 * h + 3, type: 5, modelNamePattern: '%' },
    {
      startTimestamp: base + 3 * h + 1,
      endTimestamp: base + 71 * h,
      modelNamePattern: 'claude-3-haiku',
    },
    { type: 1 },
    { modelNamePattern: '' },
  ];

  /** Every filter's count and Σ consume quota from the totals equals the same over `logs`. */
  async function expectTotalsExact() {
    const db = database.handle.db;
    for (const filter of filters) {
      const fromRows = await listLogs(db, filter, 0, 1);
      const fromTotals = await listLogs(db, filter, 0, 1, { totals: true });
      expect(fromTotals.total, JSON.stringify(filter)).toBe(fromRows.total);
      expect(await sumConsumeQuota(db, filter, { totals: true }), JSON.stringify(filter)).toBe(
        await sumConsumeQuota(db, filter),
      );
      // The totals were read, not the rows.
      expect(await measureFromTotals(db, filter, 'count')).toBe(fromRows.total);
    }
  }

  async function totalsRows() {
    const { rows } = await sql<{ rows: string; unmerged: string }>`
      select count(*) as rows, count(*) filter (where not merged) as unmerged
      from ${sql.table(LOG_TOTALS_TABLE)}`.execute(database.handle.db);
    return { rows: Number(rows[0].rows), unmerged: Number(rows[0].unmerged) };
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('is installed by the migration and reported missing until then', async () => {
    expect(await hasLogTotals(database.handle)).toBe(true);
    await sql`drop trigger log_hourly_totals_on_insert on logs`.execute(database.handle.db);
    expect(await hasLogTotals(database.handle)).toBe(false);
    expect(await pendingMigrationSteps(database.handle, { tables: ['logs'] })).toEqual([
      'log totals (triggers on logs)',
    ]);
  });

  it('counts the rows already there at installation, then every insert, update, delete and truncate', async () => {
    const db = database.handle.db;
    // Rows written while the totals were missing (a database adopted from new-api).
    await db.insertInto('logs').values(logRows(400)).execute();
    await db.insertInto('logs').values(boundaryRows()).execute();
    await installLogTotals(database.handle);
    expect(await hasLogTotals(database.handle)).toBe(true);
    expect(await pendingMigrationSteps(database.handle, { tables: ['logs'] })).toEqual([]);
    await expectTotalsExact();

    await db.insertInto('logs').values(logRows(300)).execute();
    await db.insertInto('logs').values(boundaryRows()).execute();
    for (const row of logRows(20)) await db.insertInto('logs').values(row).execute();
    await expectTotalsExact();

    await db
      .updateTable('logs')
      .set({ type: 5, model_name: 'gpt-4o', quota: 77 })
      .where('id', '<', 60)
      .execute();
    await db
      .updateTable('logs')
      .set((eb) => ({ created_at: eb('created_at', '+', 5 * h) }))
      .where('id', '>', 600)
      .execute();
    await expectTotalsExact();

    expect(await deleteLogsBefore(db, base + 20 * h + 11, { batchSize: 37 })).toBeGreaterThan(0);
    await expectTotalsExact();

    expect((await totalsRows()).unmerged).toBeGreaterThan(0);
    while ((await compactLogTotals(db)) > 0);
    const compacted = await totalsRows();
    expect(compacted.unmerged).toBe(0);
    const { rows } = await sql<{ keys: string }>`
      select count(*) as keys from (
        select distinct created_at - ((created_at % 3600) + 3600) % 3600, type, model_name from logs
      ) k`.execute(db);
    expect(compacted.rows).toBe(Number(rows[0].keys));
    await expectTotalsExact();

    await sql`truncate logs`.execute(db);
    expect(await totalsRows()).toEqual({ rows: 0, unmerged: 0 });
    await expectTotalsExact();
  });

  it('stays exact with writers, deletes and compactions running at once, and never deadlocks', async () => {
    const db = database.handle.db;
    const writer = async () => {
      for (let round = 0; round < 15; round += 1) {
        await db.transaction().execute(async (transaction) => {
          // Two statements per transaction on the same keys, as a settlement batch of 200 rows.
          await transaction.insertInto('logs').values(logRows(12, 6)).execute();
          await transaction.insertInto('logs').values(logRows(12, 6)).execute();
        });
      }
    };
    const compactor = async () => {
      for (let round = 0; round < 20; round += 1) await compactLogTotals(db);
    };
    await Promise.all([
      writer(),
      writer(),
      writer(),
      compactor(),
      compactor(),
      deleteLogsBefore(db, base + 2 * h, { batchSize: 10, pauseMs: 5 }),
    ]);
    await expectTotalsExact();
    while ((await compactLogTotals(db)) > 0);
    await expectTotalsExact();
  });

  it('is folded by the background job on its own, and not before the totals exist', async () => {
    const db = database.handle.db;
    await db.insertInto('logs').values(logRows(50)).execute();
    expect((await totalsRows()).unmerged).toBeGreaterThan(0);
    const errors: unknown[] = [];
    let asked = 0;
    const installed = async () => (asked += 1) > 1;
    const job = startLogTotalsCompactor({
      logDb: db,
      installed,
      onError: (error) => errors.push(error),
      intervalMs: 20,
    });
    try {
      // The first run finds no totals and folds nothing; a later one folds everything.
      expect(await job.runOnce()).toBe(0);
      for (let tries = 0; (await totalsRows()).unmerged > 0 && tries < 250; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await totalsRows()).unmerged).toBe(0);
      expect(errors).toEqual([]);
      await expectTotalsExact();
    } finally {
      await job.stop();
    }
  });
});
