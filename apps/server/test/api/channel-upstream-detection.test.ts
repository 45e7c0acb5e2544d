import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import type { Session } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/**
 * `GET /api/channel/test_upstream/:id` against the mock upstream (which answers with OpenAI's
 * headers): relayed calls are counted per group, the route's own probe under `probe`, an admin's
 * probe of an internal address is refused by the outbound guard; and `GET /api/channel/tag/models`.
 */
describe.each(appDatabaseKinds())('upstream detection and tag models on %s', (kind) => {
  let fixture: RelayFixture;
  let admin: Session;

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    const { harness, root } = fixture;
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'channeladmin',
      password: 'adminpassword1',
    });
    expect(created.json().success).toBe(true);
    const user = await harness.runtime.context.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'channeladmin')
      .executeTakeFirstOrThrow();
    const promoted = await harness.call(root, 'POST', '/api/user/manage', {
      id: user.id,
      action: 'promote',
    });
    expect(promoted.json().success).toBe(true);
    admin = await harness.login('channeladmin', 'adminpassword1');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  const detect = (session: Session, id: number) =>
    fixture.harness.call(session, 'GET', `/api/channel/test_upstream/${id}`);

  it("counts relayed answers per group and records the route's probe", async () => {
    await fixture.client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    const before = Math.floor(Date.now() / 1000) - 1;
    const answer = (await detect(fixture.root, fixture.channelId)).json();
    expect(answer).toMatchObject({ success: true, message: '' });
    const groups = answer.data as Array<{
      group: string;
      first_seen: number;
      last_seen: number;
      client_types: Array<{ client_type: string; count: number }>;
    }>;
    expect(groups.map((group) => group.group).sort()).toEqual(['default', 'probe']);
    for (const group of groups) {
      expect(group.client_types).toEqual([
        expect.objectContaining({ client_type: 'openai', count: 1 }),
      ]);
      expect(group.last_seen).toBeGreaterThanOrEqual(before);
      expect(group.first_seen).toBeLessThanOrEqual(group.last_seen);
    }
    // A second detection probes again.
    const again = (await detect(fixture.root, fixture.channelId)).json();
    const probe = again.data.find((group: { group: string }) => group.group === 'probe');
    expect(probe.client_types[0].count).toBe(2);
  });

  it("refuses an admin's probe of an internal address, still answering what was seen", async () => {
    const answer = (await detect(admin, fixture.channelId)).json();
    expect(answer.success).toBe(true);
    expect(answer.message).toContain('不允许内部地址');
    const probe = answer.data.find((group: { group: string }) => group.group === 'probe');
    expect(probe.client_types[0].count).toBe(2);
    expect((await detect(admin, 999_999)).json()).toEqual({
      success: false,
      message: '渠道不存在',
    });
  });

  it('answers the longest model list of a tag', async () => {
    const first = await fixture.addChannel({ name: 'tagged-1', models: 'a,b', tag: 'team' });
    await fixture.addChannel({ name: 'tagged-2', models: 'c,d,e', tag: 'team' });
    const tagModels = (tag: string) =>
      fixture.harness.call(admin, 'GET', `/api/channel/tag/models?tag=${encodeURIComponent(tag)}`);
    expect((await tagModels('team')).json()).toEqual({ success: true, message: '', data: 'c,d,e' });
    expect((await tagModels('nobody')).json()).toEqual({ success: true, message: '', data: '' });
    expect((await tagModels('')).json()).toEqual({ success: false, message: 'tag不能为空' });
    expect(first).toBeGreaterThan(0);
    expect(
      (await fixture.harness.call(undefined, 'GET', '/api/channel/tag/models?tag=team')).statusCode,
    ).toBe(401);
  });
});
