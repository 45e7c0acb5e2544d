import { replyText } from '@tollgate/mock-upstream';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** The quota a log row's own numbers give (architecture: every charge is reproducible from its log). */
function quotaFromLog(row: Record<string, unknown>): number {
  const other = JSON.parse(String(row.other));
  const prompt = Number(row.prompt_tokens);
  const completion = Number(row.completion_tokens);
  if (other.model_price >= 0) return Math.round(other.model_price * 500_000 * other.group_ratio);
  const cached = other.cache_tokens ?? 0;
  const creation = other.cache_creation_tokens ?? 0;
  const weighted =
    prompt -
    cached -
    creation +
    cached * other.cache_ratio +
    creation * other.cache_creation_ratio +
    completion * other.completion_ratio;
  return Math.max(1, Math.round(weighted * other.model_ratio * other.group_ratio));
}

describe.each(appDatabaseKinds())(
  'chat completions through the official openai client on %s',
  (kind) => {
    let fixture: RelayFixture;
    beforeAll(async () => {
      fixture = await createRelayFixture(kind);
    });
    afterAll(async () => {
      await fixture?.close();
    });

    it('answers a plain chat completion and charges exactly what the log explains', async () => {
      const before = await fixture.userQuota();
      const completion = await fixture.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Say hello to the gateway please' }],
      });
      expect(completion.choices[0].message.content).toBe(replyText(3));
      expect(completion.usage?.completion_tokens).toBe(6);

      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe('/v1/chat/completions');
      expect(upstream.headers.authorization).toBe('Bearer sk-upstream');
      expect(upstream.body).toMatchObject({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Say hello to the gateway please' }],
      });

      const logs = await fixture.consumeLogs();
      const log = logs[logs.length - 1];
      expect(log).toMatchObject({
        model_name: 'gpt-4o-mini',
        prompt_tokens: completion.usage!.prompt_tokens,
        completion_tokens: 6,
        token_name: 'test-token',
        channel_id: fixture.channelId,
        group: 'default',
      });
      expect(Boolean(log.is_stream)).toBe(false);
      const other = JSON.parse(String(log.other));
      expect(other).toMatchObject({
        model_ratio: 0.075,
        completion_ratio: 4,
        group_ratio: 1,
        admin_info: { use_channel: [String(fixture.channelId)] },
      });
      expect(Number(log.quota)).toBe(quotaFromLog(log));
      expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    });

    it('streams chunks as they arrive and hides the usage chunk unless asked', async () => {
      const stream = await fixture.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'stream please' }],
        stream: true,
      });
      let text = '';
      let usageSeen = false;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usageSeen = true;
      }
      expect(text).toBe(replyText(3));
      expect(usageSeen).toBe(false);
      expect(fixture.mock.lastRequest()!.body).toMatchObject({
        stream: true,
        stream_options: { include_usage: true },
      });

      const logs = await fixture.consumeLogs();
      const log = logs[logs.length - 1];
      expect(Boolean(log.is_stream)).toBe(true);
      expect(log.completion_tokens).toBe(6);
      expect(Number(log.quota)).toBe(quotaFromLog(log));
    });

    it('passes the usage chunk through when the client asks for it', async () => {
      const stream = await fixture.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'stream with usage' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let usage: { completion_tokens: number } | undefined;
      for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
      expect(usage?.completion_tokens).toBe(6);
    });

    it('counts locally and sends a usage chunk when upstream reports none', async () => {
      await fixture.controlledModel('mini-no-usage', 'omit-usage');
      const before = await fixture.userQuota();
      const stream = await fixture.client.chat.completions.create({
        model: 'mini-no-usage',
        messages: [{ role: 'user', content: 'no usage upstream' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
      for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
      expect(usage!.completion_tokens).toBeGreaterThan(0);
      expect(usage!.prompt_tokens).toBeGreaterThan(0);
      expect(fixture.mock.lastRequest()!.body).toMatchObject({ model: 'gpt-4o-mini@omit-usage' });
      const logs = await fixture.consumeLogs();
      const log = logs[logs.length - 1];
      expect(log.completion_tokens).toBe(usage!.completion_tokens);
      expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    });

    it('relays tool calls', async () => {
      const completion = await fixture.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'weather in Paris?' }],
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              parameters: {
                type: 'object',
                properties: { city: { type: 'string' } },
                required: ['city'],
              },
            },
          },
        ],
      });
      const call = completion.choices[0].message.tool_calls?.[0];
      expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    });

    it("passes upstream's request id on, plain and streamed, beside Tollgate's own", async () => {
      const plain = await fixture.client.chat.completions
        .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'id please' }] })
        .withResponse();
      expect(plain.response.headers.get('x-request-id')).toMatch(/^req_mock/);
      expect(plain.response.headers.get('x-oneapi-request-id')).toBeTruthy();
      const streamed = await fixture.client.chat.completions
        .create({
          model: 'gpt-4o-mini',
          stream: true,
          messages: [{ role: 'user', content: 'id please' }],
        })
        .withResponse();
      for await (const chunk of streamed.data) void chunk;
      expect(streamed.response.headers.get('x-request-id')).toMatch(/^req_mock/);
      expect(streamed.response.headers.get('x-request-id')).not.toBe(
        plain.response.headers.get('x-request-id'),
      );
    });

    it('rejects a bad key, an unknown model and a malformed body with the right status', async () => {
      const bad = new OpenAI({ apiKey: 'sk-nope', baseURL: `${fixture.url}/v1`, maxRetries: 0 });
      await expect(
        bad.chat.completions.create({
          model: 'gpt-4o-mini',
          messages: [{ role: 'user', content: 'x' }],
        }),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        fixture.client.chat.completions.create({
          model: 'no-such-model',
          messages: [{ role: 'user', content: 'x' }],
        }),
      ).rejects.toBeInstanceOf(OpenAI.NotFoundError);
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: '{"model": "gpt-4o-mini", "messages": [',
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(/^Invalid request/);
      const empty = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: '{"model": "gpt-4o-mini", "messages": []}',
      });
      expect(empty.status).toBe(400);
    });

    it('lists the models this token can use', async () => {
      const models = await fixture.client.models.list();
      const ids = models.data.map((model) => model.id);
      expect(ids).toContain('gpt-4o-mini');
      expect(ids).not.toContain('no-such-model');
    });
  },
);
