import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDatabaseKinds } from '../support/test-databases.js';
import { createTaskFixture, logsOfType, type TaskFixture } from './task-fixture.js';

describe.each(appDatabaseKinds())('Suno task relay on %s', { timeout: 30_000 }, (kind) => {
  let fixture: TaskFixture;
  let price: number;

  beforeAll(async () => {
    fixture = await createTaskFixture(kind);
    const options = fixture.harness.runtime.context.options;
    price = Math.trunc(
      (options.getJson('ModelPrice') as Record<string, number>).suno_music *
        options.getNumber('QuotaPerUnit'),
    );
  }, 60_000);
  afterAll(async () => fixture?.close());

  it('charges a music task once, polls it to success and refunds a failed one', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/suno/submit/music', { gpt_description_prompt: 'jazz' });
    expect(submitted.status).toBe(200);
    expect(submitted.json.code).toBe('success');
    const id = String(submitted.json.data);
    const sent = fixture.mock.requests.find((request) => request.path === '/suno/submit/MUSIC');
    expect(sent?.headers.authorization).toBe('Bearer suno-upstream-key');
    expect(sent?.body).toMatchObject({ mv: 'chirp-v3-0' });
    const charged = await fixture.balances();
    expect(before.user - charged.user).toBe(price);
    expect(before.token - charged.token).toBe(price);
    const consume = (await logsOfType(fixture, 2)).filter((row) => row.model_name === 'suno_music');
    expect(consume).toHaveLength(1);

    for (let round = 0; round < 3; round += 1) await fixture.poll();
    const one = await fixture.get(`/suno/fetch/${id}`);
    expect(one.json).toMatchObject({
      code: 'success',
      data: { task_id: id, action: 'MUSIC', status: 'SUCCESS', progress: '100%' },
    });
    expect(one.json.data.data[0].audio_url).toContain(id);
    const many = await fixture.post('/suno/fetch', { ids: [id, 'nope'] });
    expect(many.json.data).toHaveLength(1);
    expect((await fixture.get('/suno/fetch/nope')).json).toEqual({
      code: 'task_not_exist',
      message: 'task_not_exist',
      data: null,
    });

    const failing = await fixture.post('/suno/submit/music', { prompt: 'mock:fail noise' });
    const failedId = String(failing.json.data);
    expect((await fixture.balances()).token).toBe(charged.token - price);
    for (let round = 0; round < 4; round += 1) await fixture.poll();
    expect((await fixture.get(`/suno/fetch/${failedId}`)).json.data).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'mock upstream failure',
      progress: '100%',
    });
    expect(await fixture.balances()).toEqual(charged);
    const refunds = (await logsOfType(fixture, 4)).filter((row) =>
      String(row.content).startsWith(`异步任务执行失败 ${failedId}`),
    );
    expect(refunds).toHaveLength(1);

    // The console's task log: admin rows carry the channel, self rows do not.
    const admin = await fixture.harness.call(fixture.root, 'GET', `/api/task/?p=0&task_id=${id}`);
    expect(admin.json().data[0]).toMatchObject({ task_id: id, channel_id: fixture.sunoChannelId });
    const mine = await fixture.harness.call(fixture.root, 'GET', '/api/task/self?p=0');
    expect(mine.json().data).toHaveLength(2);
    expect(mine.json().data[0]).not.toHaveProperty('channel_id');
  });

  it('validates submissions and routes a continuation to the original channel', async () => {
    const invalid = await fixture.post('/suno/submit/video', {});
    expect(invalid.status).toBe(400);
    expect(invalid.json.code).toBe('invalid_action');
    const lyrics = await fixture.post('/suno/submit/lyrics', {});
    expect(lyrics.json).toMatchObject({ code: 'invalid_request', message: 'prompt_empty' });
    const unknown = await fixture.post('/suno/submit/music', {
      task_id: 'someone-elses',
      continue_clip_id: 'clip',
    });
    expect(unknown.json.code).toBe('task_not_exist');
    const first = await fixture.post('/suno/submit/music', { prompt: 'first' });
    const continued = await fixture.post('/suno/submit/music', {
      prompt: 'more',
      task_id: String(first.json.data),
      continue_clip_id: 'clip-1',
    });
    expect(continued.json.code).toBe('success');
  });
});
