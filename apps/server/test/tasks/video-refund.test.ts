import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failAndRefund } from '../../src/tasks/task-refund.js';
import { pollAllTasks } from '../../src/tasks/task-polling.js';
import { testDatabaseKinds } from '../support/test-databases.js';
import { logsOfType } from './task-fixture.js';
import { createVideoFixture, type VideoFixture } from './video-fixture.js';

describe.each(testDatabaseKinds())('video task billing rows on %s', { timeout: 30_000 }, (kind) => {
  let fixture: VideoFixture;

  beforeAll(async () => {
    fixture = await createVideoFixture(kind);
  }, 60_000);
  afterAll(async () => fixture?.close());

  it('charges once with its rows and refunds a failed task once across racing pollers', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/v1/videos', {
      model: 'sora-2',
      prompt: 'mock:fail race',
      seconds: '8',
    });
    expect(submitted.status).toBe(200);
    const id = String(submitted.json.id);
    const price = Math.trunc(0.1 * 1 * 8 * fixture.quotaPerUnit);
    expect(before.token - (await fixture.balances()).token).toBe(price);
    const row = await fixture.taskRow(id);
    expect(row).toMatchObject({
      platform: 'sora',
      action: 'generate',
      status: 'SUBMITTED',
      channel_id: fixture.soraChannelId,
      token_id: fixture.limited.id,
      quota: price,
    });
    expect(JSON.parse(String(row.private_data))).toEqual({
      upstream_task_id: expect.stringMatching(/^video_mock/),
      upstream_model: 'sora-2',
    });
    expect(JSON.parse(String(row.properties))).toEqual({
      input: 'mock:fail race',
      model: 'sora-2',
      seconds: 8,
      size: '',
    });
    const consume = (await logsOfType(fixture, 2)).filter((log) =>
      String(log.content).endsWith(`ID ${id}`),
    );
    expect(consume).toHaveLength(1);
    expect(consume[0]).toMatchObject({ model_name: 'sora-2', quota: price });
    expect(JSON.parse(String(consume[0].other))).toMatchObject({
      model_price: 0.1,
      other_ratios: { seconds: 8, size: 1 },
    });

    await fixture.poll();
    await fixture.poll();
    // The next report is the failure: three pollers (as nodes would) see it at once.
    const relay = fixture.harness.runtime.context.relay;
    await Promise.all([pollAllTasks(relay), pollAllTasks(relay), pollAllTasks(relay)]);
    expect(await fixture.balances()).toEqual(before);
    expect(await fixture.taskRow(id)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'mock upstream failure',
      progress: '100%',
    });
    const refunds = (await logsOfType(fixture, 4)).filter((log) =>
      String(log.content).startsWith(`异步任务执行失败 ${id}`),
    );
    expect(refunds).toHaveLength(1);

    // Two transitions racing on a live task: exactly one refunds it.
    const hanging = await fixture.post('/v1/videos', { model: 'sora-2', prompt: 'mock:hang' });
    const live = await fixture.taskRow(String(hanging.json.id));
    const task = {
      table: 'tasks' as const,
      id: Number(live.id),
      userId: Number(live.user_id),
      tokenId: Number(live.token_id),
      quota: Number(live.quota),
      reason: 'raced',
      logContent: 'raced {quota}',
    };
    const results = await Promise.all([failAndRefund(relay, task), failAndRefund(relay, task)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await fixture.balances()).toEqual(before);
  });
});
