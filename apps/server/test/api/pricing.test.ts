import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFixtures } from '../support/channel-fixtures.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

interface PricingJson {
  success: boolean;
  message: string;
  data: {
    model_name: string;
    quota_type: number;
    model_ratio: number;
    model_price: number;
    owner_by: string;
    completion_ratio: number;
    enable_groups: string[];
  }[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
}

describe.each(appDatabaseKinds())('pricing API on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let vipUser: Session;
  const { create, db } = channelFixtures(
    () => harness,
    () => root,
  );

  async function pricing(session?: Session, headers: Record<string, string> = {}) {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/pricing',
      headers: { ...(session ? { cookie: session.cookie } : {}), ...headers },
    });
    expect(response.statusCode).toBe(200);
    return response.json<PricingJson>();
  }

  const byName = (body: PricingJson, name: string) =>
    body.data.find((entry) => entry.model_name === name);

  async function setOption(key: string, value: string) {
    const response = await harness.call(root, 'PUT', '/api/option/', { key, value });
    expect(response.json().success).toBe(true);
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'vipuser',
      password: 'password123',
      display_name: 'vipuser',
    });
    expect(created.json().success).toBe(true);
    const row = await db()
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'vipuser')
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ group: 'vip' }).where('id', '=', row.id).execute();
    vipUser = await harness.login('vipuser', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('answers visitors with an empty list and the default groups', async () => {
    const body = await pricing();
    expect(body).toEqual({
      success: true,
      message: '',
      data: [],
      usable_group: { default: '默认分组', vip: 'vip分组', '': '用户分组' },
      group_ratio: { default: 1, vip: 1 },
      vendors: [],
      supported_endpoint: {},
    });
  });

  it('lists the models of enabled channels with their groups and billing', async () => {
    expect((await create({ name: 'a', models: 'gpt-4o,dall-e-3', group: 'default' })).success).toBe(
      true,
    );
    expect(
      (await create({ name: 'b', models: 'gpt-4o,my-own-model', group: 'vip,svip' })).success,
    ).toBe(true);
    const body = await pricing();
    expect(body.data.map((entry) => entry.model_name)).toEqual([
      'dall-e-3',
      'gpt-4o',
      'my-own-model',
    ]);
    expect(byName(body, 'gpt-4o')).toEqual({
      model_name: 'gpt-4o',
      quota_type: 0,
      model_ratio: 1.25,
      model_price: 0,
      owner_by: '',
      completion_ratio: 4,
      enable_groups: ['default', 'svip', 'vip'],
      supported_endpoint_types: ['openai'],
    });
    expect(byName(body, 'dall-e-3')).toEqual({
      model_name: 'dall-e-3',
      quota_type: 1,
      model_ratio: 0,
      model_price: 0.04,
      owner_by: '',
      completion_ratio: 0,
      enable_groups: ['default'],
      supported_endpoint_types: ['image-generation', 'openai'],
    });
    // No configured ratio: priced at the unknown-model ratio, completion 1.
    expect(byName(body, 'my-own-model')).toMatchObject({
      quota_type: 0,
      model_ratio: 37.5,
      completion_ratio: 1,
      enable_groups: ['svip', 'vip'],
    });
  });

  it('drops the models of disabled channels at once (channel change empties the cache)', async () => {
    const channel = await db()
      .selectFrom('channels')
      .select('id')
      .where('name', '=', 'b')
      .executeTakeFirstOrThrow();
    const disabled = await harness.call(root, 'PUT', '/api/channel/', {
      id: channel.id,
      status: 2,
    });
    expect(disabled.json().success).toBe(true);
    const body = await pricing();
    expect(body.data.map((entry) => entry.model_name)).toEqual(['dall-e-3', 'gpt-4o']);
    expect(byName(body, 'gpt-4o')?.enable_groups).toEqual(['default']);
    await harness.call(root, 'PUT', '/api/channel/', { id: channel.id, status: 1 });
    expect((await pricing()).data).toHaveLength(3);
  });

  it('keeps the computed list for a while when nothing announced a change', async () => {
    const before = await pricing();
    await db()
      .insertInto('abilities')
      .values({
        group: 'default',
        model: 'sneaky-model',
        channel_id: 999,
        enabled: true,
        priority: 0,
        weight: 0,
        tag: null,
      })
      .execute();
    expect(await pricing()).toEqual(before);
    harness.runtime.context.events.emit('channels-changed');
    expect(byName(await pricing(), 'sneaky-model')).toBeDefined();
    await db().deleteFrom('abilities').where('model', '=', 'sneaky-model').execute();
    harness.runtime.context.events.emit('channels-changed');
  });

  it('follows price and ratio option changes at once', async () => {
    await setOption('ModelPrice', JSON.stringify({ 'my-own-model': 0.5 }));
    await setOption('CompletionRatio', JSON.stringify({ 'gpt-4o-custom': 2 }));
    const body = await pricing();
    expect(byName(body, 'my-own-model')).toMatchObject({ quota_type: 1, model_price: 0.5 });
    expect(byName(body, 'dall-e-3')).toMatchObject({ quota_type: 0, model_ratio: 37.5 });
    await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 0.8, svip: 0.5, staff: 0 }));
    expect((await pricing()).group_ratio).toEqual({ default: 1, vip: 0.8 });
  });

  it('gives a signed-in user their own usable groups, no user header needed', async () => {
    await setOption('UserUsableGroups', JSON.stringify({ default: '默认分组' }));
    const body = await pricing(vipUser);
    expect(body.usable_group).toEqual({ default: '默认分组', vip: '用户分组' });
    expect(body.group_ratio).toEqual({ default: 1, vip: 0.8 });
    // Root is in the default group: only the configured groups.
    expect((await pricing(root)).usable_group).toEqual({ default: '默认分组' });
  });

  it('treats a forged or stale cookie as a visitor', async () => {
    const body = await pricing(undefined, { cookie: 'session=forged' });
    expect(body.success).toBe(true);
    expect(body.usable_group).toEqual({ default: '默认分组', '': '用户分组' });
  });
});
