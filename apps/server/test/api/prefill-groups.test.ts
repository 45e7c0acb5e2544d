import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

/**
 * Prefill groups (`/api/prefill_group`): saving, listing by type newest first, duplicate names,
 * item and type rules, soft delete, and the admin guard. SQL is the subject (the live-name check,
 * soft delete, ordering), so every database of the matrix runs it.
 */
describe.each(testDatabaseKinds())('prefill groups on %s', (kind) => {
  let harness: TestApp;
  let root: Session;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const save = (method: 'POST' | 'PUT', body: Record<string, unknown>) =>
    harness.call(root, method, '/api/prefill_group/', body);
  const list = async (type = '') =>
    (await harness.call(root, 'GET', `/api/prefill_group/?type=${type}`)).json();

  it('creates, lists by type newest first, updates and soft-deletes groups', async () => {
    const created = await save('POST', {
      name: ' gpt family ',
      type: 'model',
      items: ['gpt-4o', ' gpt-4o-mini ', 'gpt-4o', ''],
      description: 'OpenAI chat models',
    });
    expect(created.json()).toMatchObject({
      success: true,
      data: {
        name: 'gpt family',
        type: 'model',
        items: ['gpt-4o', 'gpt-4o-mini'],
        description: 'OpenAI chat models',
      },
    });
    const modelId = created.json().data.id as number;
    // Items may also come as JSON text, as new-api stores them.
    const tags = await save('POST', { name: 'regions', type: 'tag', items: '["us","eu"]' });
    expect(tags.json().data.items).toEqual(['us', 'eu']);
    const second = await save('POST', { name: 'claude', type: 'model', items: ['claude-3'] });
    const secondId = second.json().data.id as number;
    // The older group was updated later: it lists first.
    await harness.runtime.context.database.db
      .updateTable('prefill_groups')
      .set({ updated_time: 2_000_000_000 })
      .where('id', '=', modelId)
      .execute();

    const models = await list('model');
    expect(models.data.map((group: { name: string }) => group.name)).toEqual([
      'gpt family',
      'claude',
    ]);
    expect((await list()).data).toHaveLength(3);
    expect((await list('endpoint')).data).toEqual([]);

    const updated = await save('PUT', {
      id: secondId,
      name: 'anthropic',
      type: 'model',
      items: ['claude-3', 'claude-4'],
    });
    expect(updated.json()).toMatchObject({
      success: true,
      data: { id: secondId, name: 'anthropic', items: ['claude-3', 'claude-4'] },
    });

    const removed = await harness.call(root, 'DELETE', `/api/prefill_group/${modelId}`);
    expect(removed.json()).toEqual({ success: true, message: '' });
    expect((await list('model')).data.map((group: { id: number }) => group.id)).toEqual([secondId]);
    const row = await harness.runtime.context.database.db
      .selectFrom('prefill_groups')
      .select('deleted_at')
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    // The deleted group's name is free again.
    expect(
      (await save('POST', { name: 'gpt family', type: 'model', items: [] })).json(),
    ).toMatchObject({ success: true });
    const again = await harness.call(root, 'DELETE', `/api/prefill_group/${modelId}`);
    expect(again.json()).toEqual({ success: false, message: '预填组不存在' });
  });

  it('refuses duplicate names, bad items, bad types and long texts', async () => {
    await save('POST', { name: 'taken', type: 'endpoint', items: ['/v1/chat/completions'] });
    const duplicate = await save('POST', { name: 'taken', type: 'model', items: [] });
    expect(duplicate.json()).toEqual({ success: false, message: '预填组名称已存在' });
    const other = (await save('POST', { name: 'other', type: 'model', items: [] })).json();
    const renamed = await save('PUT', { id: other.data.id, name: 'taken', type: 'model' });
    expect(renamed.json()).toEqual({ success: false, message: '预填组名称已存在' });
    // Keeping its own name is no duplicate.
    const same = await save('PUT', { id: other.data.id, name: 'other', type: 'tag', items: [] });
    expect(same.json()).toMatchObject({ success: true, data: { type: 'tag' } });

    const itemsProblem = { success: false, message: '预填组的项目必须是字符串数组' };
    for (const items of [[1, 2], 'not json', '{"a":1}', { a: 'b' }, ['x'.repeat(256)]]) {
      expect((await save('POST', { name: 'bad', type: 'model', items })).json()).toEqual(
        itemsProblem,
      );
    }
    expect((await save('POST', { name: 'bad', type: 'channel', items: [] })).json()).toEqual({
      success: false,
      message: '预填组类型必须是 model、tag 或 endpoint',
    });
    expect((await save('POST', { name: '  ', type: 'model' })).json()).toEqual({
      success: false,
      message: '预填组名称不能为空',
    });
    expect(businessFailure(await save('POST', { name: 'x'.repeat(65), type: 'model' }))).toEqual(
      REFUSED,
    );
    expect(
      businessFailure(
        await save('POST', { name: 'long', type: 'model', description: 'd'.repeat(256) }),
      ),
    ).toEqual(REFUSED);
    expect((await save('PUT', { id: 999_999, name: 'ghost', type: 'model' })).json()).toEqual({
      success: false,
      message: '预填组不存在',
    });
    expect(businessFailure(await harness.call(root, 'DELETE', '/api/prefill_group/abc'))).toEqual(
      REFUSED,
    );
  });

  it('is for admins only', async () => {
    expect((await harness.call(undefined, 'GET', '/api/prefill_group/')).statusCode).toBe(401);
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'plainuser',
      password: 'plainpassword1',
    });
    expect(created.json().success).toBe(true);
    const user = await harness.login('plainuser', 'plainpassword1');
    // A signed-in user without the admin role is refused the new-api way (HTTP 200).
    const forbidden = { success: false, message: '无权进行此操作，权限不足' };
    expect((await harness.call(user, 'GET', '/api/prefill_group/')).json()).toEqual(forbidden);
    const create = { name: 'n', type: 'model', items: [] };
    expect((await harness.call(user, 'POST', '/api/prefill_group/', create)).json()).toEqual(
      forbidden,
    );
  });
});
