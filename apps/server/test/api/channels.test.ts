import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_SECRET as SECRET, channelFixtures } from '../support/channel-fixtures.js';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

describe.each(appDatabaseKinds())('channel administration on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let normalUser: Session;
  let events = 0;

  const { db, create, idsNamed, abilitiesOf } = channelFixtures(
    () => harness,
    () => root,
  );

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    await harness.call(root, 'POST', '/api/user/', {
      username: 'plainuser',
      password: 'password123',
      display_name: 'plainuser',
    });
    normalUser = await harness.login('plainuser', 'password123');
    harness.runtime.context.events.on('channels-changed', () => {
      events += 1;
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses every channel route to non-admins', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/channel/?p=0'],
      ['GET', '/api/channel/search?keyword=x'],
      ['GET', '/api/channel/models'],
      ['GET', '/api/channel/models_enabled'],
      ['GET', '/api/channel/1'],
      ['POST', '/api/channel/'],
      ['PUT', '/api/channel/'],
      ['DELETE', '/api/channel/1'],
      ['DELETE', '/api/channel/disabled'],
      ['POST', '/api/channel/batch'],
      ['POST', '/api/channel/batch/tag'],
      ['POST', '/api/channel/tag/enabled'],
      ['POST', '/api/channel/tag/disabled'],
      ['PUT', '/api/channel/tag'],
      ['POST', '/api/channel/fix'],
      ['POST', '/api/channel/copy/1'],
      ['GET', '/api/channel/fetch_models/1'],
      ['POST', '/api/channel/fetch_models'],
    ];
    for (const [method, url] of routes) {
      const response = await harness.call(
        normalUser,
        method,
        url,
        method === 'GET' ? undefined : {},
      );
      expect(response.json(), `${method} ${url}`).toEqual({
        success: false,
        message: '无权进行此操作，权限不足',
      });
      const anonymous = await harness.call(
        undefined,
        method,
        url,
        method === 'GET' ? undefined : {},
      );
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates a channel with normalised fields and abilities, never returning the key', async () => {
    const before = events;
    const body = await create({
      type: 1,
      name: 'main',
      models: ' gpt-4o, gpt-4o-mini,,gpt-4o ',
      group: 'default, vip',
      base_url: 'https://upstream.example/v1/',
      model_mapping: '{"gpt-4o": "gpt-4o-2024-08-06"}',
      priority: 3,
      weight: 2,
    });
    expect(body).toEqual({ success: true, message: '' });
    expect(events).toBe(before + 1);
    const [id] = await idsNamed('main');
    const row = await db()
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      key: SECRET,
      status: 1,
      models: 'gpt-4o,gpt-4o-mini',
      group: 'default,vip',
      base_url: 'https://upstream.example/v1',
      used_quota: 0,
    });
    expect(Number(row.created_time)).toBeGreaterThan(0);
    expect(await abilitiesOf(id!)).toEqual(
      ['default', 'vip'].flatMap((group) =>
        ['gpt-4o', 'gpt-4o-mini'].map((model) => ({
          group,
          model,
          enabled: true,
          priority: 3,
          weight: 2,
          tag: null,
        })),
      ),
    );

    const responses = [
      await harness.call(root, 'GET', '/api/channel/?p=0&page_size=10'),
      await harness.call(root, 'GET', `/api/channel/${id}`),
      await harness.call(root, 'GET', '/api/channel/search?keyword=main'),
      await harness.call(root, 'PUT', '/api/channel/', { id, weight: 2 }),
    ];
    for (const response of responses) {
      expect(response.json().success).toBe(true);
      expect(response.body).not.toContain(SECRET);
    }
    const channel = responses[1]!.json().data;
    expect(channel).toMatchObject({
      id,
      key: '',
      name: 'main',
      type: 1,
      priority: 3,
      weight: 2,
      model_mapping: '{"gpt-4o": "gpt-4o-2024-08-06"}',
      tag: null,
      other_info: '',
    });
    expect(Array.isArray(responses[0]!.json().data)).toBe(true);

    // A keyword never matches a credential; an explicit key lookup does, and is logged.
    const byKeyword = await harness.call(root, 'GET', `/api/channel/search?keyword=${SECRET}`);
    expect(byKeyword.json().data).toEqual([]);
    const byKey = await harness.call(
      root,
      'GET',
      `/api/channel/search?key=${encodeURIComponent(SECRET)}`,
    );
    expect(byKey.json().data.map((found: { id: number }) => found.id)).toEqual([id]);
    expect(byKey.body).not.toContain(SECRET);
    const lookups = await db()
      .selectFrom('logs')
      .select(['content', 'user_id'])
      .where('type', '=', 3)
      .where('content', 'like', '%按密钥%')
      .execute();
    expect(lookups).toHaveLength(1);
    expect(lookups[0].user_id).toBe(root.userId);
    expect(lookups[0].content).not.toContain(SECRET);
  });

  it('creates one channel per key line in batch mode', async () => {
    const body = await create({ name: 'batch', key: 'key-a\n\n  key-b \nkey-c\n' }, 'batch');
    expect(body.success).toBe(true);
    const ids = await idsNamed('batch');
    expect(ids).toHaveLength(3);
    const keys = await db()
      .selectFrom('channels')
      .select('key')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(keys.map((row) => row.key)).toEqual(['key-a', 'key-b', 'key-c']);
    for (const id of ids) expect(await abilitiesOf(id)).toHaveLength(1);

    await create({ name: 'single-multiline', key: 'line-1\nline-2' }, 'single');
    expect(await idsNamed('single-multiline')).toHaveLength(1);
  });

  it("accepts the flat channel body new-api's own console sends, one channel per key line", async () => {
    const response = await harness.call(root, 'POST', '/api/channel/', {
      type: 1,
      name: 'flat',
      key: 'sk-flat-one\nsk-flat-two',
      models: 'gpt-4o-mini',
      group: 'default',
      base_url: '',
      other: '',
      model_mapping: '',
      priority: 0,
      weight: 0,
      auto_ban: 1,
      groups: ['default'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '' });
    const rows = await db()
      .selectFrom('channels')
      .select('key')
      .where('name', '=', 'flat')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.key)).toEqual(['sk-flat-one', 'sk-flat-two']);
  });

  it('validates the channel form', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '渠道名称不能为空'],
      [{ name: 'k', key: '  ' }, '渠道密钥不能为空'],
      [{ name: 'm', models: ' , ' }, '请至少选择一个模型'],
      [{ name: 'm', models: 'm'.repeat(256) }, `模型名称过长: ${'m'.repeat(256)}`],
      [{ name: 't', type: 999 }, '渠道类型无效'],
      [{ name: 'j', model_mapping: '{bad json' }, '模型映射必须是合法的 JSON 对象'],
      [{ name: 'j', status_code_mapping: '{"429": 500}' }, '状态码复写必须形如 {"429": "500"}'],
      [{ name: 'j', setting: '[]' }, '渠道额外设置必须是合法的 JSON 对象'],
      [{ name: 'j', param_override: 'x' }, '参数覆盖必须是合法的 JSON 对象'],
      [{ name: 'j', other_info: '1' }, '渠道附加信息必须是合法的 JSON 对象'],
      [
        { name: 'u', base_url: 'ftp://example.com' },
        'API 地址无效，必须以 http:// 或 https:// 开头',
      ],
      [{ name: 'v', type: 41 }, '部署地区不能为空'],
      [{ name: 'v', type: 41, other: '{"us": "us-east1"}' }, '部署地区必须包含default字段'],
      [{ name: 'g', group: 'g'.repeat(65) }, '分组总长度不能超过 64 个字符'],
    ];
    for (const [channel, message] of cases) {
      expect(await create(channel), JSON.stringify(channel)).toEqual({ success: false, message });
    }
    const malformed = await harness.call(root, 'POST', '/api/channel/', {
      channel: { type: 'one' },
    });
    expect(businessFailure(malformed)).toEqual(REFUSED);
    const badMode = await harness.call(root, 'POST', '/api/channel/', { mode: 'x', channel: {} });
    expect(businessFailure(badMode)).toEqual(REFUSED);
    expect(await idsNamed('j')).toEqual([]);
  });

  it('updates fields, keeps an empty key, and rebuilds abilities', async () => {
    await create({ name: 'editable', group: 'default' });
    const [id] = await idsNamed('editable');
    const before = events;
    const response = await harness.call(root, 'PUT', '/api/channel/', {
      id,
      key: '',
      name: 'edited',
      models: 'm1,m2',
      group: 'default,vip',
      tag: 'team',
      base_url: 'https://other.example//',
    });
    expect(response.json()).toMatchObject({
      success: true,
      data: { id, name: 'edited', key: '', tag: 'team' },
    });
    expect(response.body).not.toContain(SECRET);
    expect(events).toBe(before + 1);
    const row = await db()
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: SECRET, models: 'm1,m2', base_url: 'https://other.example' });
    expect(
      (await abilitiesOf(id!)).map((ability) => `${ability.group}/${ability.model}/${ability.tag}`),
    ).toEqual(['default/m1/team', 'default/m2/team', 'vip/m1/team', 'vip/m2/team']);

    await harness.call(root, 'PUT', '/api/channel/', { id, key: 'new-key' });
    const rekeyed = await db()
      .selectFrom('channels')
      .select('key')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(rekeyed.key).toBe('new-key');
  });

  it('applies quick edits of priority, weight and status to the abilities', async () => {
    await create({ name: 'quick', models: 'a,b', priority: 4, weight: 9 });
    const [id] = await idsNamed('quick');
    await harness.call(root, 'PUT', '/api/channel/', { id, priority: 0 });
    await harness.call(root, 'PUT', '/api/channel/', { id, weight: 0 });
    expect((await abilitiesOf(id!)).every((row) => row.priority === 0 && row.weight === 0)).toBe(
      true,
    );

    const disabled = await harness.call(root, 'PUT', '/api/channel/', { id, status: 2 });
    expect(disabled.json().data.status).toBe(2);
    expect((await abilitiesOf(id!)).every((row) => !row.enabled)).toBe(true);
    const info = JSON.parse(disabled.json().data.other_info);
    expect(info.status_reason).toBe('');
    expect(info.status_time).toBeGreaterThan(0);

    await harness.call(root, 'PUT', '/api/channel/', { id, status: 1 });
    expect((await abilitiesOf(id!)).every((row) => row.enabled)).toBe(true);
    const channel = (await harness.call(root, 'GET', `/api/channel/${id}`)).json().data;
    expect(channel).toMatchObject({ models: 'a,b', priority: 0, weight: 0, status: 1 });
  });

  it('reports unknown channels and bad edits', async () => {
    expect((await harness.call(root, 'GET', '/api/channel/999999')).json()).toEqual({
      success: false,
      message: '渠道不存在',
    });
    expect(
      (await harness.call(root, 'PUT', '/api/channel/', { id: 999999, priority: 1 })).json(),
    ).toEqual({
      success: false,
      message: '渠道不存在',
    });
    expect((await harness.call(root, 'DELETE', '/api/channel/999999')).json().message).toBe(
      '渠道不存在',
    );
    expect((await harness.call(root, 'POST', '/api/channel/copy/999999')).json().message).toBe(
      '获取渠道信息失败，请稍后重试',
    );
    expect(businessFailure(await harness.call(root, 'GET', '/api/channel/abc'))).toEqual(REFUSED);
    const [id] = await idsNamed('quick');
    const badMapping = await harness.call(root, 'PUT', '/api/channel/', {
      id,
      model_mapping: '{"a":',
    });
    expect(badMapping.json()).toEqual({
      success: false,
      message: '模型映射必须是合法的 JSON 对象',
    });
    expect(
      businessFailure(await harness.call(root, 'PUT', '/api/channel/', { priority: 1 })),
    ).toEqual(REFUSED);
  });
});
