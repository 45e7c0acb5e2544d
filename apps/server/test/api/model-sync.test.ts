/**
 * The official metadata sync (`/api/models/sync_upstream/preview` and `/api/models/sync_upstream`)
 * against a local fake of the metadata site, reached through the outbound guard
 * (OUTBOUND_ALLOWED_HOSTS=127.0.0.1): missing models created with vendors on demand, chosen
 * fields overwritten except on locked rows, the locale's files, the size cap.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelFixtures } from '../support/channel-fixtures.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const MODELS = [
  {
    model_name: 'gpt-4o',
    description: 'Omni model',
    icon: 'OpenAI',
    tags: 'chat,vision',
    vendor_name: 'OpenAI',
    endpoints: { openai: { path: '/v1/chat/completions', method: 'POST' } },
    name_rule: 0,
    status: 1,
    context_length: 128000,
    input_modalities: ['text', 'image'],
  },
  { model_name: 'claude-3-haiku', description: 'Fast', vendor_name: 'Anthropic', tags: 'chat' },
  { model_name: 'deepseek-chat', description: 'Upstream says', vendor_name: 'DeepSeek' },
  { model_name: 'locked-model', description: 'Upstream says', vendor_name: 'OpenAI' },
];
const VENDORS = [
  { name: 'OpenAI', description: 'Maker of GPT', icon: 'OpenAI' },
  { name: 'Anthropic', icon: 'Claude.Color' },
];

describe.each(appDatabaseKinds())('official model sync on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let site: Server;
  let base: string;
  let files: Record<string, string> = {};
  let requested: string[] = [];
  const { create: createChannel } = channelFixtures(
    () => harness,
    () => root,
  );

  const call = (method: string, url: string, body?: unknown) =>
    harness.call(root, method, url, body).then((response) => response.json());

  function publish(path: string, body: unknown) {
    files[path] = typeof body === 'string' ? body : JSON.stringify(body);
  }

  beforeAll(async () => {
    site = createServer((request, response) => {
      requested.push(request.url ?? '');
      const body = files[request.url ?? ''];
      response.statusCode = body === undefined ? 404 : 200;
      response.setHeader('content-type', 'application/json');
      response.end(body ?? '');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    harness = await createTestApp(kind, {
      SYNC_UPSTREAM_BASE: `${base}/`,
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      SYNC_HTTP_MAX_MB: '1',
      SYNC_HTTP_RETRY: '1',
    });
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => site?.close(resolve));
  });
  beforeEach(() => {
    files = {};
    requested = [];
    publish('/api/newapi/models.json', { success: true, data: MODELS });
    publish('/api/newapi/vendors.json', VENDORS);
  });

  it('answers zeros without fetching when nothing is missing and nothing is chosen', async () => {
    const answer = await call('POST', '/api/models/sync_upstream', {});
    expect(answer).toEqual({
      success: true,
      message: '',
      data: {
        created_models: 0,
        created_vendors: 0,
        updated_models: 0,
        skipped_models: [],
        created_list: [],
        updated_list: [],
        source: {
          locale: '',
          models_url: `${base}/api/newapi/models.json`,
          vendors_url: `${base}/api/newapi/vendors.json`,
        },
      },
    });
    expect(requested).toEqual([]);
  });

  it('previews the missing models upstream describes, then creates them with their vendors', async () => {
    await createChannel({ name: 'c', models: 'gpt-4o,claude-3-haiku,unknown-model' });
    const preview = await call('GET', '/api/models/sync_upstream/preview');
    expect(preview.data).toEqual({
      missing: ['claude-3-haiku', 'gpt-4o'],
      conflicts: [],
      source: {
        locale: '',
        models_url: `${base}/api/newapi/models.json`,
        vendors_url: `${base}/api/newapi/vendors.json`,
      },
    });
    const synced = await call('POST', '/api/models/sync_upstream', { overwrite: [] });
    expect(synced.data).toMatchObject({
      created_models: 2,
      created_vendors: 2,
      updated_models: 0,
      skipped_models: [],
      created_list: ['claude-3-haiku', 'gpt-4o'],
      updated_list: [],
    });
    const models = (await call('GET', '/api/models/?p=1')).data.items;
    const gpt = models.find((item: { model_name: string }) => item.model_name === 'gpt-4o');
    const vendors = (await call('GET', '/api/vendors/')).data.items;
    const openai = vendors.find((vendor: { name: string }) => vendor.name === 'OpenAI');
    expect(openai).toMatchObject({ description: 'Maker of GPT', icon: 'OpenAI', status: 1 });
    expect(gpt).toMatchObject({
      description: 'Omni model',
      tags: 'chat,vision',
      vendor_id: openai.id,
      endpoints: '{"openai":{"path":"/v1/chat/completions","method":"POST"}}',
      context_length: 128000,
      input_modalities: 'text,image',
      sync_official: 1,
      status: 1,
    });
    expect((await call('GET', '/api/models/missing')).data).toEqual(['unknown-model']);
  });

  it('overwrites only the chosen fields, and never a locked row', async () => {
    const gpt = (await call('GET', '/api/models/search?keyword=gpt-4o')).data.items[0];
    await call('PUT', '/api/models/', { ...gpt, description: 'Mine', tags: 'mine', icon: 'Mine' });
    await call('POST', '/api/models/', {
      model_name: 'locked-model',
      description: 'Mine',
      sync_official: 0,
    });
    await call('POST', '/api/models/', { model_name: 'deepseek-chat', description: 'Mine' });

    const preview = await call('GET', '/api/models/sync_upstream/preview');
    expect(preview.data.missing).toEqual([]);
    expect(preview.data.conflicts).toEqual([
      {
        model_name: 'deepseek-chat',
        fields: [
          { field: 'description', local: 'Mine', upstream: 'Upstream says' },
          { field: 'vendor', local: '', upstream: 'DeepSeek' },
        ],
      },
      {
        model_name: 'gpt-4o',
        fields: [
          { field: 'description', local: 'Mine', upstream: 'Omni model' },
          { field: 'icon', local: 'Mine', upstream: 'OpenAI' },
          { field: 'tags', local: 'mine', upstream: 'chat,vision' },
        ],
      },
    ]);

    const synced = await call('POST', '/api/models/sync_upstream', {
      overwrite: [
        { model_name: 'gpt-4o', fields: ['description', 'tags', 'not-a-field'] },
        { model_name: 'deepseek-chat', fields: ['vendor'] },
        { model_name: 'locked-model', fields: ['description'] },
        { model_name: 'no-such-model', fields: ['description'] },
      ],
    });
    expect(synced.data).toMatchObject({
      created_models: 0,
      created_vendors: 1,
      updated_models: 2,
      updated_list: ['gpt-4o', 'deepseek-chat'],
      skipped_models: ['locked-model', 'no-such-model'],
    });
    const after = await call('GET', '/api/models/?p=1');
    const byName = (name: string) =>
      after.data.items.find((item: { model_name: string }) => item.model_name === name);
    expect(byName('gpt-4o')).toMatchObject({
      description: 'Omni model',
      tags: 'chat,vision',
      icon: 'Mine',
    });
    expect(byName('locked-model')).toMatchObject({ description: 'Mine' });
    expect(byName('deepseek-chat').description).toBe('Mine');
    const vendors = (await call('GET', '/api/vendors/search?keyword=DeepSeek')).data.items;
    expect(byName('deepseek-chat').vendor_id).toBe(vendors[0].id);
  });

  it('reads the files of the chosen locale, whatever its case', async () => {
    publish('/api/i18n/zh-CN/newapi/models.json', [
      { model_name: 'gpt-4o', description: '全能模型', tags: 'chat,vision', icon: 'Mine' },
    ]);
    publish('/api/i18n/zh-CN/newapi/vendors.json', []);
    const preview = await call('GET', '/api/models/sync_upstream/preview?locale=zh-cn');
    expect(preview.data.source).toEqual({
      locale: 'zh-CN',
      models_url: `${base}/api/i18n/zh-CN/newapi/models.json`,
      vendors_url: `${base}/api/i18n/zh-CN/newapi/vendors.json`,
    });
    expect(preview.data.conflicts).toContainEqual({
      model_name: 'gpt-4o',
      fields: [
        { field: 'description', local: 'Omni model', upstream: '全能模型' },
        { field: 'vendor', local: 'OpenAI', upstream: '' },
      ],
    });
    expect(requested.sort()).toEqual([
      '/api/i18n/zh-CN/newapi/models.json',
      '/api/i18n/zh-CN/newapi/vendors.json',
    ]);
  });

  it('refuses a file over SYNC_HTTP_MAX_MB and one that cannot be read, changing nothing', async () => {
    publish('/api/newapi/models.json', `[${'"x",'.repeat(300_000)}"x"]`);
    const tooLarge = await call('GET', '/api/models/sync_upstream/preview');
    expect(tooLarge).toEqual({
      success: false,
      message: '获取上游模型元数据失败：上游响应过大（超过 1 MiB）',
    });
    delete files['/api/newapi/vendors.json'];
    publish('/api/newapi/models.json', MODELS);
    const answer = await call('POST', '/api/models/sync_upstream', {
      overwrite: [{ model_name: 'gpt-4o', fields: ['icon'] }],
    });
    expect(answer).toEqual({
      success: false,
      message: '获取上游模型元数据失败：上游返回状态码 404（Not Found）',
    });
    const gpt = (await call('GET', '/api/models/search?keyword=gpt-4o')).data.items[0];
    expect(gpt.icon).toBe('Mine');
  });
});
