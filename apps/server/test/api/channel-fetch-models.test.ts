import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type Session,
  type TestApp,
  businessFailure,
  REFUSED,
} from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const GOOD_KEY = 'sk-upstream-good-key';

/** A tiny OpenAI-style upstream: `/v1/models` for the good key, 401 otherwise. */
async function startUpstream(): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url !== '/v1/models') {
      response.statusCode = 404;
      return response.end('{"error":{"message":"not found"}}');
    }
    if (request.headers.authorization !== `Bearer ${GOOD_KEY}`) {
      response.statusCode = 401;
      return response.end('{"error":{"message":"Incorrect API key provided"}}');
    }
    response.end(
      JSON.stringify({ object: 'list', data: [{ id: 'up-model-1' }, { id: 'up-model-2' }] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.each(appDatabaseKinds())('fetching upstream models on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let upstream: { server: Server; base: string };

  beforeAll(async () => {
    upstream = await startUpstream();
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
    await new Promise((resolve) => upstream?.server.close(resolve));
  });

  it('lists the models of an address and key typed into the form', async () => {
    const response = await harness.call(root, 'POST', '/api/channel/fetch_models', {
      base_url: `${upstream.base}/`,
      type: 1,
      key: `${GOOD_KEY}\nsecond-key`,
    });
    expect(response.json()).toEqual({
      success: true,
      message: '',
      data: ['up-model-1', 'up-model-2'],
    });
  });

  it('explains failures by status, echoing neither the key nor the upstream answer', async () => {
    const refused = await harness.call(root, 'POST', '/api/channel/fetch_models', {
      base_url: upstream.base,
      type: 1,
      key: 'sk-wrong-secret',
    });
    expect(refused.json()).toEqual({
      success: false,
      message: '获取模型列表失败：上游返回状态码 401（Unauthorized）',
    });
    expect(refused.body).not.toContain('sk-wrong-secret');
    expect(refused.body).not.toContain('Incorrect API key');

    const noAddress = await harness.call(root, 'POST', '/api/channel/fetch_models', {
      type: 3,
      key: 'k',
    });
    expect(noAddress.json()).toEqual({
      success: false,
      message: '获取模型列表失败：未设置 API 地址',
    });
    const malformed = await harness.call(root, 'POST', '/api/channel/fetch_models', { type: 'x' });
    expect(businessFailure(malformed)).toEqual(REFUSED);
  });

  it("lists the models of a saved channel's upstream", async () => {
    const created = await harness.call(root, 'POST', '/api/channel/', {
      mode: 'single',
      channel: { name: 'fetchable', key: GOOD_KEY, base_url: upstream.base, models: 'placeholder' },
    });
    expect(created.json().success).toBe(true);
    const { id } = await harness.runtime.context.database.db
      .selectFrom('channels')
      .select('id')
      .where('name', '=', 'fetchable')
      .executeTakeFirstOrThrow();
    const response = await harness.call(root, 'GET', `/api/channel/fetch_models/${id}`);
    expect(response.json()).toEqual({
      success: true,
      message: '',
      data: ['up-model-1', 'up-model-2'],
    });
    expect(response.body).not.toContain(GOOD_KEY);

    const missing = await harness.call(root, 'GET', '/api/channel/fetch_models/999999');
    expect(missing.json()).toEqual({ success: false, message: '渠道不存在' });
  });
});
