import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** The mock upstream answers this model after 700 ms. */
const SLOW = 'slow-limited';

/**
 * Usage limits as clients and the console see them: the token API fields and their narrowing
 * rule, `limit_usage` in the list, rate-limit headers on answers, and a 429 with `Retry-After`
 * that each official SDK backs off on and retries successfully once the limit has room.
 */
describe('usage limits', { timeout: 60_000 }, () => {
  let fixture: RelayFixture;
  /** Status of every relay answer, in order. */
  const statuses: number[] = [];

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
    await fixture.controlledModel(SLOW, 'latency=700');
    fixture.harness.app.server.on('request', (request, response) => {
      if (!String(request.url).startsWith('/api/')) {
        response.on('finish', () => statuses.push(response.statusCode));
      }
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('keeps token limits within the owner’s, lists their usage and answers with headers', async () => {
    const { harness, root } = fixture;
    await harness.runtime.context.options.update('GroupLimits', '{"default":{"rpm":100}}');
    const wider = await harness.call(root, 'POST', '/api/token/', {
      name: 'too-wide',
      limits: { rpm: 500 },
    });
    expect(wider.json()).toMatchObject({ success: false });
    expect(wider.json().message).toContain('rpm');
    const badOption = await harness.call(root, 'PUT', '/api/option/', {
      key: 'GroupLimits',
      value: '{"default":{"rpm":-1}}',
    });
    expect(badOption.json().success).toBe(false);

    const token = await fixture.addToken({ name: 'narrow', limits: { rpm: 5, tpm: 100_000 } });
    const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${fixture.url}/v1` });
    const { response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(response.headers.get('x-ratelimit-limit-requests')).toBe('5');
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('4');
    expect(response.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
    expect(response.headers.get('x-ratelimit-limit-tokens')).toBe('100000');

    await harness.runtime.context.relay.limits.flush();
    const list = await harness.call(root, 'GET', '/api/token/?p=0&size=10');
    const listed = (list.json().data as Array<Record<string, unknown>>).find(
      (row) => row.id === token.id,
    );
    expect(listed?.limits).toEqual({ rpm: 5, tpm: 100_000 });
    expect(listed?.limit_usage).toEqual(
      expect.arrayContaining([
        { scope: 'token', limit: 'rpm', max: 5, used: 1, reset_at: expect.any(Number) },
        { scope: 'group', limit: 'rpm', max: 100, used: 1, reset_at: expect.any(Number) },
      ]),
    );
    await harness.runtime.context.options.update('GroupLimits', '{}');
  });

  /**
   * A concurrency limit of 1 with a slow call in flight: the SDK's first attempt is refused with
   * `Retry-After: 1`, its retry a second later finds the slot free.
   */
  async function backsOff(name: string, call: (apiKey: string) => Promise<unknown>) {
    const token = await fixture.addToken({ name, limits: { concurrency: 1 } });
    const blocker = new OpenAI({ apiKey: token.apiKey, baseURL: `${fixture.url}/v1` });
    const slow = blocker.chat.completions.create({
      model: SLOW,
      messages: [{ role: 'user', content: 'hold the slot' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const before = statuses.length;
    await call(token.apiKey);
    await slow;
    return statuses.slice(before);
  }

  it('OpenAI clients get a 429 with Retry-After and retry successfully', async () => {
    const seen = await backsOff('openai-sdk', (apiKey) =>
      new OpenAI({ apiKey, baseURL: `${fixture.url}/v1`, maxRetries: 1 }).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(seen.slice(0, 3)).toEqual([429, 200, 200]);

    const oneADay = await fixture.addToken({ name: 'one-a-day', limits: { rpd: 1 } });
    const post = () =>
      fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${oneADay.apiKey}`,
          'content-type': 'application/json',
          'accept-language': 'zh-CN',
        },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }),
      });
    expect((await post()).status).toBe(200);
    const second = await post();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(second.headers.get('x-tollgate-limit')).toBe('token.rpd');
    const body = await second.json();
    expect(body.error.code).toBe('token_rpd_limit_exceeded');
    expect(body.error.message).toMatch(/^令牌限额已达到：1 次请求\/天/);

    const { relay, logDatabase } = fixture.harness.runtime.context;
    await relay.ledger.flush();
    const errors = await logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 5)
      .execute();
    expect(errors.map((row) => JSON.parse(row.other ?? '{}').limit_refusal)).toContain('token.rpd');
    expect(errors.find((row) => row.token_name === 'one-a-day')?.model_name).toBe('gpt-4o-mini');
  });

  it('Anthropic clients get a rate_limit_error with Retry-After and retry successfully', async () => {
    const seen = await backsOff('anthropic-sdk', (apiKey) =>
      new Anthropic({ apiKey, baseURL: fixture.url, maxRetries: 1 }).messages.create({
        model: 'gpt-4o-mini',
        max_tokens: 20,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    );
    expect(seen.slice(0, 3)).toEqual([429, 200, 200]);
  });

  it('Gemini clients get RESOURCE_EXHAUSTED and retry successfully', async () => {
    const seen = await backsOff('genai-sdk', (apiKey) =>
      new GoogleGenAI({
        apiKey,
        httpOptions: { baseUrl: fixture.url, retryOptions: { attempts: 2, initialDelay: 1 } },
      }).models.generateContent({ model: 'gpt-4o-mini', contents: 'hi' }),
    );
    expect(seen.slice(0, 3)).toEqual([429, 200, 200]);
  });

  it('hands each settled call’s budget standing to the budget notices', async () => {
    const { harness } = fixture;
    const notices = harness.runtime.notifications.budgetNotices;
    const spy = vi.spyOn(notices, 'notifyBudgetThresholds').mockImplementation(() => {});
    try {
      const token = await fixture.addToken({
        name: 'budgeted',
        limits: { budget_day: 10_000_000 },
      });
      const client = new OpenAI({ apiKey: token.apiKey, baseURL: `${fixture.url}/v1` });
      for (let call = 0; call < 2; call += 1) {
        await client.chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'hi' }],
        });
      }
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
      const [first, second] = spy.mock.calls.map(([standing]) => standing);
      expect(first).toMatchObject({
        userId: fixture.root.userId,
        scope: 'token',
        tokenId: token.id,
        kind: 'budget_day',
        max: 10_000_000,
      });
      expect(first.used).toBeGreaterThan(0);
      // The second call's standing includes the first call's charge.
      expect(second.used).toBeGreaterThan(first.used);
      expect(second.periodStart).toBe(first.periodStart);
    } finally {
      spy.mockRestore();
    }
  });
});
