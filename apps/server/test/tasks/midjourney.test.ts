import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDatabaseKinds } from '../support/test-databases.js';
import { createTaskFixture, logsOfType, TOKEN_QUOTA, type TaskFixture } from './task-fixture.js';

describe.each(appDatabaseKinds())('Midjourney relay on %s', { timeout: 30_000 }, (kind) => {
  let fixture: TaskFixture;
  let price: number;

  beforeAll(async () => {
    fixture = await createTaskFixture(kind);
    const options = fixture.harness.runtime.context.options;
    price = Math.trunc(
      (options.getJson('ModelPrice') as Record<string, number>).mj_imagine *
        options.getNumber('QuotaPerUnit'),
    );
    expect(price).toBeGreaterThan(0);
  }, 60_000);
  afterAll(async () => fixture?.close());

  it('charges a submission once, polls it to success and serves its image through the proxy', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'a red fox --fast' });
    expect(submitted.status).toBe(200);
    expect(submitted.json).toMatchObject({ code: 1, description: '提交成功' });
    const id = String(submitted.json.result);
    // The channel key went upstream in mj-api-secret.
    const sent = fixture.mock.requests.find((request) => request.path === '/mj/submit/imagine');
    expect(sent?.headers['mj-api-secret']).toBe('mj-upstream-secret');
    const charged = await fixture.balances();
    expect(before.user - charged.user).toBe(price);
    expect(before.token - charged.token).toBe(price);
    const consume = (await logsOfType(fixture, 2)).filter((row) => row.model_name === 'mj_imagine');
    expect(consume).toHaveLength(1);
    expect(consume[0].quota).toBe(price);
    expect(consume[0].content).toContain(`操作 IMAGINE，ID ${id}`);

    await fixture.poll(); // SUBMITTED
    await fixture.poll(); // IN_PROGRESS 50%
    let task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({ id, status: 'IN_PROGRESS', progress: '50%' });
    expect(task.json.imageUrl).toMatch(
      new RegExp(`^${fixture.url}/mj/image/${id}\\?sig=[\\w-]{32}&rand=`),
    );
    await fixture.poll(); // SUCCESS
    task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({
      id,
      action: 'IMAGINE',
      status: 'SUCCESS',
      progress: '100%',
    });
    expect(task.json.imageUrl).toMatch(
      new RegExp(`^${fixture.url}/mj/image/${id}\\?sig=[\\w-]{32}$`),
    );
    expect(task.json.buttons).toHaveLength(4);

    const image = await fetch(task.json.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(50);
    // The link cannot be guessed from the task id: without its signature, or with another
    // task's, the proxy answers as for an unknown task.
    const signature = new URL(task.json.imageUrl).searchParams.get('sig') ?? '';
    const refusals = [
      `/mj/image/${id}`,
      `/mj/image/${id}?sig=`,
      `/mj/image/${id}?sig=${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `/mj/image/${id}?sig=${signature}x`,
      `/mj/image/unknown?sig=${signature}`,
    ];
    for (const path of refusals) {
      const refused = await fetch(`${fixture.url}${path}`);
      expect({ path, status: refused.status }).toEqual({ path, status: 400 });
      expect(await refused.json()).toEqual({ error: 'midjourney_task_not_found' });
    }
    // The image address is fetched through the outbound guard: the channel's own origin (the mock,
    // on loopback) is allowed, any other internal address refused, this server's own included.
    const db = fixture.harness.runtime.context.database.db;
    for (const internal of [
      `${fixture.url}/api/status`,
      'http://169.254.169.254/latest/meta-data/',
      `http://localhost:${new URL(fixture.mock.url).port}/mj-files/${id}.png`,
    ]) {
      await db
        .updateTable('midjourneys')
        .set({ image_url: internal })
        .where('mj_id', '=', id)
        .execute();
      const refused = await fetch(task.json.imageUrl);
      expect({ internal, status: refused.status }).toEqual({ internal, status: 502 });
      expect(await refused.json()).toEqual({ error: 'midjourney_image_address_refused' });
    }
    await db
      .updateTable('midjourneys')
      .set({ image_url: `${fixture.mock.url}/mj-files/${id}.png` })
      .where('mj_id', '=', id)
      .execute();
    expect((await fetch(task.json.imageUrl)).status).toBe(200);

    const seed = await fixture.get(`/mj/task/${id}/image-seed`);
    expect(seed.json).toMatchObject({ code: 1, result: `seed-${id}` });
    const listed = await fixture.post('/mj/task/list-by-condition', { ids: [id, 'other'] });
    expect(listed.json.map((item: { id: string }) => item.id)).toEqual([id]);
    // Success costs nothing more; the mode path works as well.
    expect(await fixture.balances()).toEqual(charged);
    const viaMode = await fixture.get(`/mj-fast/mj/task/${id}/fetch`);
    expect(viaMode.json.id).toBe(id);

    // The console lists it (admin, with the channel; self, the caller's).
    const admin = await fixture.harness.call(fixture.root, 'GET', `/api/mj/?p=0&mj_id=${id}`);
    expect(admin.json().data).toHaveLength(1);
    expect(admin.json().data[0]).toMatchObject({ mj_id: id, channel_id: fixture.mjChannelId });
    const mine = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/mj/self?p=0&start_timestamp=${Date.now() - 60_000}&end_timestamp=${Date.now() + 60_000}`,
    );
    expect(mine.json().data.some((row: { mj_id: string }) => row.mj_id === id)).toBe(true);
  });

  it('refunds a task that failed upstream exactly once, to the user and the token', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'mock:fail a cat' });
    const id = String(submitted.json.result);
    expect((await fixture.balances()).token).toBe(before.token - price);
    for (let round = 0; round < 3; round += 1) await fixture.poll();
    const task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({ status: 'FAILURE', progress: '100%' });
    expect(task.json.failReason).toBe('mock upstream failure');
    expect(await fixture.balances()).toEqual(before);
    // Further rounds (and a notify) never refund again.
    await fixture.poll();
    await fixture.post('/mj/notify', { id, status: 'FAILURE', failReason: 'again' });
    expect(await fixture.balances()).toEqual(before);
    const refunds = (await logsOfType(fixture, 4)).filter((row) =>
      String(row.content).startsWith(`构图失败 ${id}`),
    );
    expect(refunds).toHaveLength(1);
  });

  it('takes a notify as a hint: the task is read again from its channel, never from the body', async () => {
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'a lighthouse' });
    const id = String(submitted.json.result);
    const charged = await fixture.balances();
    expect(before.token - charged.token).toBe(price);
    const lists = () =>
      fixture.mock.requests.filter((request) => request.path === '/mj/task/list-by-condition')
        .length;

    // The key holder claims the task failed and points its image at an internal address.
    const listedBefore = lists();
    const claim = await fixture.post('/mj/notify', {
      id,
      status: 'FAILURE',
      failReason: 'claimed by the caller',
      progress: '100%',
      imageUrl: `${fixture.url}/metrics`,
    });
    expect(claim.json).toEqual({ code: 1, description: 'success', result: id });
    // Upstream was asked, and its answer (submitted, then in progress) is what was stored.
    expect(lists()).toBe(listedBefore + 1);
    let task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({ id, status: 'SUBMITTED', failReason: '' });
    await fixture.post('/mj/notify', { id, status: 'FAILURE', imageUrl: 'http://127.0.0.1:1/' });
    task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({ id, status: 'IN_PROGRESS', progress: '50%' });
    const stored = await fixture.harness.runtime.context.database.db
      .selectFrom('midjourneys')
      .select('image_url')
      .where('mj_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.image_url).toBe(`${fixture.mock.url}/mj-files/${id}.png`);
    expect(await fixture.balances()).toEqual(charged);

    // Upstream finishes it: a later FAILURE claim changes nothing and asks upstream no more.
    await fixture.post('/mj/notify', { id });
    task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    const listedDone = lists();
    await fixture.post('/mj/notify', { id, status: 'FAILURE', failReason: 'too late' });
    expect(lists()).toBe(listedDone);
    expect(await fixture.balances()).toEqual(charged);
    expect(
      (await logsOfType(fixture, 4)).filter((row) => String(row.content).includes(id)),
    ).toHaveLength(0);

    // A task that really failed upstream is refunded once when a notify says so.
    const failing = await fixture.post('/mj/submit/imagine', { prompt: 'mock:fail a boat' });
    const failingId = String(failing.json.result);
    for (let round = 0; round < 3; round += 1) await fixture.post('/mj/notify', { id: failingId });
    task = await fixture.get(`/mj/task/${failingId}/fetch`);
    expect(task.json).toMatchObject({ status: 'FAILURE', failReason: 'mock upstream failure' });
    expect(await fixture.balances()).toEqual(charged);

    // Malformed bodies and unknown tasks are refused in the Midjourney shape.
    expect((await fixture.post('/mj/notify', { status: 'FAILURE' })).json).toMatchObject({
      code: 4,
      description: 'bind_request_body_failed',
    });
    expect((await fixture.post('/mj/notify', { id: 'nope' })).json).toMatchObject({
      code: 4,
      description: 'task_no_found',
    });
  });

  it('refuses a follow-up on another user’s task and answers MJ errors in their shape', async () => {
    const done = await fixture.post('/mj/submit/imagine', { prompt: 'a house' });
    const id = String(done.json.result);
    for (let round = 0; round < 3; round += 1) await fixture.poll();
    await fixture.harness.call(fixture.root, 'POST', '/api/user/', {
      username: 'bob',
      password: 'password123',
      display_name: 'bob',
    });
    const bob = await fixture.harness.login('bob', 'password123');
    await fixture.harness.call(bob, 'POST', '/api/token/', {
      name: 'bob-token',
      unlimited_quota: true,
    });
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('tokens')
      .select('key')
      .where('name', '=', 'bob-token')
      .executeTakeFirstOrThrow();
    const bobKey = `sk-${row.key}`;
    await fixture.harness.runtime.context.database.db
      .updateTable('users')
      .set({ quota: 0 })
      .where('id', '=', bob.userId)
      .execute();
    fixture.harness.runtime.context.events.emit('user-changed', { userId: bob.userId });
    const broke = await fixture.post('/mj/submit/imagine', { prompt: 'x' }, bobKey);
    expect(broke.json).toEqual({
      description: 'quota_not_enough',
      type: 'upstream_error',
      code: 4,
    });
    await fixture.harness.runtime.context.database.db
      .updateTable('users')
      .set({ quota: 100_000_000 })
      .where('id', '=', bob.userId)
      .execute();
    fixture.harness.runtime.context.events.emit('user-changed', { userId: bob.userId });
    const refused = await fixture.post('/mj/submit/simple-change', { content: `${id} U1` }, bobKey);
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      description: 'task_not_found',
      type: 'upstream_error',
      code: 4,
    });
    expect((await fixture.get(`/mj/task/${id}/fetch`, bobKey)).json).toMatchObject({ code: 4 });
    // The owner's follow-up goes to the original channel, billed as mj_upscale.
    const upscale = await fixture.post('/mj/submit/simple-change', { content: `${id} U1` });
    expect(upscale.json.code).toBe(1);
    const follow = await fixture.harness.runtime.context.database.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', String(upscale.json.result))
      .executeTakeFirstOrThrow();
    expect(follow).toMatchObject({
      action: 'UPSCALE',
      prompt: 'a house',
      channel_id: fixture.mjChannelId,
    });

    const missing = await fixture.post('/mj/submit/imagine', {});
    expect(missing.json).toEqual({
      description: 'prompt_is_required',
      type: 'upstream_error',
      code: 4,
    });
    // A refused submission costs nothing and is recorded as failed.
    const before = await fixture.balances();
    const banned = await fixture.post('/mj/submit/imagine', { prompt: 'mock:refuse x' });
    expect(banned.json.code).toBe(24);
    expect(await fixture.balances()).toEqual(before);
  });

  it('fails and refunds the tasks of a channel disabled mid-task', async () => {
    // Earlier tasks finish first.
    for (let round = 0; round < 3; round += 1) await fixture.poll();
    const before = await fixture.balances();
    const submitted = await fixture.post('/mj/submit/imagine', { prompt: 'mock:hang slow' });
    const id = String(submitted.json.result);
    await fixture.poll();
    const disabled = await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
      id: fixture.mjChannelId,
      status: 2,
    });
    expect(disabled.json().success).toBe(true);
    await fixture.harness.runtime.context.relay.channels.refresh();
    await fixture.poll();
    const task = await fixture.get(`/mj/task/${id}/fetch`);
    expect(task.json).toMatchObject({
      status: 'FAILURE',
      failReason: `获取渠道信息失败，请联系管理员，渠道ID：${fixture.mjChannelId}`,
    });
    expect(await fixture.balances()).toEqual(before);
    expect(before.token).toBeLessThan(TOKEN_QUOTA);
  });

  it('disables a channel whose upstream has no account left (code 3)', async () => {
    const enabled = await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
      id: fixture.mjChannelId,
      status: 1,
    });
    expect(enabled.json().success).toBe(true);
    await fixture.harness.runtime.context.relay.channels.refresh();
    await fixture.harness.runtime.context.options.update('AutomaticDisableChannelEnabled', 'true');
    const before = await fixture.balances();
    const answer = await fixture.post('/mj/submit/imagine', { prompt: 'mock:no-account x' });
    expect(answer.json.code).toBe(3);
    expect(await fixture.balances()).toEqual(before);
    await fixture.harness.runtime.context.relay.inFlight.idle();
    await expect
      .poll(async () => {
        const row = await fixture.harness.runtime.context.database.db
          .selectFrom('channels')
          .select('status')
          .where('id', '=', fixture.mjChannelId)
          .executeTakeFirstOrThrow();
        return row.status;
      })
      .toBe(2);
  });
});
