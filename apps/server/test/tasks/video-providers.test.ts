import {
  mockVideoBytes,
  MOCK_KLING_ACCESS_KEY,
  MOCK_KLING_SECRET_KEY,
  MOCK_VIDEO_LENGTH,
  MOCK_VIDU_API_KEY,
  MOCK_VOLCENGINE_ACCESS_KEY_ID,
  MOCK_VOLCENGINE_SECRET_ACCESS_KEY,
} from '@tollgate/mock-upstream';
import { decodeJwt, SignJWT } from 'jose';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VolcengineSigner } from '../../src/tasks/video/jimeng/volcengine-signer.js';
import { appDatabaseKinds } from '../support/test-databases.js';
import { logsOfType } from './task-fixture.js';
import { createVideoFixture, type VideoFixture } from './video-fixture.js';

/** Kling, Jimeng and Vidu channels on the mock, reached through OpenAI's videos API and Kling's. */
describe.each(appDatabaseKinds())(
  'video platforms (Kling, Jimeng, Vidu) on %s',
  { timeout: 30_000 },
  (kind) => {
    let fixture: VideoFixture;
    let client: OpenAI;
    const channels: Record<string, number> = {};

    beforeAll(async () => {
      fixture = await createVideoFixture(kind);
      client = new OpenAI({
        apiKey: fixture.limited.apiKey,
        baseURL: `${fixture.url}/v1`,
        maxRetries: 0,
      });
      channels.kling = await fixture.addChannel({
        name: 'kling',
        type: 50,
        key: `${MOCK_KLING_ACCESS_KEY}|${MOCK_KLING_SECRET_KEY}`,
        models: 'kling-v1,kling-v2-master',
      });
      channels.jimeng = await fixture.addChannel({
        name: 'jimeng',
        type: 51,
        key: `${MOCK_VOLCENGINE_ACCESS_KEY_ID}|${MOCK_VOLCENGINE_SECRET_ACCESS_KEY}`,
        models: 'jimeng_vgfm_t2v_l20,jimeng_v30',
      });
      channels.vidu = await fixture.addChannel({
        name: 'vidu',
        type: 52,
        key: MOCK_VIDU_API_KEY,
        models: 'viduq1',
      });
      // Channels whose keys the mock does not know (their models mapped to real ones).
      channels.badKling = await fixture.addChannel({
        name: 'kling-wrong-secret',
        type: 50,
        key: `${MOCK_KLING_ACCESS_KEY}|not-the-secret`,
        models: 'kling-wrong',
        model_mapping: JSON.stringify({ 'kling-wrong': 'kling-v1' }),
      });
      channels.badJimeng = await fixture.addChannel({
        name: 'jimeng-wrong-secret',
        type: 51,
        key: `${MOCK_VOLCENGINE_ACCESS_KEY_ID}|not-the-secret`,
        models: 'jimeng-wrong',
        model_mapping: JSON.stringify({ 'jimeng-wrong': 'jimeng_vgfm_t2v_l20' }),
      });
    }, 60_000);
    afterAll(async () => fixture?.close());

    /** What Tollgate keeps of a task (never shown to clients). */
    async function privateData(publicId: string) {
      const row = await fixture.taskRow(publicId);
      return JSON.parse(String(row.private_data)) as {
        upstream_task_id: string;
        result_url?: string;
      };
    }

    /** The mock task id inside an upstream id (`{endpoint or req_key}/{id}` or the id). */
    const mockId = (upstreamId: string) => upstreamId.slice(upstreamId.indexOf('/') + 1);

    /** Polls until done, checks the object, downloads the whole file and one range of it. */
    async function completeAndDownload(id: string, upstreamId: string) {
      for (let round = 0; round < 3; round += 1) await fixture.poll();
      const done = await client.videos.retrieve(id);
      expect(done).toMatchObject({ id, object: 'video', status: 'completed', progress: 100 });
      expect(JSON.stringify(done)).not.toContain(mockId(upstreamId));
      expect(JSON.stringify(done)).not.toContain('mock-videos');
      const file = await client.videos.downloadContent(id);
      expect(file.headers.get('content-type')).toBe('video/mp4');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(bytes.equals(mockVideoBytes(mockId(upstreamId)))).toBe(true);
      const partial = await fetch(`${fixture.url}/v1/videos/${id}/content`, {
        headers: { authorization: `Bearer ${fixture.limited.apiKey}`, range: 'bytes=10-19' },
      });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe(`bytes 10-19/${MOCK_VIDEO_LENGTH}`);
      const slice = Buffer.from(await partial.arrayBuffer());
      expect(slice.equals(mockVideoBytes(mockId(upstreamId)).subarray(10, 20))).toBe(true);
      return done;
    }

    it('relays Kling through the SDK: a JWT per key, Kling’s body, its states and its file', async () => {
      const before = await fixture.balances();
      const created = await client.videos.create({
        model: 'kling-v2-master',
        prompt: 'a paper boat on a river',
        seconds: '8',
        size: '1280x720',
      });
      expect(created).toMatchObject({
        object: 'video',
        model: 'kling-v2-master',
        status: 'queued',
      });
      expect(created.id).toMatch(/^task_[A-Za-z0-9]{32}$/);

      const sent = fixture.mock.requests.find(
        (request) => request.method === 'POST' && request.path === '/v1/videos/text2video',
      );
      expect(sent?.body).toEqual({
        model_name: 'kling-v2-master',
        prompt: 'a paper boat on a river',
        duration: '10',
        aspect_ratio: '16:9',
      });
      const token = /^Bearer (.+)$/.exec(String(sent?.headers.authorization))![1]!;
      const claims = decodeJwt(token);
      const now = Math.floor(Date.now() / 1000);
      expect(claims.iss).toBe(MOCK_KLING_ACCESS_KEY);
      expect(claims.exp! - now).toBeGreaterThan(1700);
      expect(claims.exp! - now).toBeLessThanOrEqual(1800);
      expect(now - claims.nbf!).toBeGreaterThanOrEqual(5);

      // 8 s asked, Kling makes 10: priced per second of what is made.
      const price = Math.trunc(0.1 * 10 * fixture.quotaPerUnit);
      expect(before.token - (await fixture.balances()).token).toBe(price);
      const { upstream_task_id: upstreamId } = await privateData(created.id);
      expect(upstreamId).toMatch(/^text2video\/kling_mock/);
      expect((await fixture.taskRow(created.id)).platform).toBe('kling');

      await fixture.poll();
      await fixture.poll();
      expect(await client.videos.retrieve(created.id)).toMatchObject({
        status: 'in_progress',
        progress: 50,
      });
      await fixture.poll();
      const done = await completeAndDownload(created.id, upstreamId);
      expect(done.seconds).toBe('10');
      // The polls reused the submission's token (cached until shortly before it expires).
      const queries = fixture.mock.requests.filter((request) =>
        request.path.startsWith('/v1/videos/text2video/'),
      );
      expect(queries.length).toBeGreaterThanOrEqual(3);
      for (const query of queries) expect(query.headers.authorization).toBe(`Bearer ${token}`);
      expect((await privateData(created.id)).result_url).toMatch(
        /\/mock-videos\/kling_mock.+\.mp4$/,
      );
      expect(await fixture.balances()).toEqual({
        user: before.user - price,
        token: before.token - price,
      });
    });

    it('sends a reference file to Kling’s image2video and serves Kling’s native face', async () => {
      const created = await client.videos.create({
        model: 'kling-v1',
        prompt: 'the boat sails away',
        input_reference: await toFile(Buffer.from('png bytes'), 'boat.png', { type: 'image/png' }),
      });
      const sent = fixture.mock.lastRequest();
      expect(sent).toMatchObject({ path: '/v1/videos/image2video' });
      expect(sent?.body).toMatchObject({
        model_name: 'kling-v1',
        duration: '5',
        image: Buffer.from('png bytes').toString('base64'),
      });
      expect((await privateData(created.id)).upstream_task_id).toMatch(/^image2video\//);

      // new-api's native face: Kling's request and answer shapes, Tollgate's task id.
      const before = await fixture.balances();
      const native = await fixture.post('/kling/v1/videos/text2video', {
        model_name: 'kling-v1',
        prompt: 'a lantern festival',
        negative_prompt: 'blur',
        cfg_scale: 0.5,
        mode: 'std',
        aspect_ratio: '9:16',
        duration: '5',
        callback_url: 'https://client.example/hook',
      });
      expect(native.status).toBe(200);
      expect(native.json).toMatchObject({
        code: 0,
        message: 'SUCCEED',
        data: { task_status: 'submitted', task_status_msg: '' },
      });
      const id = String(native.json.data.task_id);
      expect(id).toMatch(/^task_/);
      expect(fixture.mock.lastRequest()?.body).toEqual({
        model_name: 'kling-v1',
        prompt: 'a lantern festival',
        negative_prompt: 'blur',
        cfg_scale: 0.5,
        mode: 'std',
        aspect_ratio: '9:16',
        duration: '5',
      });
      expect(before.token - (await fixture.balances()).token).toBe(
        Math.trunc(0.1 * 5 * fixture.quotaPerUnit),
      );
      for (let round = 0; round < 3; round += 1) await fixture.poll();
      const fetched = await fixture.get(`/kling/v1/videos/text2video/${id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.json).toMatchObject({
        code: 0,
        data: {
          task_id: id,
          task_status: 'succeed',
          task_result: {
            videos: [{ id, url: `${fixture.url}/v1/videos/${id}/content`, duration: '5' }],
          },
        },
      });
      const file = await fixture.get(`/v1/videos/${id}/content`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.response.arrayBuffer()).length).toBe(MOCK_VIDEO_LENGTH);

      // Native requests are checked as Kling checks them, and reach only Kling channels.
      expect((await fixture.post('/kling/v1/videos/image2video', { prompt: 'x' })).status).toBe(
        400,
      );
      const sora = await fixture.post('/kling/v1/videos/text2video', {
        model_name: 'sora-2',
        prompt: 'not for kling',
      });
      expect(sora.status).toBe(400);
      expect(sora.json.error.code).toBe('video_not_supported');
      // Another platform's task is unknown to the Kling face.
      const sorav = await client.videos.create({ model: 'sora-2', prompt: 'sora task' });
      expect((await fixture.get(`/kling/v1/videos/text2video/${sorav.id}`)).status).toBe(404);
    });

    it('relays Jimeng with Volcengine-signed requests, req_key per model and its file', async () => {
      const before = await fixture.balances();
      const created = await client.videos.create({
        model: 'jimeng_v30',
        prompt: 'a koi pond in the rain',
        size: '720x1280',
      });
      const sent = fixture.mock.lastRequest();
      expect(sent).toMatchObject({
        method: 'POST',
        path: '/',
        query: { Action: 'CVSync2AsyncSubmitTask', Version: '2022-08-31' },
      });
      expect(sent?.body).toEqual({
        req_key: 'jimeng_t2v_v30',
        prompt: 'a koi pond in the rain',
        frames: 121,
        aspect_ratio: '9:16',
      });
      expect(String(sent?.headers.authorization)).toMatch(
        new RegExp(
          `^HMAC-SHA256 Credential=${MOCK_VOLCENGINE_ACCESS_KEY_ID}/\\d{8}/cn-north-1/cv/request, ` +
            'SignedHeaders=content-type;host;x-content-sha256;x-date, Signature=[0-9a-f]{64}$',
        ),
      );
      expect(sent?.headers['x-date']).toMatch(/^\d{8}T\d{6}Z$/);
      // 4 s (OpenAI's default) asked, Jimeng makes 5.
      expect(before.token - (await fixture.balances()).token).toBe(
        Math.trunc(0.1 * 5 * fixture.quotaPerUnit),
      );
      const { upstream_task_id: upstreamId } = await privateData(created.id);
      expect(upstreamId).toMatch(/^jimeng_t2v_v30\/73900/);
      await completeAndDownload(created.id, upstreamId);
      const polled = fixture.mock.requests.filter(
        (request) => request.query.Action === 'CVSync2AsyncGetResult',
      );
      expect(polled[0]?.body).toEqual({ req_key: 'jimeng_t2v_v30', task_id: mockId(upstreamId) });

      // new-api's native face: Volcengine's actions under /jimeng/, Tollgate's task id.
      const action = (name: string) => `/jimeng/?Action=${name}&Version=2022-08-31`;
      const submitted = await fixture.post(action('CVSync2AsyncSubmitTask'), {
        req_key: 'jimeng_vgfm_t2v_l20',
        prompt: 'cherry blossoms',
        image_urls: ['https://example.com/tree.png'],
        frames: 241,
      });
      expect(submitted.status).toBe(200);
      expect(submitted.json).toMatchObject({ code: 10000, message: 'Success' });
      const id = String(submitted.json.data.task_id);
      expect(id).toMatch(/^task_/);
      expect(fixture.mock.lastRequest()?.body).toEqual({
        req_key: 'jimeng_vgfm_t2v_l20',
        prompt: 'cherry blossoms',
        frames: 241,
        image_urls: ['https://example.com/tree.png'],
      });
      const result = (body: Record<string, unknown>) =>
        fixture.post(action('CVSync2AsyncGetResult'), body);
      expect((await result({ req_key: 'jimeng_vgfm_t2v_l20', task_id: id })).json).toMatchObject({
        code: 10000,
        data: { status: 'in_queue', video_url: '' },
      });
      for (let round = 0; round < 3; round += 1) await fixture.poll();
      expect((await result({ req_key: 'jimeng_vgfm_t2v_l20', task_id: id })).json).toMatchObject({
        code: 10000,
        data: { status: 'done', video_url: `${fixture.url}/v1/videos/${id}/content` },
      });
      expect((await result({ task_id: 'task_unknown' })).json.data).toEqual({
        status: 'not_found',
      });
      expect((await fixture.post('/jimeng/?Action=Nope&Version=2022-08-31', {})).status).toBe(400);
    });

    it('relays Vidu through the generic face with its token, images and creations', async () => {
      const response = await fetch(`${fixture.url}/v1/video/generations`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fixture.limited.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model: 'viduq1',
          prompt: 'a fox in the snow',
          duration: 5,
          size: '1920x1080',
          image: 'https://example.com/fox.png',
          metadata: { movement_amplitude: 'large', callback_url: 'https://client.example/hook' },
        }),
      });
      expect(response.status).toBe(200);
      const created = (await response.json()) as { id: string; status: string };
      expect(created.status).toBe('queued');
      const sent = fixture.mock.lastRequest();
      expect(sent).toMatchObject({
        path: '/ent/v2/img2video',
        headers: { authorization: `Token ${MOCK_VIDU_API_KEY}` },
      });
      expect(sent?.body).toEqual({
        model: 'viduq1',
        prompt: 'a fox in the snow',
        duration: 5,
        resolution: '1080p',
        movement_amplitude: 'large',
        images: ['https://example.com/fox.png'],
      });
      const { upstream_task_id: upstreamId } = await privateData(created.id);
      await completeAndDownload(created.id, upstreamId);
      expect(
        fixture.mock.requests.some((r) => r.path === `/ent/v2/tasks/${upstreamId}/creations`),
      ).toBe(true);
    });

    it('refuses what the mock refuses: a wrong secret (JWT or signature) costs nothing', async () => {
      const before = await fixture.balances();
      const kling = await fixture.post('/v1/videos', { model: 'kling-wrong', prompt: 'no entry' });
      expect(kling.status).toBe(401);
      expect(kling.json.error.message).toContain('Authentication failed');
      const jimeng = await fixture.post('/v1/videos', {
        model: 'jimeng-wrong',
        prompt: 'no entry',
      });
      expect(jimeng.status).toBe(401);
      expect(jimeng.json.error.message).toContain('signature we calculated does not match');
      expect(await fixture.balances()).toEqual(before);

      // The mock's checks, directly: a body changed after signing, and a token signed elsewhere.
      const url = `${fixture.mock.url}/?Action=CVSync2AsyncGetResult&Version=2022-08-31`;
      const signer = new VolcengineSigner(
        MOCK_VOLCENGINE_ACCESS_KEY_ID,
        MOCK_VOLCENGINE_SECRET_ACCESS_KEY,
      );
      const body = JSON.stringify({ req_key: 'jimeng_vgfm_t2v_l20', task_id: '1' });
      const headers = await signer.sign('POST', url, { 'content-type': 'application/json' }, body);
      const good = await fetch(url, { method: 'POST', headers, body });
      expect(good.status).toBe(200);
      expect(((await good.json()) as { code: number }).code).toBe(10000);
      const tampered = await fetch(url, { method: 'POST', headers, body: body.replace('1', '2') });
      expect(tampered.status).toBe(401);
      await tampered.arrayBuffer();
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(MOCK_KLING_ACCESS_KEY)
        .setExpirationTime('30m')
        .setNotBefore('0s')
        .sign(new TextEncoder().encode('another-secret'));
      const refused = await fetch(`${fixture.mock.url}/v1/videos/text2video/kling_mock000001`, {
        headers: { authorization: `Bearer ${forged}` },
      });
      expect(refused.status).toBe(401);
      await refused.arrayBuffer();
    });

    it('refunds a failed task once, with the failure Vidu reported', async () => {
      const before = await fixture.balances();
      const failing = await client.videos.create({
        model: 'viduq1',
        prompt: 'mock:fail avalanche',
      });
      expect((await fixture.balances()).token).toBe(
        before.token - Math.trunc(0.1 * 4 * fixture.quotaPerUnit),
      );
      for (let round = 0; round < 4; round += 1) await fixture.poll();
      expect(await client.videos.retrieve(failing.id)).toMatchObject({
        status: 'failed',
        error: { code: 'video_generation_failed', message: 'mock upstream failure' },
      });
      expect(await fixture.balances()).toEqual(before);
      const refunds = (await logsOfType(fixture, 4)).filter((row) =>
        String(row.content).startsWith(`异步任务执行失败 ${failing.id}`),
      );
      expect(refunds).toHaveLength(1);
    });
  },
);

/**
 * A platform's file on a storage host other than the channel's: fetched only when the channel's
 * `video_file_hosts` setting lists that host, without the channel's credentials, and still through
 * the outbound guard (here told to allow the loopback "storage host").
 */
describe('video files on a storage host', { timeout: 30_000 }, () => {
  let fixture: VideoFixture;
  let client: OpenAI;

  beforeAll(async () => {
    fixture = await createVideoFixture('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    client = new OpenAI({
      apiKey: fixture.limited.apiKey,
      baseURL: `${fixture.url}/v1`,
      maxRetries: 0,
    });
  }, 60_000);
  afterAll(async () => fixture?.close());

  /** A finished Vidu task on a channel addressed as `localhost` (its files come from 127.0.0.1). */
  async function finishedTask(setting?: Record<string, unknown>) {
    const name = `vidu-${Math.random().toString(36).slice(2, 8)}`;
    const model = `viduq1-${name}`;
    await fixture.addChannel({
      name,
      type: 52,
      key: MOCK_VIDU_API_KEY,
      base_url: fixture.mock.url.replace('127.0.0.1', 'localhost'),
      models: model,
      model_mapping: JSON.stringify({ [model]: 'viduq1' }),
      ...(setting ? { setting: JSON.stringify(setting) } : {}),
    });
    const created = await client.videos.create({ model: model as never, prompt: 'a lantern' });
    for (let round = 0; round < 4; round += 1) await fixture.poll();
    expect((await client.videos.retrieve(created.id)).status).toBe('completed');
    return created.id;
  }

  it('refuses a file host the channel does not list, and fetches one it lists without its key', async () => {
    const unlisted = await finishedTask();
    const refused = await fetch(`${fixture.url}/v1/videos/${unlisted}/content`, {
      headers: { authorization: `Bearer ${fixture.limited.apiKey}` },
    });
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain('video_file_hosts');

    const listed = await finishedTask({ video_file_hosts: ['127.0.0.1'] });
    const file = await client.videos.downloadContent(listed);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(MOCK_VIDEO_LENGTH);
    const fetched = fixture.mock.requests.filter((request) =>
      request.path.startsWith('/mock-videos/'),
    );
    expect(fetched.length).toBeGreaterThan(0);
    for (const request of fetched) expect(request.headers.authorization).toBeUndefined();
  });
});
