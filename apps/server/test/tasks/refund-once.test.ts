import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';
import { failAndRefund } from '../../src/tasks/task-refund.js';
import { pollAllTasks } from '../../src/tasks/task-polling.js';
import { SqlLeaseStore } from '../../src/leases/sql-lease-store.js';
import { startLeasedJob, type LeasedJob } from '../../src/leases/leased-job.js';
import type { BackgroundJob } from '../../src/lib/periodic-job.js';
import { createTaskFixture, logsOfType, type TaskFixture } from './task-fixture.js';

describe.each(testDatabaseKinds())('task refunds on %s', { timeout: 30_000 }, (kind) => {
  let fixture: TaskFixture;

  beforeAll(async () => {
    fixture = await createTaskFixture(kind);
  }, 60_000);
  afterAll(async () => fixture?.close());

  it('refunds once when two pollers race on the same failed task', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'mock:fail race' });
    const id = String(submitted.json.result);
    await fixture.poll();
    await fixture.poll();
    // The next report is the failure: two pollers (as two nodes would) see it at once.
    const relay = fixture.harness.runtime.context.relay;
    await Promise.all([pollAllTasks(relay), pollAllTasks(relay), pollAllTasks(relay)]);
    expect(await fixture.balances()).toEqual(before);
    const row = await relay.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', id)
      .executeTakeFirstOrThrow();
    // Direct racing transitions: exactly one wins (none here: the task is already final).
    const again = await Promise.all(
      [1, 2].map(() =>
        failAndRefund(relay, {
          table: 'midjourneys',
          id: row.id,
          userId: row.user_id,
          tokenId: row.token_id,
          quota: Number(row.quota),
          reason: 'x',
          logContent: 'x {quota}',
        }),
      ),
    );
    expect(again).toEqual([false, false]);
    const refunds = (await logsOfType(fixture, 4)).filter((log) =>
      String(log.content).startsWith(`构图失败 ${id}`),
    );
    expect(refunds).toHaveLength(1);
  });

  it('exactly one of two racing transitions refunds a live task', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'mock:hang race' });
    const relay = fixture.harness.runtime.context.relay;
    const row = await relay.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', String(submitted.json.result))
      .executeTakeFirstOrThrow();
    const task = {
      table: 'midjourneys' as const,
      id: row.id,
      userId: row.user_id,
      tokenId: row.token_id,
      quota: Number(row.quota),
      reason: 'raced',
      logContent: 'raced {quota}',
    };
    const results = await Promise.all([failAndRefund(relay, task), failAndRefund(relay, task)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await fixture.balances()).toEqual(before);
  });

  it('a poller that lost its lease while paused mid-refund refunds nothing twice', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'mock:hang lease' });
    const relay = fixture.harness.runtime.context.relay;
    const row = await relay.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', String(submitted.json.result))
      .executeTakeFirstOrThrow();
    let clock = 1_800_000_000_000; // frozen: only the test moves it
    const store = new SqlLeaseStore(relay.db, () => clock);
    const infos: string[] = [];
    let unpause = () => {};
    const paused = new Promise<void>((resolve) => (unpause = resolve));
    const refunds: Array<Promise<boolean>> = [];
    // One unit of the polling job: the failed task's refund (the first holder's is paused).
    const unit = (pause?: Promise<void>): BackgroundJob => {
      const refund = (async () => {
        await pause;
        return failAndRefund(relay, {
          table: 'midjourneys',
          id: row.id,
          userId: row.user_id,
          tokenId: row.token_id,
          quota: Number(row.quota),
          reason: 'lease race',
          logContent: `lease race ${row.mj_id} {quota}`,
        });
      })();
      refunds.push(refund);
      return { stop: async () => void (await refund) };
    };
    const holder = (id: string, pause?: Promise<void>): LeasedJob<BackgroundJob> =>
      startLeasedJob({
        job: `race-${row.id}`,
        store,
        holder: { id, role: 'slave' },
        leaseMs: 15_000,
        tickMs: 3_600_000, // ticks driven by the test
        now: () => clock,
        start: () => unit(pause),
        events: { info: (message) => infos.push(`${id}: ${message}`), error: () => {} },
      });
    // A job ticks once by itself at start (a 0 ms timer): let that tick run and finish, so every
    // later tick is the test's own and reads the clock after the test moved it.
    const settled = async (job: LeasedJob<BackgroundJob>) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await job.tick();
    };
    const first = holder('slave/a:1:aaaa', paused);
    await settled(first);
    expect(first.held()).toBe(true);
    const second = holder('slave/b:2:bbbb');
    await settled(second);
    expect(second.held()).toBe(false);
    // The first holder pauses mid-unit past its lease; the second takes over and refunds.
    clock += 15_001;
    await second.tick();
    expect(second.held()).toBe(true);
    expect(await refunds[1]).toBe(true);
    // The first resumes: its unit finishes (and changes nothing), its renewal is refused.
    unpause();
    expect(await refunds[0]).toBe(false);
    await first.tick();
    expect(first.held()).toBe(false);
    expect(infos).toEqual([
      `slave/a:1:aaaa: job lease taken: race-${row.id} runs here`,
      `slave/b:2:bbbb: job lease taken over: race-${row.id} now runs here`,
      `slave/a:1:aaaa: job lease lost: race-${row.id} stops here (taken over by another process)`,
    ]);
    await Promise.all([first.stop(), second.stop()]);
    expect(await store.list([`race-${row.id}`])).toEqual([]);
    expect(await fixture.balances()).toEqual(before);
    const logs = (await logsOfType(fixture, 4)).filter((log) =>
      String(log.content).startsWith(`lease race ${row.mj_id}`),
    );
    expect(logs).toHaveLength(1);
  });

  it('polls on the master node only on SQLite; on a shared database every node competes', async () => {
    const database = fixture.harness.config.database;
    expect(fixture.harness.runtime.pollsTasks).toBe(false); // UPDATE_TASK=false
    const slave = await createTestApp(
      kind,
      { NODE_TYPE: 'slave', UPDATE_TASK: 'true' },
      { dsn: database.dsn ?? '', sqlitePath: database.sqlitePath ?? '' },
    );
    try {
      // Without leases (SQLite) a slave never polls; with them it takes over when no node does.
      expect(slave.runtime.pollsTasks).toBe(kind !== 'sqlite');
    } finally {
      await slave.runtime.close();
      await slave.app.close();
    }
    const master = await createTestApp(
      kind,
      { UPDATE_TASK: 'true' },
      { dsn: database.dsn ?? '', sqlitePath: database.sqlitePath ?? '' },
    );
    try {
      expect(master.runtime.pollsTasks).toBe(true);
    } finally {
      await master.runtime.close();
      await master.app.close();
    }
  });
});
