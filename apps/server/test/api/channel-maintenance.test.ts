import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNEL_SECRET as SECRET, channelFixtures } from '../support/channel-fixtures.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

describe.each(appDatabaseKinds())('channel maintenance on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let events = 0;

  const { db, create, idsNamed, abilitiesOf } = channelFixtures(
    () => harness,
    () => root,
  );

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    harness.runtime.context.events.on('channels-changed', () => {
      events += 1;
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('deletes one, several and all disabled channels with their abilities', async () => {
    await create({ name: 'doomed' }, 'batch');
    await create({ name: 'doomed-batch', key: 'x1\nx2\nx3' }, 'batch');
    const [single] = await idsNamed('doomed');
    const response = await harness.call(root, 'DELETE', `/api/channel/${single}/`);
    expect(response.json()).toEqual({ success: true, message: '' });
    expect(await idsNamed('doomed')).toEqual([]);
    expect(await abilitiesOf(single!)).toEqual([]);

    const batch = await idsNamed('doomed-batch');
    const deleted = await harness.call(root, 'POST', '/api/channel/batch', {
      ids: [...batch, 999999],
    });
    expect(deleted.json()).toEqual({ success: true, message: '', data: 3 });
    expect(await abilitiesOf(batch[0]!)).toEqual([]);
    expect(
      (await harness.call(root, 'POST', '/api/channel/batch', { ids: [] })).json().message,
    ).toBe('参数错误');

    await create({ name: 'off-manual', status: 2 });
    await create({ name: 'off-auto', status: 3 });
    const offIds = [...(await idsNamed('off-manual')), ...(await idsNamed('off-auto'))];
    const remaining = await db()
      .selectFrom('channels')
      .select('id')
      .where('status', '=', 1)
      .execute();
    const purge = await harness.call(root, 'DELETE', '/api/channel/disabled');
    expect(purge.json()).toEqual({ success: true, message: '', data: 2 });
    for (const id of offIds) expect(await abilitiesOf(id)).toEqual([]);
    const after = await db().selectFrom('channels').select('id').execute();
    expect(after).toHaveLength(remaining.length);
  });

  it('copies a channel on the server, key included', async () => {
    await create({ name: 'original', models: 'c1,c2', tag: 'copytag' });
    const [id] = await idsNamed('original');
    await db()
      .updateTable('channels')
      .set({ balance: 12.5, used_quota: 700, response_time: 900 })
      .where('id', '=', id!)
      .execute();

    const copied = await harness.call(root, 'POST', `/api/channel/copy/${id}`);
    const copyId = copied.json().data.id as number;
    expect(copied.json()).toEqual({ success: true, message: '', data: { id: copyId } });
    const copy = await db()
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({
      name: 'original_复制',
      key: SECRET,
      models: 'c1,c2',
      tag: 'copytag',
      balance: 0,
      used_quota: 0,
      response_time: 0,
    });
    expect(await abilitiesOf(copyId)).toHaveLength(2);
    // The relay's channel cache learns of the copy as of a created channel, key included.
    const cache = harness.runtime.context.relay.channels;
    await vi.waitFor(() =>
      expect(cache.getById(copyId)).toMatchObject({ name: 'original_复制', key: SECRET }),
    );

    const kept = await harness.call(
      root,
      'POST',
      `/api/channel/copy/${id}?suffix=-b&reset_balance=false`,
    );
    const keptRow = await db()
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', kept.json().data.id)
      .executeTakeFirstOrThrow();
    expect(keptRow).toMatchObject({ name: 'original-b', balance: 12.5, used_quota: 700 });
  });

  it('copies a multi-key channel with its keys and key states', async () => {
    await create({ name: 'pool', key: 'pk-1\npk-2\npk-3', models: 'p1' }, 'multi_to_single');
    const [id] = await idsNamed('pool');
    const manage = (body: Record<string, unknown>) =>
      harness.call(root, 'POST', '/api/channel/multi_key/manage', { channel_id: id, ...body });
    await manage({ action: 'disable_key', key_index: 1 });
    await db()
      .updateTable('channels')
      .set({ test_time: 1_700_000_000 })
      .where('id', '=', id!)
      .execute();
    const source = await db()
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();

    const copied = await harness.call(root, 'POST', `/api/channel/copy/${id}?suffix=-pool2`);
    const copyId = copied.json().data.id as number;
    const copy = await db()
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ name: 'pool-pool2', key: source.key, test_time: 0 });
    expect(JSON.parse(String(copy.channel_info))).toEqual(JSON.parse(String(source.channel_info)));
    // The copy's keys are managed on their own: its key 1 is disabled as the source's was.
    const status = await harness.call(root, 'POST', '/api/channel/multi_key/manage', {
      channel_id: copyId,
      action: 'get_key_status',
    });
    expect(status.json().data).toMatchObject({ enabled_count: 2, manual_disabled_count: 1 });
    expect(await abilitiesOf(copyId)).toHaveLength(1);
  });

  it('repairs the routing index and reports how many channels it rebuilt', async () => {
    await create({ name: 'fix-a', models: 'f1,f2' });
    await create({ name: 'fix-b', models: 'f3' });
    const [a] = await idsNamed('fix-a');
    const [b] = await idsNamed('fix-b');
    expect((await harness.call(root, 'POST', '/api/channel/fix')).json()).toEqual({
      success: true,
      message: '',
      data: 0,
    });

    await db().deleteFrom('abilities').where('channel_id', '=', a!).execute();
    await db()
      .updateTable('abilities')
      .set({ enabled: false })
      .where('channel_id', '=', b!)
      .execute();
    await db()
      .insertInto('abilities')
      .values({
        group: 'default',
        model: 'ghost',
        channel_id: 987654,
        enabled: true,
        priority: 0,
        weight: 0,
        tag: null,
      })
      .execute();
    const fixed = await harness.call(root, 'POST', '/api/channel/fix');
    expect(fixed.json()).toEqual({ success: true, message: '', data: 2 });
    expect(await abilitiesOf(a!)).toHaveLength(2);
    expect((await abilitiesOf(b!)).every((row) => row.enabled)).toBe(true);
    expect(await abilitiesOf(987654)).toEqual([]);
  });

  it('lists the model catalogue and the enabled models', async () => {
    const catalogue = (await harness.call(root, 'GET', '/api/channel/models')).json();
    expect(catalogue.success).toBe(true);
    expect(catalogue.data).toContainEqual(
      expect.objectContaining({ id: 'gpt-4o', owned_by: 'openai', object: 'model' }),
    );

    await create({ name: 'enabled-models', models: 'zz-on-1,zz-on-2' });
    await create({ name: 'disabled-models', models: 'zz-off', status: 2 });
    const enabled = (await harness.call(root, 'GET', '/api/channel/models_enabled')).json()
      .data as string[];
    expect(enabled).toEqual(expect.arrayContaining(['zz-on-1', 'zz-on-2']));
    expect(enabled).not.toContain('zz-off');
    expect(enabled).toEqual([...enabled].sort((left, right) => left.localeCompare(right)));
  });

  it('pages the list with a 0-based p, by priority or by id', async () => {
    const all = (
      await harness.call(root, 'GET', '/api/channel/?p=0&page_size=100&id_sort=true')
    ).json().data;
    const ids = all.map((channel: { id: number }) => channel.id);
    expect(ids).toEqual([...ids].sort((left, right) => right - left));
    const first = (
      await harness.call(root, 'GET', '/api/channel/?p=0&page_size=2&id_sort=true')
    ).json().data;
    const second = (
      await harness.call(root, 'GET', '/api/channel/?p=1&page_size=2&id_sort=true')
    ).json().data;
    expect([...first, ...second].map((channel: { id: number }) => channel.id)).toEqual(
      ids.slice(0, 4),
    );
    const byPriority = (await harness.call(root, 'GET', '/api/channel/?p=0&page_size=100')).json()
      .data;
    const priorities = byPriority.map(
      (channel: { priority: number | null }) => channel.priority ?? 0,
    );
    expect(priorities).toEqual([...priorities].sort((left, right) => right - left));
  });
  it('announces every change to the caches, and nothing on failures', async () => {
    const before = events;
    await create({ name: 'announced' });
    const [id] = await idsNamed('announced');
    const calls: [string, string, unknown?][] = [
      ['PUT', '/api/channel/', { id, priority: 1 }],
      ['POST', `/api/channel/copy/${id}`],
      ['POST', '/api/channel/batch/tag', { ids: [id], tag: 'announced' }],
      ['POST', '/api/channel/tag/disabled', { tag: 'announced' }],
      ['POST', '/api/channel/tag/enabled', { tag: 'announced' }],
      ['PUT', '/api/channel/tag', { tag: 'announced', weight: 2 }],
      ['POST', '/api/channel/fix'],
      ['DELETE', `/api/channel/${id}`],
      ['DELETE', '/api/channel/disabled'],
    ];
    for (const [method, url, payload] of calls) {
      expect(
        (await harness.call(root, method, url, payload)).json().success,
        `${method} ${url}`,
      ).toBe(true);
    }
    expect(events).toBe(before + 1 + calls.length);
    await create({ name: '' });
    await harness.call(root, 'PUT', '/api/channel/', { id, priority: 2 });
    expect(events).toBe(before + 1 + calls.length);
  });
});
