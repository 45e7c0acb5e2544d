import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/**
 * Channel addresses typed by an admin who is not root go through the outbound guard: the form's
 * "fetch models" cannot reach an internal address, and a channel cannot be saved with one. Root
 * may do both (a self-hosted upstream on the local network).
 */
describe.each(appDatabaseKinds())('channel addresses by admin and root on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let admin: Session;
  let upstream: Server;
  let upstreamBase = '';
  const upstreamRequests: string[] = [];

  const channelNamed = (name: string) =>
    harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['id', 'base_url'])
      .where('name', '=', name)
      .executeTakeFirst();

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      upstreamRequests.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data: [{ id: 'internal-model' }] }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'channeladmin',
      password: 'password123',
      display_name: 'channeladmin',
    });
    expect(created.json().success).toBe(true);
    const { id } = await harness.runtime.context.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'channeladmin')
      .executeTakeFirstOrThrow();
    const promoted = await harness.call(root, 'POST', '/api/user/manage', {
      id,
      action: 'promote',
    });
    expect(promoted.json().success).toBe(true);
    admin = await harness.login('channeladmin', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it("refuses an admin's fetch of models at an internal address, and lets root fetch it", async () => {
    for (const base_url of [
      upstreamBase,
      'http://169.254.169.254',
      'http://[::1]:8080',
      'http://0x7f000001:8080',
    ]) {
      const refused = await harness.call(admin, 'POST', '/api/channel/fetch_models', {
        base_url,
        type: 1,
        key: 'sk-key',
      });
      expect(refused.statusCode).toBe(200);
      expect(refused.json().success).toBe(false);
      expect(refused.json().message).toMatch(
        /^获取模型列表失败：API 地址不可用（不允许内部地址）：.* is a (loopback|link-local) address$/,
      );
    }
    expect(upstreamRequests).toEqual([]);

    const listed = await harness.call(root, 'POST', '/api/channel/fetch_models', {
      base_url: upstreamBase,
      type: 1,
      key: 'sk-key',
    });
    expect(listed.json()).toEqual({ success: true, message: '', data: ['internal-model'] });
    expect(upstreamRequests).toEqual(['/v1/models']);
  });

  it('refuses a channel an admin saves at an internal address; root may save one', async () => {
    const channel = (name: string, base_url: string) => ({
      mode: 'single',
      channel: { name, type: 1, key: 'sk-key', models: 'gpt-4o', base_url },
    });
    const refused = await harness.call(
      admin,
      'POST',
      '/api/channel/',
      channel('admin-internal', 'http://10.0.0.5:8000'),
    );
    expect(refused.json()).toEqual({
      success: false,
      message: 'API 地址不可用（仅超级管理员可使用内部地址）：10.0.0.5 is a private address',
    });
    expect(await channelNamed('admin-internal')).toBeUndefined();

    const publicChannel = await harness.call(
      admin,
      'POST',
      '/api/channel/',
      channel('admin-public', 'https://93.184.216.34/openai'),
    );
    expect(publicChannel.json().success).toBe(true);
    const defaultAddress = await harness.call(
      admin,
      'POST',
      '/api/channel/',
      channel('admin-default', ''),
    );
    expect(defaultAddress.json().success).toBe(true);

    const rootChannel = await harness.call(
      root,
      'POST',
      '/api/channel/',
      channel('root-internal', upstreamBase),
    );
    expect(rootChannel.json().success).toBe(true);
    const stored = (await channelNamed('root-internal'))!;
    expect(stored.base_url).toBe(upstreamBase);

    // An admin may edit root's channel as long as the address stays; changing it to another
    // internal one is refused, and nothing of the refused edit is written.
    const kept = await harness.call(admin, 'PUT', '/api/channel/', {
      id: stored.id,
      name: 'root-internal',
      base_url: upstreamBase,
      weight: 7,
    });
    expect(kept.json().success).toBe(true);
    const moved = await harness.call(admin, 'PUT', '/api/channel/', {
      id: stored.id,
      base_url: 'http://169.254.169.254',
      weight: 9,
    });
    expect(moved.json()).toEqual({
      success: false,
      message:
        'API 地址不可用（仅超级管理员可使用内部地址）：169.254.169.254 is a link-local address',
    });
    const after = await harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['base_url', 'weight'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect({ base_url: after.base_url, weight: Number(after.weight) }).toEqual({
      base_url: upstreamBase,
      weight: 7,
    });
    const rootMoves = await harness.call(root, 'PUT', '/api/channel/', {
      id: stored.id,
      base_url: 'http://192.168.10.2:8000',
    });
    expect(rootMoves.json().success).toBe(true);
  });
});
