import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

async function post(
  fixture: RelayFixture,
  body: unknown,
  headers: Record<string, string> = {},
  apiKey = fixture.apiKey,
) {
  const response = await fetch(`${fixture.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const chat = (model = 'gpt-4o-mini') => ({ model, messages: [{ role: 'user', content: 'hi' }] });

describe.each(appDatabaseKinds())('relay failures, retries and channel health on %s', (kind) => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture(kind, {}, { priority: 10 });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('returns an upstream failure with its status and refunds the reservation when no retry is configured', async () => {
    await fixture.controlledModel('fails-500', 'status=500');
    const before = await fixture.userQuota();
    const response = await post(fixture, chat('fails-500'));
    expect(response.status).toBe(500);
    expect(response.body.error.message).toMatch(/request id: /);
    expect(await fixture.userQuota()).toBe(before);
  });

  it('retries on the next priority tier and logs both channels', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'RetryTimes',
      value: '2',
    });
    // A lower-priority channel whose upstream works: the mock fails only when told by header, so
    // the primary is pointed at an unreachable port to fail for real.
    const backup = await fixture.addChannel({ name: 'backup', priority: 0 });
    await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
      id: fixture.channelId,
      base_url: 'http://127.0.0.1:9',
    });
    await fixture.harness.runtime.context.relay.channels.refresh();

    const response = await post(fixture, chat());
    expect(response.status).toBe(200);
    const logs = await fixture.consumeLogs();
    const other = JSON.parse(String(logs[logs.length - 1].other));
    expect(other.admin_info.use_channel).toEqual([String(fixture.channelId), String(backup)]);
    expect(logs[logs.length - 1].channel_id).toBe(backup);

    await fixture.harness.call(fixture.root, 'PUT', '/api/channel/', {
      id: fixture.channelId,
      base_url: fixture.mock.url,
    });
    await fixture.harness.call(fixture.root, 'POST', '/api/channel/batch', { ids: [backup] });
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'RetryTimes',
      value: '0',
    });
    await fixture.harness.runtime.context.relay.channels.refresh();
  });

  it('replaces a final 429 message with the saturation notice, in the language asked for', async () => {
    await fixture.controlledModel('fails-429', 'status=429');
    const response = await post(fixture, chat('fails-429'), {
      'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
    });
    expect(response.status).toBe(429);
    expect(response.body.error.message).toMatch(
      /^当前分组上游负载已饱和，请稍后再试 \(request id: /,
    );
    const english = await post(fixture, chat('fails-429'), { 'accept-language': 'en-US,zh;q=0.5' });
    expect(english.body.error.message).toMatch(
      /^The upstream capacity of this group is saturated, please try again later \(request id: /,
    );
    expect(english.body.error.code).toBe(response.body.error.code);
    // The client backs off on upstream's advice, as on a direct call.
    expect(response.headers.get('retry-after')).toBe('7');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(response.headers.get('x-ratelimit-reset-tokens')).toBe('7s');
    expect(response.headers.get('x-request-id')).toMatch(/^req_mock/);
    expect(response.headers.get('x-oneapi-request-id')).not.toBe(
      response.headers.get('x-request-id'),
    );
  });

  it('auto-disables a channel whose key upstream rejects, when enabled', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const extra = await fixture.addChannel({
      name: 'bad-key',
      key: 'sk-invalid',
      models: 'only-bad-model',
      priority: 0,
    });
    const ratios = JSON.parse(fixture.harness.runtime.context.options.get('ModelRatio'));
    await fixture.harness.runtime.context.options.update(
      'ModelRatio',
      JSON.stringify({ ...ratios, 'only-bad-model': 1 }),
    );
    const response = await post(fixture, chat('only-bad-model'));
    expect(response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['status', 'other_info'])
      .where('id', '=', extra)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(JSON.parse(String(row.other_info)).status_reason).toBeTruthy();
    const abilities = await fixture.harness.runtime.context.database.db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', extra)
      .execute();
    expect(abilities.every((ability) => ability.enabled === false)).toBe(true);
    const next = await post(fixture, chat('only-bad-model'));
    expect(next.status).toBe(503);
  });

  it('answers 404 for a model no channel lists, 503 for one whose channels are all disabled', async () => {
    const missing = await post(fixture, chat('no-such-model'));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'model_not_found',
    });
    expect(missing.body.error.message).toMatch(/^The model `no-such-model` does not exist/);
    // 'only-bad-model' is listed by the channel disabled above: unavailable, not missing.
    expect((await post(fixture, chat('only-bad-model'))).status).toBe(503);
  });

  it('enforces token expiry, quota, model limits, IP allow list and disabled users', async () => {
    const expired = await fixture.addToken({
      name: 'expired',
      expired_time: Math.floor(Date.now() / 1000) + 1,
    });
    await fixture.harness.runtime.context.database.db
      .updateTable('tokens')
      .set({ expired_time: Math.floor(Date.now() / 1000) - 10 })
      .where('id', '=', expired.id)
      .execute();
    fixture.harness.runtime.context.relay.callers.clear();
    const expiredResponse = await post(fixture, chat(), {}, expired.apiKey);
    expect(expiredResponse.status).toBe(401);
    // English unless the client asks for Chinese (fetch sends `Accept-Language: *`).
    expect(expiredResponse.body.error.message).toMatch(/^This API key has expired/);

    const limited = await fixture.addToken({
      name: 'limited',
      unlimited_quota: false,
      remain_quota: 1,
    });
    const limitedResponse = await post(
      fixture,
      { ...chat(), max_tokens: 4000 },
      {},
      limited.apiKey,
    );
    expect(limitedResponse.status).toBe(403);
    expect(limitedResponse.body.error.code).toBe('pre_consume_token_quota_failed');

    const modelLimited = await fixture.addToken({
      name: 'models',
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
    });
    const modelResponse = await post(fixture, chat(), {}, modelLimited.apiKey);
    expect(modelResponse.status).toBe(403);
    expect(modelResponse.body.error.message).toMatch(
      /^This API key may not use the model gpt-4o-mini/,
    );

    const ipLimited = await fixture.addToken({ name: 'ips', allow_ips: '10.1.2.3' });
    const ipResponse = await post(fixture, chat(), {}, ipLimited.apiKey);
    expect(ipResponse.status).toBe(403);

    const pinnedByNormalUser = await post(
      fixture,
      chat(),
      {},
      `${fixture.apiKey}-${fixture.channelId}`,
    );
    expect(pinnedByNormalUser.status).toBe(200); // root may pin a channel
    const pinnedMissing = await post(fixture, chat(), {}, `${fixture.apiKey}-99999`);
    expect(pinnedMissing.status).toBe(400);
  });

  it('refuses a user whose balance is exhausted', async () => {
    // Quota held for earlier calls goes back first; the balance is then all the database says.
    await fixture.userQuota();
    await fixture.harness.runtime.context.database.db
      .updateTable('users')
      .set({ quota: 0 })
      .where('id', '=', fixture.root.userId)
      .execute();
    fixture.harness.runtime.context.relay.callers.clear();
    const response = await post(fixture, chat());
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('insufficient_user_quota');
  });
});
