import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

interface ListedChannel {
  id: number;
  name: string;
  tag: string | null;
  priority: number | null;
  status: number;
}

describe.each(testDatabaseKinds())('channel tags and search on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  const ids: Record<string, number> = {};

  const db = () => harness.runtime.context.database.db;

  async function get(url: string) {
    const response = await harness.call(root, 'GET', url);
    expect(response.json().success, url).toBe(true);
    return response.json().data;
  }

  async function abilities(channelId: number) {
    return db()
      .selectFrom('abilities')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('model')
      .execute();
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const channels = [
      {
        name: 'Alpha One',
        tag: 'alpha',
        priority: 5,
        weight: 1,
        models: 'gpt-4o,shared',
        group: 'default',
      },
      {
        name: 'alpha two',
        tag: 'alpha',
        priority: 1,
        weight: 1,
        models: 'gpt-4o-mini',
        group: 'vip',
      },
      {
        name: 'beta one',
        tag: 'beta',
        priority: 9,
        weight: 4,
        models: 'claude-x,shared',
        group: 'default,vip',
      },
      { name: 'loner', tag: '', priority: 100, weight: 0, models: 'solo', group: 'default' },
    ];
    for (const channel of channels) {
      const response = await harness.call(root, 'POST', '/api/channel/', {
        mode: 'single',
        channel: { key: `key-${channel.name}`, ...channel },
      });
      expect(response.json().success).toBe(true);
      const row = await db()
        .selectFrom('channels')
        .select('id')
        .where('name', '=', channel.name)
        .executeTakeFirstOrThrow();
      ids[channel.name] = row.id;
    }
    await db()
      .updateTable('channels')
      .set({ used_quota: 100, response_time: 1000 })
      .where('id', '=', ids['Alpha One']!)
      .execute();
    await db()
      .updateTable('channels')
      .set({ used_quota: 50, response_time: 3000 })
      .where('id', '=', ids['alpha two']!)
      .execute();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists only tagged channels in tag mode, paging over tags', async () => {
    const all: ListedChannel[] = await get('/api/channel/?p=0&page_size=10&tag_mode=true');
    expect(all.map((channel) => channel.name)).toEqual(['beta one', 'Alpha One', 'alpha two']);
    const first: ListedChannel[] = await get('/api/channel/?p=0&page_size=1&tag_mode=true');
    const second: ListedChannel[] = await get('/api/channel/?p=1&page_size=1&tag_mode=true');
    expect(first.map((channel) => channel.tag)).toEqual(['beta']);
    expect(second.map((channel) => channel.name)).toEqual(['Alpha One', 'alpha two']);
    expect(await get('/api/channel/?p=2&page_size=1&tag_mode=true')).toEqual([]);
    const byId: ListedChannel[] = await get(
      '/api/channel/?p=0&page_size=10&tag_mode=true&id_sort=true',
    );
    expect(byId.map((channel) => channel.name)).toEqual(['beta one', 'alpha two', 'Alpha One']);
  });

  it('aggregates tag rows on request', async () => {
    const rows = await get('/api/channel/?p=0&page_size=10&tag_mode=true&aggregate=true');
    expect(rows.map((row: { tag: string }) => row.tag)).toEqual(['beta', 'alpha']);
    expect(rows[1]).toMatchObject({
      tag: 'alpha',
      status: 1,
      group: 'default,vip',
      used_quota: 150,
      response_time: 2000,
      priority: null,
      weight: 1,
      channel_count: 2,
    });
    expect(rows[1].children.map((child: { name: string }) => child.name)).toEqual([
      'Alpha One',
      'alpha two',
    ]);
    expect(JSON.stringify(rows)).not.toContain('key-');
  });

  it('searches by id, name, exact key (asked for explicitly), group and model', async () => {
    const names = async (query: string) =>
      ((await get(`/api/channel/search?${query}`)) as ListedChannel[]).map(
        (channel) => channel.name,
      );
    expect(await names(`keyword=${ids['loner']}`)).toEqual(['loner']);
    expect(await names('keyword=ALPHA')).toEqual(['Alpha One', 'alpha two']);
    expect(await names('keyword=key-beta%20one')).toEqual([]);
    expect(await names('key=key-beta%20one')).toEqual(['beta one']);
    expect(await names('key=key-beta')).toEqual([]);
    expect(await names('keyword=&group=vip')).toEqual(['beta one', 'alpha two']);
    expect(await names('keyword=&group=null&model=shared')).toEqual(['beta one', 'Alpha One']);
    expect(await names('keyword=%25')).toEqual([]);
    expect(await names('keyword=two&tag_mode=true')).toEqual(['Alpha One', 'alpha two']);
    expect(await names('keyword=&id_sort=true')).toEqual([
      'loner',
      'beta one',
      'alpha two',
      'Alpha One',
    ]);
    const body = (await harness.call(root, 'GET', '/api/channel/search?keyword=')).body;
    expect(body).not.toContain('key-');
  });

  it('sets a tag on several channels and copies it to their abilities', async () => {
    const response = await harness.call(root, 'POST', '/api/channel/batch/tag', {
      ids: [ids['loner'], 999999],
      tag: ' gamma ',
    });
    expect(response.json()).toEqual({ success: true, message: '', data: 1 });
    expect((await abilities(ids['loner']!)).map((row) => row.tag)).toEqual(['gamma']);
    const cleared = await harness.call(root, 'POST', '/api/channel/batch/tag', {
      ids: [ids['loner']],
      tag: '',
    });
    expect(cleared.json().data).toBe(1);
    expect((await abilities(ids['loner']!)).map((row) => row.tag)).toEqual([null]);
    const empty = await harness.call(root, 'POST', '/api/channel/batch/tag', { ids: [], tag: 'x' });
    expect(empty.json()).toEqual({ success: false, message: '参数错误' });
  });

  it('disables and enables every channel of a tag', async () => {
    const off = await harness.call(root, 'POST', '/api/channel/tag/disabled', { tag: 'alpha' });
    expect(off.json()).toEqual({ success: true, message: '' });
    for (const name of ['Alpha One', 'alpha two']) {
      const channel = await get(`/api/channel/${ids[name]}`);
      expect(channel.status).toBe(2);
      expect(JSON.parse(channel.other_info).status_time).toBeGreaterThan(0);
      expect((await abilities(ids[name]!)).every((row) => !row.enabled)).toBe(true);
    }
    expect((await abilities(ids['beta one']!)).every((row) => row.enabled)).toBe(true);
    await harness.call(root, 'POST', '/api/channel/tag/enabled', { tag: 'alpha' });
    expect((await abilities(ids['alpha two']!)).every((row) => row.enabled)).toBe(true);
    expect(
      (await harness.call(root, 'POST', '/api/channel/tag/enabled', { tag: '' })).json().message,
    ).toBe('参数错误');
    expect(
      (await harness.call(root, 'POST', '/api/channel/tag/enabled', { tag: 'nope' })).json()
        .message,
    ).toBe('该标签下没有渠道');
  });

  it('edits a tag: priority and weight copied, models and groups rebuilt, empty new tag dissolves', async () => {
    const edit = (body: Record<string, unknown>) =>
      harness.call(root, 'PUT', '/api/channel/tag', body);
    expect((await edit({ tag: 'alpha', priority: 7, weight: 3 })).json()).toEqual({
      success: true,
      message: '',
    });
    for (const name of ['Alpha One', 'alpha two']) {
      expect(await get(`/api/channel/${ids[name]}`)).toMatchObject({ priority: 7, weight: 3 });
      expect(
        (await abilities(ids[name]!)).every(
          (row) => Number(row.priority) === 7 && Number(row.weight) === 3,
        ),
      ).toBe(true);
    }

    expect(
      (
        await edit({
          tag: 'alpha',
          models: 'n1, n2',
          groups: ['default', 'svip'],
          model_mapping: '{"n1":"up"}',
        })
      ).json().success,
    ).toBe(true);
    const rebuilt = await abilities(ids['alpha two']!);
    expect(rebuilt.map((row) => `${row.group}/${row.model}/${row.tag}`).sort()).toEqual([
      'default/n1/alpha',
      'default/n2/alpha',
      'svip/n1/alpha',
      'svip/n2/alpha',
    ]);
    expect(await get(`/api/channel/${ids['Alpha One']}`)).toMatchObject({
      models: 'n1,n2',
      group: 'default,svip',
      model_mapping: '{"n1":"up"}',
    });

    await edit({ tag: 'alpha', new_tag: 'omega' });
    expect((await abilities(ids['Alpha One']!)).every((row) => row.tag === 'omega')).toBe(true);
    await edit({ tag: 'omega', new_tag: '' });
    expect((await get(`/api/channel/${ids['Alpha One']}`)).tag).toBeNull();
    expect((await abilities(ids['Alpha One']!)).every((row) => row.tag === null)).toBe(true);

    expect((await edit({ tag: '' })).json()).toEqual({ success: false, message: 'tag不能为空' });
    expect((await edit({ tag: 'beta', model_mapping: '{oops' })).json()).toEqual({
      success: false,
      message: '模型映射必须是合法的 JSON 对象',
    });
    expect(businessFailure(await edit({ tag: 'beta', weight: -1 }))).toEqual(REFUSED);
  });
});
