import { MOCK_MODELS } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** Nothing listens on port 1 of the loopback: every fetch there is refused. */
const DEAD_UPSTREAM = 'http://127.0.0.1:1';

describe.each(appDatabaseKinds())('upstream model updates on %s', (kind) => {
  let fixture: RelayFixture;
  let failingId: number;

  beforeAll(async () => {
    // The primary channel lists one model the mock upstream serves and one it does not.
    fixture = await createRelayFixture(kind, {}, { models: 'gpt-4o-mini,vanished-model' });
    failingId = await fixture.addChannel({ name: 'dead', base_url: DEAD_UPSTREAM });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    fixture.harness.call(fixture.root, method, path, body);

  async function channelRow(id: number) {
    return fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['models', 'other_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function listed(id: number) {
    const page = await call('GET', '/api/channel/?p=0&page_size=100');
    const rows = page.json().data as Array<{ id: number; upstream_updates: unknown }>;
    return rows.find((row) => row.id === id);
  }

  const expectedAdded = MOCK_MODELS.filter((model) => model !== 'gpt-4o-mini');

  it('records what upstream added and dropped, and the channel list shows it', async () => {
    const response = await call('POST', '/api/channel/upstream_updates/detect', {
      id: fixture.channelId,
    });
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.added).toEqual(expectedAdded);
    expect(body.data.removed).toEqual(['vanished-model']);
    expect(body.data.detected_at).toBeGreaterThan(0);

    // Only the pending diff is recorded: the models and routing are untouched until applied.
    expect((await channelRow(fixture.channelId)).models).toBe('gpt-4o-mini,vanished-model');
    expect((await listed(fixture.channelId))?.upstream_updates).toEqual(body.data);
    expect((await listed(failingId))?.upstream_updates).toBeNull();
  });

  it('reports a failing upstream without touching its channel', async () => {
    const before = await channelRow(failingId);
    const response = await call('POST', '/api/channel/upstream_updates/detect', { id: failingId });
    expect(response.json()).toEqual({
      success: false,
      message: '获取模型列表失败：无法连接上游：连接被拒绝',
    });
    expect(await channelRow(failingId)).toEqual(before);

    const missing = await call('POST', '/api/channel/upstream_updates/detect', { id: 999999 });
    expect(missing.json()).toEqual({ success: false, message: '渠道不存在' });
  });

  it('detect_all summarises the enabled channels: changed, and failed with the reason', async () => {
    const response = await call('POST', '/api/channel/upstream_updates/detect_all');
    const summary = response.json().data;
    expect(summary.checked).toBe(2);
    expect(summary.changed).toEqual([
      expect.objectContaining({
        id: fixture.channelId,
        added: expectedAdded,
        removed: ['vanished-model'],
      }),
    ]);
    expect(summary.failed).toEqual([
      { id: failingId, name: 'dead', message: '获取模型列表失败：无法连接上游：连接被拒绝' },
    ]);
  });

  it('apply adds the models, clears the diff and makes an added model routable', async () => {
    await expect(
      fixture.client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toThrow();

    const response = await call('POST', '/api/channel/upstream_updates/apply', {
      id: fixture.channelId,
    });
    expect(response.json()).toEqual({
      success: true,
      message: '',
      data: { applied: 1, added: expectedAdded.length, removed: 0, failed: [] },
    });
    const row = await channelRow(fixture.channelId);
    expect(row.models).toBe(['gpt-4o-mini', 'vanished-model', ...expectedAdded].join(','));
    expect((await listed(fixture.channelId))?.upstream_updates).toBeNull();

    const abilities = await fixture.harness.runtime.context.database.db
      .selectFrom('abilities')
      .select('model')
      .where('channel_id', '=', fixture.channelId)
      .execute();
    expect(abilities.map((ability) => ability.model)).toContain('gpt-4o');

    // The relay's channel cache is told by the write, as after a channel edit.
    await expect
      .poll(async () => {
        try {
          const answer = await fixture.client.chat.completions.create({
            model: 'gpt-4o',
            messages: [{ role: 'user', content: 'hi' }],
          });
          return answer.choices.length;
        } catch {
          return 0;
        }
      })
      .toBe(1);

    const again = await call('POST', '/api/channel/upstream_updates/apply', {
      id: fixture.channelId,
    });
    expect(again.json()).toEqual({ success: false, message: '该渠道没有待应用的上游模型更新' });
  });

  it('apply_all with remove drops the vanished models too', async () => {
    const detected = await call('POST', '/api/channel/upstream_updates/detect', {
      id: fixture.channelId,
    });
    expect(detected.json().data).toEqual(
      expect.objectContaining({ added: [], removed: ['vanished-model'] }),
    );

    const response = await call('POST', '/api/channel/upstream_updates/apply_all', {
      remove: true,
    });
    expect(response.json().data).toEqual({ applied: 1, added: 0, removed: 1, failed: [] });
    const row = await channelRow(fixture.channelId);
    expect(row.models).toBe(['gpt-4o-mini', ...expectedAdded].join(','));
    const vanished = await fixture.harness.runtime.context.database.db
      .selectFrom('abilities')
      .select('model')
      .where('channel_id', '=', fixture.channelId)
      .where('model', '=', 'vanished-model')
      .execute();
    expect(vanished).toEqual([]);

    // Nothing differs any more: detect clears rather than records.
    const clean = await call('POST', '/api/channel/upstream_updates/detect', {
      id: fixture.channelId,
    });
    expect(clean.json()).toEqual({ success: true, message: '', data: null });
  });

  it('is for admins only', async () => {
    const anonymous = await fixture.harness.app.inject({
      method: 'POST',
      url: '/api/channel/upstream_updates/detect_all',
    });
    expect(anonymous.json().success).toBe(false);
  });
});
