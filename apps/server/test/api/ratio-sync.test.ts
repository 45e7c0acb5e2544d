import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser, manageUser, setOptions } from '../support/oauth-harness.js';
import {
  businessFailure,
  createTestApp,
  REFUSED,
  type Session,
  type TestApp,
} from '../support/test-app.js';

/** A local server playing two other instances and a broken one; counts every request by path. */
class FakeInstances {
  readonly hits = new Map<string, number>();
  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeInstances> {
    const server = createServer();
    const fake = new FakeInstances(server);
    server.on('request', (request, response) => {
      const path = request.url ?? '';
      fake.hits.set(path, (fake.hits.get(path) ?? 0) + 1);
      response.setHeader('content-type', 'application/json');
      if (path === '/api/ratio_config') {
        return void response.end(
          JSON.stringify({
            success: true,
            data: {
              model_ratio: { 'gpt-4o': 2, 'gpt-4o-mini': 0.075, 'peer-only': 3 },
              image_ratio: { 'gpt-image-1': 2 },
            },
          }),
        );
      }
      if (path === '/api/pricing') {
        return void response.end(
          JSON.stringify({
            success: true,
            data: [
              {
                model_name: 'gpt-4o',
                quota_type: 0,
                model_ratio: 1.25,
                model_price: 0,
                completion_ratio: 4,
              },
              {
                model_name: 'mj_imagine',
                quota_type: 1,
                model_ratio: 0,
                model_price: 0.5,
                completion_ratio: 0,
              },
            ],
          }),
        );
      }
      response.writeHead(500).end('{"success":false}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('ratio sync', () => {
  let harness: TestApp;
  let root: Session;
  let admin: Session;
  let peers: FakeInstances;

  beforeAll(async () => {
    peers = await FakeInstances.start();
    // The fake instances are on loopback: the operator allows it explicitly.
    harness = await createTestApp('sqlite', { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    root = await harness.setupRoot();
    await setOptions(harness, root, {
      ModelRatio: JSON.stringify({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 }),
      ModelPrice: JSON.stringify({ mj_imagine: 0.1 }),
    });
    const adminId = await createPasswordUser(harness, root, 'ratioadmin');
    await manageUser(harness, root, adminId, 'promote');
    admin = await harness.login('ratioadmin', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
    await peers?.close();
  });

  it('shows this instance’s ratios only while ExposeRatioEnabled is on', async () => {
    const hidden = await harness.call(undefined, 'GET', '/api/ratio_config');
    expect(hidden.json()).toEqual({ success: false, message: '本站未公开倍率信息' });

    await setOptions(harness, root, { ExposeRatioEnabled: true });
    const shown = (await harness.call(undefined, 'GET', '/api/ratio_config')).json();
    expect(shown.success).toBe(true);
    expect(shown.data.model_ratio).toEqual({ 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 });
    expect(shown.data.model_price).toEqual({ mj_imagine: 0.1 });
    // The completion ratio each listed model is billed with, built-in ones included.
    expect(shown.data.completion_ratio['gpt-4o']).toBe(4);
    expect(Object.keys(shown.data).sort()).toEqual([
      'audio_completion_ratio',
      'audio_ratio',
      'cache_ratio',
      'completion_ratio',
      'create_cache_ratio',
      'image_ratio',
      'model_price',
      'model_ratio',
    ]);
    await setOptions(harness, root, { ExposeRatioEnabled: false });
  });

  it('lists gateway channels at their origin, then the presets', async () => {
    const created = await harness.call(root, 'POST', '/api/channel/', {
      channel: {
        type: 8,
        name: 'peer gateway',
        key: 'sk-peer',
        models: 'gpt-4o',
        base_url: `${peers.baseUrl}/v1/chat/completions`,
      },
    });
    expect(created.json().success).toBe(true);
    await harness.call(root, 'POST', '/api/channel/', {
      channel: { type: 1, name: 'plain openai', key: 'sk-openai', models: 'gpt-4o', base_url: '' },
    });
    const response = await harness.call(root, 'GET', '/api/ratio_sync/channels');
    const { data } = response.json();
    expect(data).toEqual([
      expect.objectContaining({
        name: 'peer gateway',
        base_url: peers.baseUrl,
        endpoint: '/api/ratio_config',
        status: 1,
      }),
      {
        id: -100,
        name: 'Official',
        base_url: 'https://basellm.github.io',
        endpoint: '/llm-metadata/api/newapi/ratio_config-v1-base.json',
      },
      { id: -101, name: 'models.dev', base_url: 'https://models.dev', endpoint: '/api.json' },
    ]);
    expect(JSON.stringify(data)).not.toContain('sk-peer');
  });

  it('reads both answer forms, reports the failing sources, and lists only differences', async () => {
    const channel = (await harness.call(root, 'GET', '/api/ratio_sync/channels')).json().data[0];
    const response = await harness.call(root, 'POST', '/api/ratio_sync/fetch', {
      channel_ids: [channel.id],
      upstreams: [
        { name: 'pricing peer', base_url: peers.baseUrl, endpoint: '/api/pricing' },
        { name: 'broken peer', base_url: peers.baseUrl, endpoint: '/broken' },
        { name: 'metadata', base_url: 'http://169.254.169.254' },
      ],
      timeout: 5,
    });
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.differences).toEqual({
      'gpt-4o': {
        model_ratio: { current: 1.25, upstreams: { 'peer gateway': 2, 'pricing peer': 'same' } },
      },
      'peer-only': { model_ratio: { current: null, upstreams: { 'peer gateway': 3 } } },
      mj_imagine: { model_price: { current: 0.1, upstreams: { 'pricing peer': 0.5 } } },
    });
    expect(body.data.test_results).toEqual([
      { name: 'peer gateway', status: 'success' },
      { name: 'pricing peer', status: 'success' },
      { name: 'broken peer', status: 'error', error: expect.stringContaining('HTTP 500') },
      { name: 'metadata', status: 'error', error: expect.stringContaining('169.254.169.254') },
    ]);
    // A 5xx answer is tried three times.
    expect(peers.hits.get('/broken')).toBe(3);
  });

  it('refuses an empty choice and anyone but root', async () => {
    const empty = await harness.call(root, 'POST', '/api/ratio_sync/fetch', {});
    expect(empty.json()).toMatchObject({ success: false, message: '请至少选择一个上游' });
    const byAdmin = await harness.call(admin, 'POST', '/api/ratio_sync/fetch', {
      channel_ids: [-101],
    });
    expect(businessFailure(byAdmin)).toEqual(REFUSED);
    expect(businessFailure(await harness.call(admin, 'GET', '/api/ratio_sync/channels'))).toEqual(
      REFUSED,
    );
    expect((await harness.call(undefined, 'GET', '/api/ratio_sync/channels')).statusCode).toBe(401);
  });
});
