import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** A multi-key channel serving `model` alone (mapped to a model the mock answers); returns its id. */
async function addMultiKeyChannel(
  fixture: RelayFixture,
  model: string,
  key: string,
  multiKeyMode: 'random' | 'polling',
): Promise<number> {
  await fixture.priceModels({ [model]: 0.075 });
  const response = await fixture.harness.call(fixture.root, 'POST', '/api/channel/', {
    mode: 'multi_to_single',
    multi_key_mode: multiKeyMode,
    channel: {
      type: 1,
      name: `multi-${model}`,
      key,
      base_url: fixture.mock.url,
      models: model,
      group: 'default',
      model_mapping: JSON.stringify({ [model]: 'gpt-4o-mini' }),
    },
  });
  expect(response.json()).toMatchObject({ success: true });
  const row = await fixture.harness.runtime.context.database.db
    .selectFrom('channels')
    .select('id')
    .where('name', '=', `multi-${model}`)
    .executeTakeFirstOrThrow();
  await fixture.harness.runtime.context.relay.channels.refresh();
  return row.id;
}

async function chat(fixture: RelayFixture, model: string) {
  const response = await fetch(`${fixture.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  return { status: response.status, body: await response.json() };
}

/** The upstream keys of the mock's requests since `from`, in order. */
function keysSent(fixture: RelayFixture, from: number): string[] {
  return fixture.mock.requests
    .slice(from)
    .map((request) => String(request.headers.authorization ?? '').replace(/^Bearer /, ''));
}

describe.each(appDatabaseKinds())('multi-key channels on %s', (kind) => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('creates one channel holding every key with its channel_info', async () => {
    const id = await addMultiKeyChannel(
      fixture,
      'mk-create',
      ' sk-a\nsk-b\n\nsk-c \nsk-b',
      'polling',
    );
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.key).toBe('sk-a\nsk-b\nsk-c');
    expect(JSON.parse(String(row.channel_info))).toMatchObject({
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_mode: 'polling',
      multi_key_status_list: {},
    });
    const listed = await fixture.harness.call(fixture.root, 'GET', `/api/channel/${id}`);
    expect(listed.body).not.toContain('sk-a');
    expect(listed.json().data).toMatchObject({
      key: '',
      channel_info: { is_multi_key: true, multi_key_size: 3, multi_key_mode: 'polling' },
    });
  });

  it('spreads random picks over every key', async () => {
    await addMultiKeyChannel(fixture, 'mk-random', 'sk-r0\nsk-r1\nsk-r2', 'random');
    const from = fixture.mock.requests.length;
    for (let call = 0; call < 30; call += 1)
      expect((await chat(fixture, 'mk-random')).status).toBe(200);
    expect(new Set(keysSent(fixture, from))).toEqual(new Set(['sk-r0', 'sk-r1', 'sk-r2']));
    const logs = await fixture.consumeLogs();
    const indexes = logs.slice(-30).map((log) => JSON.parse(String(log.other)).multi_key_index);
    expect(new Set(indexes)).toEqual(new Set([0, 1, 2]));
  });

  it('takes the keys in turn in polling mode', async () => {
    await addMultiKeyChannel(fixture, 'mk-polling', 'sk-p0\nsk-p1\nsk-p2', 'polling');
    const from = fixture.mock.requests.length;
    for (let call = 0; call < 6; call += 1)
      expect((await chat(fixture, 'mk-polling')).status).toBe(200);
    expect(keysSent(fixture, from)).toEqual(['sk-p0', 'sk-p1', 'sk-p2', 'sk-p0', 'sk-p1', 'sk-p2']);
  });

  it('moves past a revoked key, disables that key alone and keeps the channel enabled', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const id = await addMultiKeyChannel(
      fixture,
      'mk-revoked',
      'sk-k0\nsk-invalid\nsk-k2',
      'polling',
    );
    for (let call = 0; call < 6; call += 1) {
      const response = await chat(fixture, 'mk-revoked');
      expect(response.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['status', 'channel_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
    const info = JSON.parse(String(row.channel_info));
    expect(info.multi_key_status_list).toEqual({ '1': 3 });
    expect(info.multi_key_disabled_reason['1']).toBeTruthy();
    expect(info.multi_key_disabled_time['1']).toBeGreaterThan(0);
    // Once disabled, the key is no longer sent.
    const from = fixture.mock.requests.length;
    for (let call = 0; call < 4; call += 1) await chat(fixture, 'mk-revoked');
    expect(keysSent(fixture, from)).not.toContain('sk-invalid');
  });

  it('disables the channel once its last enabled key is revoked', async () => {
    const id = await addMultiKeyChannel(fixture, 'mk-last', 'sk-l0\nsk-invalid', 'random');
    const disabled = await fixture.harness.call(
      fixture.root,
      'POST',
      '/api/channel/multi_key/manage',
      {
        channel_id: id,
        action: 'disable_key',
        key_index: 0,
      },
    );
    expect(disabled.json()).toMatchObject({ success: true });
    await fixture.harness.runtime.context.relay.channels.refresh();
    expect((await chat(fixture, 'mk-last')).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['status', 'channel_info', 'other_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(JSON.parse(String(row.channel_info)).multi_key_status_list).toEqual({ '0': 2, '1': 3 });
    expect(JSON.parse(String(row.other_info)).status_reason).toBeTruthy();
  });

  it('replaces the keys on update by default, the key states starting afresh', async () => {
    const id = await addMultiKeyChannel(fixture, 'mk-replace', 'sk-y0\nsk-y1', 'polling');
    const db = fixture.harness.runtime.context.database.db;
    await fixture.harness.call(fixture.root, 'POST', '/api/channel/multi_key/manage', {
      channel_id: id,
      action: 'disable_key',
      key_index: 1,
    });
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
      id,
      key: 'sk-z0\nsk-z1\nsk-z2',
    });
    expect(response.json()).toMatchObject({ success: true });
    const row = await db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.key).toBe('sk-z0\nsk-z1\nsk-z2');
    expect(JSON.parse(String(row.channel_info))).toMatchObject({
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_mode: 'polling',
      multi_key_status_list: {},
    });
    // An update without a key keeps keys and states.
    await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', { id, priority: 3 });
    const kept = await db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual(row);
  });

  it('keeps batch mode as one channel per key line, single-key', async () => {
    await fixture.priceModels({ 'mk-batch': 0.075 });
    const response = await fixture.harness.call(fixture.root, 'POST', '/api/channel/', {
      mode: 'batch',
      channel: {
        type: 1,
        name: 'mk-batch',
        key: 'sk-b0\nsk-b1',
        base_url: fixture.mock.url,
        models: 'mk-batch',
      },
    });
    expect(response.json()).toMatchObject({ success: true });
    const rows = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('name', '=', 'mk-batch')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { key: 'sk-b0', channel_info: null },
      { key: 'sk-b1', channel_info: null },
    ]);
  });

  it('appends keys on update, keeping the key states, and changes the mode', async () => {
    const id = await addMultiKeyChannel(fixture, 'mk-append', 'sk-x0\nsk-x1', 'random');
    const db = fixture.harness.runtime.context.database.db;
    const stored = JSON.stringify({
      is_multi_key: true,
      multi_key_size: 2,
      multi_key_status_list: { '1': 2 },
      multi_key_disabled_reason: {},
      multi_key_disabled_time: {},
      multi_key_polling_index: 0,
      multi_key_mode: 'random',
    });
    await db.updateTable('channels').set({ channel_info: stored }).where('id', '=', id).execute();
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
      id,
      key: 'sk-x1\n sk-x2 \nsk-x2',
      key_mode: 'append',
      multi_key_mode: 'polling',
      channel_info: '{"is_multi_key":false}',
    });
    expect(response.json()).toMatchObject({ success: true, data: { key: '' } });
    const row = await db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.key).toBe('sk-x0\nsk-x1\nsk-x2');
    expect(JSON.parse(String(row.channel_info))).toMatchObject({
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_mode: 'polling',
      multi_key_status_list: { '1': 2 },
    });
  });
});
