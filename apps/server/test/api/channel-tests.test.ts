import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MOCK_HARD_LIMIT_USD, MOCK_TOTAL_USAGE_CENTS } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { businessFailure, REFUSED, type Session } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const MOCK_BALANCE = MOCK_HARD_LIMIT_USD - MOCK_TOTAL_USAGE_CENTS / 100;

/** An OpenAI-style billing API whose account is used up: hard limit 10 USD, 1000 cents used. */
async function startExhaustedBilling(): Promise<{ server: Server; base: string; urls: string[] }> {
  const urls: string[] = [];
  const server = createServer((request, response) => {
    urls.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    if (request.url === '/v1/dashboard/billing/subscription') {
      return response.end(JSON.stringify({ hard_limit_usd: 10, has_payment_method: false }));
    }
    if (request.url?.startsWith('/v1/dashboard/billing/usage?')) {
      return response.end(JSON.stringify({ total_usage: 1000 }));
    }
    response.statusCode = 404;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, urls };
}

async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(appDatabaseKinds())('channel tests and balances on %s', (kind) => {
  let fixture: RelayFixture;
  let normalUser: Session;
  let billing: Awaited<ReturnType<typeof startExhaustedBilling>>;

  const db = () => fixture.harness.runtime.context.database.db;
  const relay = () => fixture.harness.runtime.context.relay;
  const options = () => fixture.harness.runtime.context.options;
  const get = (url: string, session: Session = fixture.root) =>
    fixture.harness.call(session, 'GET', url).then((response) => response.json());
  const channelRow = (id: number) =>
    db().selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const statusReason = async (id: number) =>
    (JSON.parse((await channelRow(id)).other_info ?? '{}') as { status_reason?: string })
      .status_reason;

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    billing = await startExhaustedBilling();
    await fixture.harness.call(fixture.root, 'POST', '/api/user/', {
      username: 'plainuser',
      password: 'password123',
      display_name: 'plainuser',
    });
    normalUser = await fixture.harness.login('plainuser', 'password123');
  });
  afterAll(async () => {
    await fixture?.close();
    await new Promise((resolve) => billing?.server.close(resolve));
  });

  it('tests a channel through its adaptor, logs 模型测试 for user 1 and charges nobody', async () => {
    const userBefore = await fixture.userQuota();
    const usedBefore = await db()
      .selectFrom('users')
      .select(['used_quota', 'request_count'])
      .where('id', '=', fixture.root.userId)
      .executeTakeFirstOrThrow();
    const channelBefore = await channelRow(fixture.channelId);
    const logsBefore = (await fixture.consumeLogs()).length;

    const body = await get(`/api/channel/test/${fixture.channelId}`);
    expect(body).toEqual({ success: true, message: '', time: expect.any(Number) });

    const sent = fixture.mock.lastRequest();
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 10,
    });

    const logs = await fixture.consumeLogs();
    expect(logs).toHaveLength(logsBefore + 1);
    const log = logs[logs.length - 1];
    expect(log).toMatchObject({
      user_id: 1,
      username: 'root',
      token_name: '模型测试',
      content: '模型测试',
      model_name: 'gpt-4o-mini',
      channel_id: fixture.channelId,
      token_id: 0,
      group: 'default',
    });
    const other = JSON.parse(String(log.other)) as Record<string, number>;
    const prompt = Number(log.prompt_tokens);
    const completion = Number(log.completion_tokens);
    expect(completion).toBeGreaterThan(0);
    const expectedQuota = Math.round(
      (prompt + Math.round(completion * other.completion_ratio)) * other.model_ratio,
    );
    expect(Number(log.quota)).toBe(Math.max(expectedQuota, 1));

    // Nobody pays: the user, the token and the channel counters are untouched.
    expect(await fixture.userQuota()).toBe(userBefore);
    const usedAfter = await db()
      .selectFrom('users')
      .select(['used_quota', 'request_count'])
      .where('id', '=', fixture.root.userId)
      .executeTakeFirstOrThrow();
    expect(usedAfter).toEqual(usedBefore);
    const channelAfter = await channelRow(fixture.channelId);
    expect(Number(channelAfter.used_quota)).toBe(Number(channelBefore.used_quota));
    expect(channelAfter.response_time).toBe(Math.round(body.time * 1000));
    expect(Number(channelAfter.test_time)).toBeGreaterThan(0);
  });

  it('reports an upstream failure as "status code <n>: <message>" and still records the time', async () => {
    const id = await fixture.controlledModel('fails-401', 'status=401,latency-ms=30');
    const logsBefore = (await fixture.consumeLogs()).length;
    const body = await get(`/api/channel/test/${id}`);
    expect(body).toEqual({
      success: false,
      message: 'status code 401: Mock upstream failure with status 401',
      time: expect.any(Number),
    });
    expect(body.time).toBeGreaterThanOrEqual(0.03);
    const row = await channelRow(id);
    expect(row.response_time).toBe(Math.round(body.time * 1000));
    expect(row.response_time).toBeGreaterThanOrEqual(30);
    expect(Number(row.test_time)).toBeGreaterThan(0);
    expect(await fixture.consumeLogs()).toHaveLength(logsBefore);
    // A single test never disables a channel.
    expect(row.status).toBe(1);
  });

  it('tests the model named in the query, else the channel test model, on the right endpoint', async () => {
    const chat = await get(`/api/channel/test/${fixture.channelId}?model=gpt-4o`);
    expect(chat.success).toBe(true);
    expect(fixture.mock.lastRequest()?.body).toMatchObject({ model: 'gpt-4o' });
    const logs = await fixture.consumeLogs();
    expect(logs[logs.length - 1].model_name).toBe('gpt-4o');

    const embedding = await get(
      `/api/channel/test/${fixture.channelId}?model=text-embedding-3-small`,
    );
    expect(embedding.success).toBe(true);
    const sent = fixture.mock.lastRequest();
    expect(sent?.path).toBe('/v1/embeddings');
    expect(sent?.body).toEqual({ model: 'text-embedding-3-small', input: ['hello world'] });

    const anthropic = await fixture.addChannel({
      name: 'anthropic-test',
      type: 14,
      models: 'claude-3-5-haiku-20241022',
    });
    expect((await get(`/api/channel/test/${anthropic}`)).success).toBe(true);
    expect(fixture.mock.lastRequest()?.path).toBe('/v1/messages');
    expect(fixture.mock.lastRequest()?.body).toMatchObject({
      model: 'claude-3-5-haiku-20241022',
      max_tokens: 10,
    });

    const withTestModel = await fixture.addChannel({
      name: 'with-test-model',
      test_model: 'gpt-4o',
    });
    expect((await get(`/api/channel/test/${withTestModel}`)).success).toBe(true);
    expect(fixture.mock.lastRequest()?.body).toMatchObject({ model: 'gpt-4o' });
  });

  it('puts an automatically disabled channel that passes back into service when allowed', async () => {
    const id = await fixture.addChannel({ name: 'recovering' });
    await relay().health.setStatus(id, 3, 'went away');

    await options().update('AutomaticEnableChannelEnabled', false);
    expect((await get(`/api/channel/test/${id}`)).success).toBe(true);
    expect((await channelRow(id)).status).toBe(3);

    await options().update('AutomaticEnableChannelEnabled', true);
    expect((await get(`/api/channel/test/${id}`)).success).toBe(true);
    expect((await channelRow(id)).status).toBe(1);
    expect(await statusReason(id)).toBe('');
    expect(relay().channels.getById(id)?.status).toBe(1);
    const abilities = await db()
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', id)
      .execute();
    expect(abilities.length).toBeGreaterThan(0);
    expect(abilities.every((ability) => Boolean(ability.enabled))).toBe(true);

    // A channel an operator disabled stays disabled.
    const manual = await fixture.addChannel({ name: 'manually-off' });
    await relay().health.setStatus(manual, 2, '');
    expect((await get(`/api/channel/test/${manual}`)).success).toBe(true);
    expect((await channelRow(manual)).status).toBe(2);
    await options().update('AutomaticEnableChannelEnabled', false);
  });

  it('refuses channel types it cannot test, with a clear message', async () => {
    const midjourney = await fixture.addChannel({ name: 'mj', type: 2 });
    expect(await get(`/api/channel/test/${midjourney}`)).toEqual({
      success: false,
      message: 'midjourney channel test is not supported',
      time: expect.any(Number),
    });
    const palm = await fixture.addChannel({ name: 'palm', type: 11 });
    const body = await get(`/api/channel/test/${palm}`);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/Google has shut down the PaLM API; use a Google Gemini channel/);

    expect(await get('/api/channel/test/999999')).toEqual({
      success: false,
      message: '渠道不存在',
    });
    const malformed = await fixture.harness.call(fixture.root, 'GET', '/api/channel/test/abc');
    expect(businessFailure(malformed)).toEqual(REFUSED);
  });

  it('reads an OpenAI-compatible balance (the mock: 75 USD) and stores it with the time', async () => {
    fixture.mock.reset();
    const body = await get(`/api/channel/update_balance/${fixture.channelId}/`);
    expect(body).toEqual({ success: true, message: '', balance: MOCK_BALANCE });
    const row = await channelRow(fixture.channelId);
    expect(Number(row.balance)).toBe(MOCK_BALANCE);
    expect(Number(row.balance_updated_time)).toBeGreaterThan(0);

    const [subscription, usage] = fixture.mock.requests;
    expect(subscription.path).toBe('/v1/dashboard/billing/subscription');
    expect(subscription.headers.authorization).toBe('Bearer sk-upstream');
    expect(usage.path).toBe('/v1/dashboard/billing/usage');
    expect(usage.query.start_date).toMatch(/^\d{4}-\d{2}-01$/);
    expect(usage.query.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('explains balances it cannot read', async () => {
    const anthropic = await fixture.addChannel({ name: 'anthropic', type: 14 });
    expect(await get(`/api/channel/update_balance/${anthropic}`)).toEqual({
      success: false,
      message: '尚未实现',
    });
    const missing = await fixture.addChannel({
      name: 'no-billing',
      base_url: `${fixture.mock.url}/x`,
    });
    expect(await get(`/api/channel/update_balance/${missing}`)).toEqual({
      success: false,
      message: 'status code: 404',
    });
    await relay().health.setStatus(missing, 2, '');
    expect(await get('/api/channel/update_balance/999999')).toEqual({
      success: false,
      message: '渠道不存在',
    });
  });

  it('tests every channel in the background, disabling failing ones and enabling recovered ones', async () => {
    await options().update('AutomaticDisableChannelEnabled', true);
    await options().update('AutomaticEnableChannelEnabled', true);
    await options().update('ChannelDisableThreshold', 1);
    const slow = await fixture.controlledModel('slow-model', 'latency-ms=1300');
    const badKey = await fixture.addChannel({ name: 'bad-key', key: 'sk-invalid' });
    const badKeyNoBan = await fixture.addChannel({
      name: 'bad-key-no-ban',
      key: 'sk-invalid',
      auto_ban: 0,
    });
    const recovered = await fixture.addChannel({ name: 'recovered' });
    await relay().health.setStatus(recovered, 3, 'earlier failure');
    const manual = await fixture.addChannel({ name: 'manual-off' });
    await relay().health.setStatus(manual, 2, '');

    expect(await get('/api/channel/test')).toEqual({ success: true, message: '' });
    expect(await get('/api/channel/test')).toEqual({ success: false, message: '测试已在运行中' });
    // The run is over once every channel was tested and the last verdicts are written.
    const all = [slow, badKey, badKeyNoBan, recovered, manual, fixture.channelId];
    await waitUntil(async () => {
      const rows = await Promise.all(all.map(channelRow));
      return (
        rows.every((row) => Number(row.test_time) > 0) &&
        (await channelRow(slow)).status === 3 &&
        (await channelRow(badKey)).status === 3 &&
        (await channelRow(recovered)).status === 1
      );
    });

    expect((await channelRow(slow)).status).toBe(3);
    expect(await statusReason(slow)).toMatch(/^响应时间 1\.\d\ds 超过阈值 1\.00s$/);
    expect((await channelRow(slow)).response_time).toBeGreaterThanOrEqual(1300);
    expect((await channelRow(badKey)).status).toBe(3);
    expect(await statusReason(badKey)).toMatch(
      /^type invalid_request_error, httpCode 401, code invalid_api_key, message Incorrect API key/,
    );
    expect(relay().channels.getById(badKey)?.status).toBe(3);
    expect((await channelRow(badKeyNoBan)).status).toBe(1);
    expect((await channelRow(recovered)).status).toBe(1);
    expect((await channelRow(manual)).status).toBe(2);
    expect((await channelRow(fixture.channelId)).status).toBe(1);
    expect(Number((await channelRow(manual)).test_time)).toBeGreaterThan(0);

    await options().update('AutomaticDisableChannelEnabled', false);
    await options().update('AutomaticEnableChannelEnabled', false);
    await options().update('ChannelDisableThreshold', 5);
  });

  it('refreshes every enabled balance and disables channels whose balance is used up', async () => {
    const exhausted = await fixture.addChannel({ name: 'exhausted', base_url: billing.base });
    expect(await get('/api/channel/update_balance')).toEqual({ success: true, message: '' });

    expect(Number((await channelRow(fixture.channelId)).balance)).toBe(MOCK_BALANCE);
    expect((await channelRow(fixture.channelId)).status).toBe(1);
    const row = await channelRow(exhausted);
    expect(Number(row.balance)).toBe(0);
    expect(row.status).toBe(3);
    expect(await statusReason(exhausted)).toBe('余额不足');
    // Without a payment method the usage window is the last 100 days.
    const usageUrl = billing.urls.find((url) => url.startsWith('/v1/dashboard/billing/usage'));
    const start = new URL(`http://x${usageUrl}`).searchParams.get('start_date') ?? '';
    const days = (Date.now() - new Date(`${start}T00:00:00`).getTime()) / 86_400_000;
    expect(Math.round(days)).toBeGreaterThanOrEqual(100);
    expect(Math.round(days)).toBeLessThanOrEqual(101);
  });

  it('is for admins only', async () => {
    const forbidden = { success: false, message: '无权进行此操作，权限不足' };
    expect(await get(`/api/channel/test/${fixture.channelId}`, normalUser)).toEqual(forbidden);
    expect(await get('/api/channel/test', normalUser)).toEqual(forbidden);
    expect(await get(`/api/channel/update_balance/${fixture.channelId}`, normalUser)).toEqual(
      forbidden,
    );
    expect(await get('/api/channel/update_balance', normalUser)).toEqual(forbidden);
  });
});
