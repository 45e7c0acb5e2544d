import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const KEYS = [0, 1, 2, 3].map((index) => `sk-manage-key-${index}-abcdefghij`);
const MODEL = 'mk-managed';

describe.each(appDatabaseKinds())('POST /api/channel/multi_key/manage on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;

  const manage = async (body: Record<string, unknown>) =>
    (
      await fixture.harness.call(fixture.root, 'POST', '/api/channel/multi_key/manage', {
        channel_id: channelId,
        ...body,
      })
    ).json();

  const stored = async () => {
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', channelId)
      .executeTakeFirstOrThrow();
    return { keys: row.key.split('\n'), info: JSON.parse(String(row.channel_info)) };
  };

  /** Key states as stored: index → status, reason and time of the auto-disabled ones. */
  const setStates = async (status: Record<string, number>) => {
    const { info } = await stored();
    const reasons: Record<string, string> = {};
    const times: Record<string, number> = {};
    for (const [index, value] of Object.entries(status)) {
      if (value === 3) {
        reasons[index] = `revoked ${index}`;
        times[index] = 1_700_000_000;
      }
    }
    await fixture.harness.runtime.context.database.db
      .updateTable('channels')
      .set({
        key: KEYS.join('\n'),
        channel_info: JSON.stringify({
          ...info,
          multi_key_size: KEYS.length,
          multi_key_status_list: status,
          multi_key_disabled_reason: reasons,
          multi_key_disabled_time: times,
        }),
      })
      .where('id', '=', channelId)
      .execute();
  };

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await fixture.priceModels({ [MODEL]: 0.075 });
    const created = await fixture.harness.call(fixture.root, 'POST', '/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: {
        type: 1,
        name: 'managed',
        key: KEYS.join('\n'),
        base_url: fixture.mock.url,
        models: MODEL,
        model_mapping: JSON.stringify({ [MODEL]: 'gpt-4o-mini' }),
      },
    });
    expect(created.json().success).toBe(true);
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('id')
      .where('name', '=', 'managed')
      .executeTakeFirstOrThrow();
    channelId = row.id;
  });
  afterAll(async () => {
    await fixture?.close();
  });
  beforeEach(async () => {
    await setStates({});
  });

  it('refuses a missing channel, a single-key channel and an unknown action', async () => {
    expect(await manage({ channel_id: 999_999, action: 'get_key_status' })).toEqual({
      success: false,
      message: '渠道不存在',
    });
    expect(await manage({ channel_id: fixture.channelId, action: 'get_key_status' })).toEqual({
      success: false,
      message: '该渠道不是多密钥模式',
    });
    expect(await manage({ action: 'rotate' })).toEqual({ success: false, message: '不支持的操作' });
  });

  it('lists key states by page and status with counts over every key', async () => {
    await setStates({ '1': 2, '2': 3 });
    const all = await manage({ action: 'get_key_status' });
    expect(all.success).toBe(true);
    expect(all.data).toMatchObject({
      total: 4,
      page: 1,
      page_size: 50,
      total_pages: 1,
      enabled_count: 2,
      manual_disabled_count: 1,
      auto_disabled_count: 1,
    });
    expect(all.data.keys[2]).toEqual({
      index: 2,
      status: 3,
      disabled_time: 1_700_000_000,
      reason: 'revoked 2',
      key_preview: 'sk-manage-...',
    });
    expect(JSON.stringify(all)).not.toContain('sk-manage-key');
    const page = await manage({ action: 'get_key_status', page: 2, page_size: 1, status: 1 });
    expect(page.data).toMatchObject({ total: 2, page: 2, page_size: 1, total_pages: 2 });
    expect(page.data.keys.map((key: { index: number }) => key.index)).toEqual([3]);
    const none = await manage({ action: 'get_key_status', status: 3, page: 5 });
    expect(none.data).toMatchObject({ keys: [], total: 1, total_pages: 1 });
  });

  it('disables and enables one key, checking the index', async () => {
    expect(await manage({ action: 'disable_key' })).toEqual({
      success: false,
      message: '未指定要禁用的密钥索引',
    });
    expect(await manage({ action: 'disable_key', key_index: 4 })).toEqual({
      success: false,
      message: '密钥索引超出范围',
    });
    expect(await manage({ action: 'disable_key', key_index: 1 })).toMatchObject({
      success: true,
      message: '密钥已禁用',
    });
    expect((await stored()).info.multi_key_status_list).toEqual({ '1': 2 });
    // The relay's cache is refreshed: the disabled key is no longer sent.
    await fixture.harness.runtime.context.relay.channels.refresh();
    const from = fixture.mock.requests.length;
    for (let call = 0; call < 4; call += 1) {
      await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
      });
    }
    const sent = fixture.mock.requests.slice(from).map((request) => request.headers.authorization);
    expect(sent).toHaveLength(4);
    expect(sent).not.toContain(`Bearer ${KEYS[1]}`);

    await setStates({ '2': 3 });
    expect(await manage({ action: 'enable_key', key_index: 2 })).toMatchObject({
      success: true,
      message: '密钥已启用',
    });
    const { info } = await stored();
    expect(info.multi_key_status_list).toEqual({});
    expect(info.multi_key_disabled_reason).toEqual({});
    expect(info.multi_key_disabled_time).toEqual({});
  });

  it('enables and disables every key', async () => {
    await setStates({ '0': 2, '3': 3 });
    expect(await manage({ action: 'enable_all_keys' })).toMatchObject({
      success: true,
      message: '已启用 2 个密钥',
    });
    expect((await stored()).info.multi_key_status_list).toEqual({});
    await setStates({ '0': 3 });
    expect(await manage({ action: 'disable_all_keys' })).toMatchObject({
      success: true,
      message: '已禁用 3 个密钥',
    });
    expect((await stored()).info.multi_key_status_list).toEqual({ '0': 3, '1': 2, '2': 2, '3': 2 });
    expect(await manage({ action: 'disable_all_keys' })).toEqual({
      success: false,
      message: '没有可禁用的密钥',
    });
  });

  it('deletes one key and re-indexes the states', async () => {
    await setStates({ '2': 3 });
    expect(await manage({ action: 'delete_key', key_index: 0 })).toMatchObject({
      success: true,
      message: '密钥已删除',
    });
    const { keys, info } = await stored();
    expect(keys).toEqual(KEYS.slice(1));
    expect(info).toMatchObject({
      multi_key_size: 3,
      multi_key_status_list: { '1': 3 },
      multi_key_disabled_reason: { '1': 'revoked 2' },
    });
  });

  it('refuses to delete the last key', async () => {
    await fixture.harness.runtime.context.database.db
      .updateTable('channels')
      .set({ key: KEYS[0] })
      .where('id', '=', channelId)
      .execute();
    expect(await manage({ action: 'delete_key', key_index: 0 })).toEqual({
      success: false,
      message: '不能删除最后一个密钥',
    });
  });

  it('deletes the auto-disabled keys only', async () => {
    expect(await manage({ action: 'delete_disabled_keys' })).toEqual({
      success: false,
      message: '没有需要删除的自动禁用密钥',
    });
    await setStates({ '0': 3, '1': 2, '3': 3 });
    expect(await manage({ action: 'delete_disabled_keys' })).toMatchObject({
      success: true,
      message: '已删除 2 个自动禁用的密钥',
      data: 2,
    });
    const { keys, info } = await stored();
    expect(keys).toEqual([KEYS[1], KEYS[2]]);
    expect(info).toMatchObject({ multi_key_size: 2, multi_key_status_list: { '0': 2 } });
  });
});
