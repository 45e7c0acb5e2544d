/**
 * `/api/models/…` and `/api/vendors/…` (model and vendor metadata): admins only, the console
 * envelope, soft delete, duplicate names, full and status-only updates, the fields computed from
 * routing, the missing models under name rules, and `GET /api/models` left as the user's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFixtures } from '../support/channel-fixtures.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const FORBIDDEN = { success: false, message: '无权进行此操作，权限不足' };

describe.each(appDatabaseKinds())('model catalogue API on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  const { create: createChannel } = channelFixtures(
    () => harness,
    () => root,
  );

  const call = (method: string, url: string, body?: unknown) =>
    harness.call(root, method, url, body).then((response) => {
      expect(response.statusCode, `${method} ${url}`).toBe(200);
      return response.json();
    });

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'alice',
      password: 'password123',
      display_name: 'alice',
    });
    expect(created.json().success).toBe(true);
    alice = await harness.login('alice', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses every catalogue route to users and visitors', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/models/?p=1'],
      ['GET', '/api/models/search?keyword=x'],
      ['GET', '/api/models/missing'],
      ['GET', '/api/models/1'],
      ['POST', '/api/models/'],
      ['PUT', '/api/models/'],
      ['PUT', '/api/models/?status_only=true'],
      ['DELETE', '/api/models/1'],
      ['GET', '/api/models/sync_upstream/preview'],
      ['POST', '/api/models/sync_upstream'],
      ['GET', '/api/vendors/'],
      ['GET', '/api/vendors/search?keyword=x'],
      ['GET', '/api/vendors/1'],
      ['POST', '/api/vendors/'],
      ['PUT', '/api/vendors/'],
      ['DELETE', '/api/vendors/1'],
    ];
    for (const [method, url] of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { id: 1, name: 'x' };
      const refused = await harness.call(alice, method, url, body);
      expect(refused.json(), `${method} ${url}`).toEqual(FORBIDDEN);
      expect((await harness.call(undefined, method, url, body)).statusCode).toBe(401);
    }
  });

  it('keeps GET /api/models (no trailing slash) as the signed-in user model list', async () => {
    const answer = (await harness.call(alice, 'GET', '/api/models')).json();
    expect(answer.success).toBe(true);
    expect(answer.data['1']).toContain('gpt-4o');
    expect((await harness.call(undefined, 'GET', '/api/models')).statusCode).toBe(401);
  });

  it('creates vendors and models, refusing duplicate and empty names', async () => {
    const vendor = await call('POST', '/api/vendors/', { name: 'OpenAI', icon: 'OpenAI' });
    expect(vendor).toMatchObject({
      success: true,
      message: '',
      data: { name: 'OpenAI', icon: 'OpenAI', description: '', status: 1 },
    });
    expect(await call('POST', '/api/vendors/', { name: 'OpenAI' })).toEqual({
      success: false,
      message: '供应商名称已存在',
    });
    const model = await call('POST', '/api/models/', {
      model_name: 'gpt-4o',
      vendor_id: vendor.data.id,
      tags: 'chat,vision',
      endpoints: '{"openai":{"path":"/v1/chat/completions","method":"POST"}}',
      context_length: 128000,
    });
    expect(model.success).toBe(true);
    expect(model.data).toMatchObject({
      model_name: 'gpt-4o',
      vendor_id: vendor.data.id,
      status: 1,
      sync_official: 1,
      name_rule: 0,
      context_length: 128000,
      max_output_tokens: 0,
      bound_channels: [],
      enable_groups: [],
      quota_types: [],
      matched_models: [],
      matched_count: 0,
    });
    expect(await call('POST', '/api/models/', { model_name: 'gpt-4o' })).toEqual({
      success: false,
      message: '模型名称已存在',
    });
    expect((await call('POST', '/api/models/', { model_name: '  ' })).message).toBe(
      '模型名称不能为空',
    );
    expect((await call('POST', '/api/models/', { model_name: 'x', name_rule: 5 })).message).toBe(
      '无效的名称匹配规则',
    );
    expect((await call('POST', '/api/models/', { model_name: 'x', endpoints: '{' })).message).toBe(
      '端点配置必须是合法的 JSON',
    );
    expect((await call('POST', '/api/models/', { model_name: 'x', vendor_id: 999 })).message).toBe(
      '供应商不存在',
    );
  });

  it('lists with paging and vendor counts, searches, and reads one row', async () => {
    await call('POST', '/api/models/', { model_name: 'claude', name_rule: 1, tags: 'chat' });
    const page = await call('GET', '/api/models/?p=0&page_size=1');
    expect(page.data).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(page.data.items.map((item: { model_name: string }) => item.model_name)).toEqual([
      'claude',
    ]);
    expect(page.data.vendor_counts.all).toBe(2);
    const search = await call('GET', '/api/models/search?keyword=VISION');
    expect(search.data.items.map((item: { model_name: string }) => item.model_name)).toEqual([
      'gpt-4o',
    ]);
    const byVendor = await call('GET', '/api/models/search?vendor=openai');
    expect(byVendor.data.total).toBe(1);
    const one = await call('GET', `/api/models/${search.data.items[0].id}`);
    expect(one.data.model_name).toBe('gpt-4o');
    expect(await call('GET', '/api/models/99999')).toEqual({
      success: false,
      message: '模型不存在',
    });
    expect((await call('GET', '/api/models/abc')).success).toBe(false);
  });

  it('computes channels, groups, quota types and matched models from enabled abilities', async () => {
    expect(
      (await createChannel({ name: 'c1', models: 'gpt-4o,claude-3-opus', group: 'default,vip' }))
        .success,
    ).toBe(true);
    expect(
      (await createChannel({ name: 'c2', type: 14, models: 'claude-3-haiku', group: 'svip' }))
        .success,
    ).toBe(true);
    expect(
      (await createChannel({ name: 'off', models: 'claude-3-sonnet', status: 2 })).success,
    ).toBe(true);
    const page = await call('GET', '/api/models/?p=1');
    const claude = page.data.items.find(
      (item: { model_name: string }) => item.model_name === 'claude',
    );
    expect(claude).toMatchObject({
      bound_channels: [
        { name: 'c1', type: 1 },
        { name: 'c2', type: 14 },
      ],
      enable_groups: ['default', 'svip', 'vip'],
      quota_types: [0],
      matched_models: ['claude-3-haiku', 'claude-3-opus'],
      matched_count: 2,
    });
    const gpt = page.data.items.find(
      (item: { model_name: string }) => item.model_name === 'gpt-4o',
    );
    expect(gpt).toMatchObject({
      bound_channels: [{ name: 'c1', type: 1 }],
      matched_models: ['gpt-4o'],
      matched_count: 1,
    });
  });

  it('lists the missing models, honouring name rules', async () => {
    await createChannel({ name: 'c3', models: 'qwen-max,qwen-plus,deepseek-chat' });
    expect((await call('GET', '/api/models/missing')).data).toEqual([
      'deepseek-chat',
      'qwen-max',
      'qwen-plus',
    ]);
    await call('POST', '/api/models/', { model_name: 'qwen-', name_rule: 1 });
    await call('POST', '/api/models/', { model_name: '-chat', name_rule: 3 });
    expect(await call('GET', '/api/models/missing')).toEqual({
      success: true,
      message: '',
      data: [],
    });
  });

  it('updates every column (zero values too), or the status alone', async () => {
    const [gpt] = (await call('GET', '/api/models/search?keyword=gpt-4o')).data.items;
    const updated = await call('PUT', '/api/models/', {
      id: gpt.id,
      model_name: 'gpt-4o',
      description: 'Omni',
      tags: '',
      vendor_id: 0,
      endpoints: '',
      context_length: 0,
      status: 0,
      sync_official: 0,
      name_rule: 0,
      knowledge_cutoff: '2023-10',
    });
    expect(updated.data).toMatchObject({
      description: 'Omni',
      tags: '',
      vendor_id: 0,
      endpoints: '',
      context_length: 0,
      status: 0,
      sync_official: 0,
      knowledge_cutoff: '2023-10',
    });
    const enabled = await call('PUT', '/api/models/?status_only=true', { id: gpt.id, status: 1 });
    expect(enabled.data).toMatchObject({ status: 1, description: 'Omni', sync_official: 0 });
    expect(await call('PUT', '/api/models/', { id: 99999, model_name: 'y' })).toEqual({
      success: false,
      message: '模型不存在',
    });
    expect((await call('PUT', '/api/models/', { id: gpt.id, model_name: 'claude' })).message).toBe(
      '模型名称已存在',
    );
  });

  it('soft-deletes models and vendors: gone from the lists, rows kept, names free again', async () => {
    const [gpt] = (await call('GET', '/api/models/search?keyword=gpt-4o')).data.items;
    expect(await call('DELETE', `/api/models/${gpt.id}`)).toEqual({ success: true, message: '' });
    expect((await call('GET', `/api/models/${gpt.id}`)).message).toBe('模型不存在');
    expect((await call('DELETE', `/api/models/${gpt.id}`)).message).toBe('模型不存在');
    const db = harness.runtime.context.database.db;
    const row = await db
      .selectFrom('models')
      .select('deleted_at')
      .where('id', '=', gpt.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect((await call('POST', '/api/models/', { model_name: 'gpt-4o' })).success).toBe(true);

    const [openai] = (await call('GET', '/api/vendors/search?keyword=open')).data.items;
    expect(
      (await call('PUT', '/api/vendors/', { id: openai.id, name: 'OpenAI Inc' })).data,
    ).toMatchObject({
      name: 'OpenAI Inc',
      status: 0,
      icon: '',
    });
    expect(await call('DELETE', `/api/vendors/${openai.id}`)).toEqual({
      success: true,
      message: '',
    });
    expect((await call('GET', `/api/vendors/${openai.id}`)).message).toBe('供应商不存在');
    expect((await call('GET', '/api/vendors/?p=1')).data).toEqual({
      items: [],
      total: 0,
      page: 1,
      page_size: 20,
    });
    expect((await call('POST', '/api/vendors/', { name: 'OpenAI Inc' })).success).toBe(true);
  });

  it('answers in English when asked', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/models/',
      headers: {
        cookie: root.cookie,
        'new-api-user': String(root.userId),
        'accept-language': 'en',
      },
      payload: { model_name: 'claude' },
    });
    expect(response.json()).toEqual({ success: false, message: 'The model name already exists' });
  });
});
