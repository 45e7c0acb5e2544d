import { mockVideoBytes, MOCK_VIDEO_LENGTH } from '@tollgate/mock-upstream';
import OpenAI, { toFile } from 'openai';
import type { Video } from 'openai/resources/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser } from '../support/oauth-harness.js';
import { appDatabaseKinds } from '../support/test-databases.js';
import { logsOfType } from './task-fixture.js';
import { createVideoFixture, type VideoFixture } from './video-fixture.js';

/** The fields of OpenAI's video object, as the SDK types them. */
const VIDEO_FIELDS: ReadonlyArray<keyof Video> = [
  'id',
  'object',
  'model',
  'status',
  'progress',
  'created_at',
  'completed_at',
  'expires_at',
  'prompt',
  'remixed_from_video_id',
  'seconds',
  'size',
  'error',
];

describe.each(appDatabaseKinds())(
  'video tasks (OpenAI videos API) on %s',
  { timeout: 30_000 },
  (kind) => {
    let fixture: VideoFixture;
    let client: OpenAI;

    beforeAll(async () => {
      fixture = await createVideoFixture(kind);
      client = new OpenAI({
        apiKey: fixture.limited.apiKey,
        baseURL: `${fixture.url}/v1`,
        maxRetries: 0,
      });
    }, 60_000);
    afterAll(async () => fixture?.close());

    /** The upstream id Tollgate keeps for a public id (never shown to the client). */
    async function upstreamIdOf(publicId: string): Promise<string> {
      const row = await fixture.taskRow(publicId);
      return (JSON.parse(String(row.private_data)) as { upstream_task_id: string })
        .upstream_task_id;
    }

    it('creates with the SDK (multipart with input_reference), polls, retrieves and downloads', async () => {
      const before = await fixture.balances();
      const created = await client.videos.create({
        model: 'sora-2',
        prompt: 'a red kite over the sea',
        input_reference: await toFile(Buffer.from('fake png bytes'), 'kite.png', {
          type: 'image/png',
        }),
      });
      for (const field of VIDEO_FIELDS) expect(created).toHaveProperty(field);
      expect(created).toMatchObject({
        object: 'video',
        model: 'sora-2',
        status: 'queued',
        progress: 0,
        seconds: '4',
        remixed_from_video_id: null,
        error: null,
      });
      expect(created.id).toMatch(/^task_[A-Za-z0-9]{32}$/);
      const upstreamId = await upstreamIdOf(created.id);
      expect(upstreamId).toMatch(/^video_mock/);
      expect(JSON.stringify(created)).not.toContain(upstreamId);

      const sent = fixture.mock.requests.find(
        (request) => request.method === 'POST' && request.path === '/v1/videos',
      );
      expect(sent?.headers.authorization).toBe('Bearer sora-upstream-key');
      expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent?.form?.fields).toMatchObject({
        model: 'sora-2',
        prompt: 'a red kite over the sea',
      });
      expect(sent?.form?.files).toEqual([
        { field: 'input_reference', filename: 'kite.png', contentType: 'image/png', size: 14 },
      ]);

      // Charged once when upstream accepted it: 0.1 USD × 4 s × size tier 1.
      const price = Math.trunc(0.1 * 1 * 4 * fixture.quotaPerUnit);
      const charged = await fixture.balances();
      expect(before.user - charged.user).toBe(price);
      expect(before.token - charged.token).toBe(price);
      const consume = (await logsOfType(fixture, 2)).filter((row) => row.model_name === 'sora-2');
      expect(consume).toHaveLength(1);
      expect(consume[0]).toMatchObject({ quota: price, channel_id: fixture.soraChannelId });
      expect(String(consume[0].content)).toBe(
        `模型固定价格 0.10，分组倍率 1.00，seconds 4，size 1，操作 generate，ID ${created.id}`,
      );

      // Reading the task never calls upstream; the master's polling moves it along.
      const queued = await client.videos.retrieve(created.id);
      expect(queued.status).toBe('queued');
      await fixture.poll();
      expect(await client.videos.retrieve(created.id)).toMatchObject({
        status: 'queued',
        progress: 0,
      });
      await fixture.poll();
      expect(await client.videos.retrieve(created.id)).toMatchObject({
        status: 'in_progress',
        progress: 50,
      });
      await fixture.poll();
      const done = await client.videos.retrieve(created.id);
      for (const field of VIDEO_FIELDS) expect(done).toHaveProperty(field);
      expect(done).toMatchObject({
        id: created.id,
        object: 'video',
        model: 'sora-2',
        status: 'completed',
        progress: 100,
        seconds: '4',
        size: '720x1280',
        error: null,
      });
      expect(done.completed_at).toBeGreaterThan(0);
      expect(JSON.stringify(done)).not.toContain(upstreamId);
      expect(await fixture.balances()).toEqual(charged);

      const content = await client.videos.downloadContent(created.id);
      expect(content.headers.get('content-type')).toBe('video/mp4');
      const bytes = Buffer.from(await content.arrayBuffer());
      expect(bytes.equals(mockVideoBytes(upstreamId))).toBe(true);

      // A range is forwarded and answered 206, so a player can seek.
      const partial = await fetch(`${fixture.url}/v1/videos/${created.id}/content`, {
        headers: { authorization: `Bearer ${fixture.limited.apiKey}`, range: 'bytes=100-1099' },
      });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 100-1099/${MOCK_VIDEO_LENGTH}`);
      expect(partial.headers.get('accept-ranges')).toBe('bytes');
      const slice = Buffer.from(await partial.arrayBuffer());
      expect(slice.equals(mockVideoBytes(upstreamId).subarray(100, 1100))).toBe(true);
      const unsatisfiable = await fetch(`${fixture.url}/v1/videos/${created.id}/content`, {
        headers: { authorization: `Bearer ${fixture.limited.apiKey}`, range: 'bytes=99999-' },
      });
      expect(unsatisfiable.status).toBe(416);
      await unsatisfiable.arrayBuffer();

      // The console session reads the file too (the task log's player); a stranger's cookie does not.
      const viewed = await fetch(`${fixture.url}/v1/videos/${created.id}/content`, {
        headers: { cookie: fixture.root.cookie, range: 'bytes=0-9' },
      });
      expect(viewed.status).toBe(206);
      expect(
        Buffer.from(await viewed.arrayBuffer())
          .subarray(4, 8)
          .toString(),
      ).toBe('ftyp');
      const anonymous = await fetch(`${fixture.url}/v1/videos/${created.id}/content`);
      expect(anonymous.status).toBe(401);
      await anonymous.arrayBuffer();
    });

    it('prices seconds × size from JSON, serves the generic face and remixes on the same channel', async () => {
      const before = await fixture.balances();
      const response = await fetch(`${fixture.url}/v1/video/generations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fixture.limited.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model: 'sora-2',
          prompt: 'a lighthouse at dusk',
          duration: 8,
          size: '1792x1024',
          image: 'https://example.com/ref.png',
        }),
      });
      expect(response.status).toBe(200);
      const created = (await response.json()) as Video & { url?: string };
      expect(created).toMatchObject({ object: 'video', status: 'queued', seconds: '8' });
      expect(created.url).toBeUndefined();
      const sent = fixture.mock.lastRequest();
      expect(sent?.body).toEqual({
        model: 'sora-2',
        prompt: 'a lighthouse at dusk',
        seconds: '8',
        size: '1792x1024',
        input_reference: { image_url: 'https://example.com/ref.png' },
      });
      const price = Math.trunc(0.1 * 1 * (8 * 1.666667) * fixture.quotaPerUnit);
      expect(before.token - (await fixture.balances()).token).toBe(price);

      for (let round = 0; round < 3; round += 1) await fixture.poll();
      const generic = await fixture.get(`/v1/video/generations/${created.id}`);
      expect(generic.json).toMatchObject({
        id: created.id,
        status: 'completed',
        size: '1792x1024',
      });
      expect(generic.json.url).toBe(`${fixture.url}/v1/videos/${created.id}/content`);

      const remixed = await client.videos.remix(created.id, { prompt: 'the same, at dawn' });
      expect(remixed).toMatchObject({
        object: 'video',
        status: 'queued',
        remixed_from_video_id: created.id,
        prompt: 'the same, at dawn',
      });
      const source = await upstreamIdOf(created.id);
      expect(fixture.mock.lastRequest()).toMatchObject({
        method: 'POST',
        path: `/v1/videos/${source}/remix`,
        body: { prompt: 'the same, at dawn' },
      });
      expect((await fixture.taskRow(remixed.id)).channel_id).toBe(fixture.soraChannelId);
    });

    it('sends sora-2-pro to the Azure channel with its api-key', async () => {
      const created = await client.videos.create({ model: 'sora-2-pro', prompt: 'azure clouds' });
      const sent = fixture.mock.lastRequest();
      expect(sent?.path).toBe('/openai/v1/videos');
      expect(sent?.headers['api-key']).toBe('azure-upstream-key');
      expect(sent?.headers.authorization).toBeUndefined();
      for (let round = 0; round < 3; round += 1) await fixture.poll();
      expect((await client.videos.retrieve(created.id)).status).toBe('completed');
      const upstreamId = await upstreamIdOf(created.id);
      const content = await client.videos.downloadContent(created.id);
      expect(Buffer.from(await content.arrayBuffer()).equals(mockVideoBytes(upstreamId))).toBe(
        true,
      );
      expect(fixture.mock.lastRequest()).toMatchObject({
        path: `/openai/v1/videos/${upstreamId}/content`,
        headers: { 'api-key': 'azure-upstream-key' },
      });
    });

    it('fails and refunds once, passes refusals through uncharged, and hides others’ tasks', async () => {
      const before = await fixture.balances();
      const failing = await client.videos.create({ model: 'sora-2', prompt: 'mock:fail storm' });
      expect((await fixture.balances()).token).toBeLessThan(before.token);
      for (let round = 0; round < 4; round += 1) await fixture.poll();
      const failed = await client.videos.retrieve(failing.id);
      expect(failed).toMatchObject({
        status: 'failed',
        error: { code: 'video_generation_failed', message: 'mock upstream failure' },
      });
      expect(await fixture.balances()).toEqual(before);
      const refunds = (await logsOfType(fixture, 4)).filter((row) =>
        String(row.content).startsWith(`异步任务执行失败 ${failing.id}`),
      );
      expect(refunds).toHaveLength(1);
      const notReady = await fixture.get(`/v1/videos/${failing.id}/content`);
      expect(notReady.status).toBe(404);
      expect(notReady.json.error.code).toBe('video_not_ready');

      await expect(
        client.videos.create({ model: 'sora-2', prompt: 'mock:refuse this' }),
      ).rejects.toMatchObject({ status: 400 });
      expect(await fixture.balances()).toEqual(before);

      const invalid = await fixture.post('/v1/videos', { model: 'sora-2' });
      expect(invalid.status).toBe(400);
      expect(invalid.json.error.message).toContain('prompt is required');

      // Another user's token and session see nothing of the caller's task: OpenAI's 404.
      const mine = await client.videos.create({ model: 'sora-2', prompt: 'mine' });
      await createPasswordUser(fixture.harness, fixture.root, 'vstranger');
      const stranger = await fixture.harness.login('vstranger', 'password123');
      const created = await fixture.harness.call(stranger, 'POST', '/api/token/', {
        name: 'stranger-key',
        unlimited_quota: true,
      });
      expect(created.json().success).toBe(true);
      const key = await fixture.harness.runtime.context.database.db
        .selectFrom('tokens')
        .select('key')
        .where('name', '=', 'stranger-key')
        .executeTakeFirstOrThrow();
      const strangerClient = new OpenAI({
        apiKey: `sk-${key.key}`,
        baseURL: `${fixture.url}/v1`,
        maxRetries: 0,
      });
      await expect(strangerClient.videos.retrieve(mine.id)).rejects.toMatchObject({ status: 404 });
      const strangerView = await fetch(`${fixture.url}/v1/videos/${mine.id}/content`, {
        headers: { cookie: stranger.cookie },
      });
      expect(strangerView.status).toBe(404);
      await strangerView.arrayBuffer();
      // The owner's other token finds it; unknown ids are OpenAI's 404.
      const other = await fixture.addToken({ name: 'other' });
      const sameUser = new OpenAI({
        apiKey: other.apiKey,
        baseURL: `${fixture.url}/v1`,
        maxRetries: 0,
      });
      expect((await sameUser.videos.retrieve(mine.id)).id).toBe(mine.id);
      await expect(client.videos.retrieve('task_nope')).rejects.toMatchObject({ status: 404 });
    });
  },
);
