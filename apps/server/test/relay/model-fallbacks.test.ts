import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const REQUESTED = 'fb-requested';
const BACKUP = 'fb-backup';
const UNUSED = 'fb-unused';
const BAD_REQUEST = 'fb-bad-request';
const ELSEWHERE = 'fb-elsewhere';

/** Requested model at 5 and its fallback at 0.5: a call billed at the wrong one shows 10×. */
const RATIOS = { [REQUESTED]: 5, [BACKUP]: 0.5, [UNUSED]: 1, [BAD_REQUEST]: 5, [ELSEWHERE]: 5 };

const chatBody = (model: string, stream = false) => ({
  model,
  stream,
  messages: [{ role: 'user', content: 'hi there' }],
});

describe.each(appDatabaseKinds())('model fallbacks on %s', (kind) => {
  let fixture: RelayFixture;

  async function post(body: unknown, headers: Record<string, string> = {}, apiKey?: string) {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey ?? fixture.apiKey}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  }

  /** Upstream requests that reached the channel holding `key`. */
  const callsWith = (key: string) =>
    fixture.mock.requests.filter((request) => request.headers.authorization === `Bearer ${key}`)
      .length;

  async function saveOption(key: string, value: unknown) {
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key,
      value: JSON.stringify(value),
    });
    return response.json() as { success: boolean; message: string };
  }

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await fixture.priceModels(RATIOS);
    // Two channels of the requested model, both failing with a 500: one retry tries them both.
    for (const name of ['failing-a', 'failing-b']) {
      await fixture.addChannel({
        name,
        key: `sk-${name}`,
        models: REQUESTED,
        model_mapping: JSON.stringify({ [REQUESTED]: 'gpt-4o-mini@status=500' }),
      });
    }
    await fixture.addChannel({ name: 'backup', key: 'sk-backup', models: BACKUP });
    await fixture.addChannel({
      name: 'bad-request',
      key: 'sk-bad-request',
      models: BAD_REQUEST,
      model_mapping: JSON.stringify({ [BAD_REQUEST]: 'gpt-4o-mini@status=400' }),
    });
    // Served only in another group: no channel for the caller's group (`default`).
    await fixture.addChannel({ name: 'elsewhere', models: ELSEWHERE, group: 'other' });
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'RetryTimes',
      value: '1',
    });
    expect(
      await saveOption('ModelFallbacks', {
        [REQUESTED]: [BACKUP],
        [BAD_REQUEST]: [BACKUP],
        [ELSEWHERE]: [UNUSED],
      }),
    ).toMatchObject({ success: true });
    // The caller's group has its own list for ELSEWHERE, which wins over the global one.
    expect(
      await saveOption('GroupModelFallbacks', { default: { [ELSEWHERE]: [UNUSED, BACKUP] } }),
    ).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('refuses fallback lists with a cycle through the console API', async () => {
    expect(
      await saveOption('ModelFallbacks', { [BACKUP]: [REQUESTED], [REQUESTED]: [BACKUP] }),
    ).toEqual({ success: false, message: expect.stringContaining('存在回退循环') });
    expect(await saveOption('GroupModelFallbacks', { vip: { [BACKUP]: [REQUESTED] } })).toEqual({
      success: false,
      message: expect.stringContaining(`${REQUESTED} → ${BACKUP} → ${REQUESTED}`),
    });
  });

  it('answers with the fallback when every channel of the model fails, billed as the fallback', async () => {
    fixture.mock.reset();
    const { result, log } = await fixture.billed(() => post(chatBody(REQUESTED)));
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text).model).toBe(BACKUP);
    expect(result.headers.get('x-tollgate-fallback-from')).toBe(REQUESTED);
    expect(callsWith('sk-failing-a')).toBe(1);
    expect(callsWith('sk-failing-b')).toBe(1);
    expect(callsWith('sk-backup')).toBe(1);

    expect(log.model_name).toBe(BACKUP);
    const other = JSON.parse(String(log.other));
    expect(other.fallback_from).toBe(REQUESTED);
    expect(other.model_ratio).toBe(RATIOS[BACKUP]);
    expect(other.admin_info.use_channel).toHaveLength(3);

    // Exactly what the same call costs when asked of the fallback directly.
    const direct = await fixture.billed(() => post(chatBody(BACKUP)));
    expect(direct.result.status).toBe(200);
    expect(JSON.parse(String(direct.log.other)).fallback_from).toBeUndefined();
    expect(Number(log.quota)).toBe(Number(direct.log.quota));
    expect(log.prompt_tokens).toBe(direct.log.prompt_tokens);
  });

  it('keeps a tight balance exact: the failed model’s hold goes back, the fallback’s is taken', async () => {
    // A token with little quota holds each call's estimate alone (no roomy hold), in the database.
    const tight = await fixture.addToken({
      name: 'tight',
      unlimited_quota: false,
      remain_quota: 100_000,
    });
    const before = await fixture.userQuota();
    const response = await post(chatBody(REQUESTED), {}, tight.apiKey);
    expect(response.status).toBe(200);
    const logs = await fixture.consumeLogs();
    const log = logs[logs.length - 1];
    expect(log.model_name).toBe(BACKUP);
    const quota = Number(log.quota);
    expect(quota).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(quota);
    const token = await fixture.harness.runtime.context.database.db
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', tight.id)
      .executeTakeFirstOrThrow();
    expect(Number(token.remain_quota)).toBe(100_000 - quota);
    expect(Number(token.used_quota)).toBe(quota);
  });

  it('falls back on a stream too, the stream naming the answering model', async () => {
    const { result, log } = await fixture.billed(() => post(chatBody(REQUESTED, true)));
    expect(result.status).toBe(200);
    const first = result.text.split('\n').find((line) => line.startsWith('data: {'))!;
    expect(JSON.parse(first.slice('data: '.length)).model).toBe(BACKUP);
    expect(log.model_name).toBe(BACKUP);
    expect(JSON.parse(String(log.other)).fallback_from).toBe(REQUESTED);
  });

  it('falls back when no channel serves the model in the group, with the group list first', async () => {
    const before = await fixture.userQuota();
    // UNUSED has no channel at all: the group's list goes on to BACKUP.
    const { result, log } = await fixture.billed(() => post(chatBody(ELSEWHERE)));
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text).model).toBe(BACKUP);
    expect(log.model_name).toBe(BACKUP);
    expect(JSON.parse(String(log.other)).fallback_from).toBe(ELSEWHERE);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('gives the original error when the client opts out', async () => {
    fixture.mock.reset();
    const before = await fixture.userQuota();
    const logsBefore = (await fixture.consumeLogs()).length;
    const response = await post(chatBody(REQUESTED), { 'x-tollgate-no-fallback': '1' });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-tollgate-fallback-from')).toBeNull();
    expect(callsWith('sk-backup')).toBe(0);
    expect(await fixture.userQuota()).toBe(before);
    expect(await fixture.consumeLogs()).toHaveLength(logsBefore);

    const unroutable = await post(chatBody(ELSEWHERE), { 'x-tollgate-no-fallback': 'true' });
    expect(unroutable.status).toBe(503);
    expect(JSON.parse(unroutable.text).error.code).toBe('model_not_found');
  });

  it('does not fall back on an error that is the request’s fault (400)', async () => {
    fixture.mock.reset();
    const before = await fixture.userQuota();
    const response = await post(chatBody(BAD_REQUEST));
    expect(response.status).toBe(400);
    expect(callsWith('sk-bad-request')).toBe(1);
    expect(callsWith('sk-backup')).toBe(0);
    expect(await fixture.userQuota()).toBe(before);
  });

  it('does not fall back to a model the token may not use', async () => {
    const restricted = await fixture.addToken({
      name: 'only-requested',
      model_limits_enabled: true,
      model_limits: `${REQUESTED},${ELSEWHERE}`,
    });
    fixture.mock.reset();
    const before = await fixture.userQuota();
    const response = await post(chatBody(REQUESTED), {}, restricted.apiKey);
    expect(response.status).toBe(500);
    expect(callsWith('sk-failing-a') + callsWith('sk-failing-b')).toBe(2);
    expect(callsWith('sk-backup')).toBe(0);
    expect(await fixture.userQuota()).toBe(before);

    const unroutable = await post(chatBody(ELSEWHERE), {}, restricted.apiKey);
    expect(unroutable.status).toBe(503);
  });
});
