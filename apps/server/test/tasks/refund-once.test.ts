import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';
import { failAndRefund } from '../../src/tasks/task-refund.js';
import { pollAllTasks } from '../../src/tasks/task-polling.js';
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

  it('polls only on the master node', async () => {
    const database = fixture.harness.config.database;
    expect(fixture.harness.runtime.pollsTasks).toBe(false); // UPDATE_TASK=false
    const slave = await createTestApp(
      kind,
      { NODE_TYPE: 'slave', UPDATE_TASK: 'true' },
      { dsn: database.dsn ?? '', sqlitePath: database.sqlitePath ?? '' },
    );
    try {
      expect(slave.runtime.pollsTasks).toBe(false);
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
