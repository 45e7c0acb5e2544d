import {
  MOCK_AWS_ACCESS_KEY_ID,
  MOCK_AWS_SECRET_ACCESS_KEY,
  completionTokens,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TOOLS, readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const GOOD_KEY = `${MOCK_AWS_ACCESS_KEY_ID}|${MOCK_AWS_SECRET_ACCESS_KEY}|us-east-1`;

/**
 * An AWS Bedrock channel (type 33) behind the OpenAI API, end to end against the mock's Bedrock
 * runtime: SigV4 checked by the mock, Claude through InvokeModel, other models through Converse,
 * streams in AWS's binary event-stream framing.
 */
describe.each(appDatabaseKinds())('an AWS Bedrock channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: {
        'nova-pro-v1:0': 0.4,
        'nova-throttled': 0.4,
        'nova-429': 0.4,
        'nova-400': 0.4,
        'nova-denied': 1,
      },
      channels: [
        {
          name: 'bedrock',
          type: 33,
          key: GOOD_KEY,
          models: 'claude-3-5-sonnet-20240620,nova-pro-v1:0,nova-throttled,nova-429,nova-400',
          model_mapping: JSON.stringify({
            'nova-throttled': 'nova-pro-v1:0@error=1',
            'nova-429': 'nova-pro-v1:0@status=429',
            'nova-400': 'nova-pro-v1:0@status=400',
          }),
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('sends Claude through a signed InvokeModel call and bills exactly what it logs', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'claude-3-5-sonnet-20240620',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello Bedrock' },
      ],
      max_tokens: 100,
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/model/us.anthropic.claude-3-5-sonnet-20240620-v1%3A0/invoke');
    expect(String(upstream.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIA/);
    expect(upstream.body).toMatchObject({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello Bedrock' }],
    });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.completion_tokens)).toBe(completionTokens(3));
    expect(Number(log.prompt_tokens)).toBe(completion.usage!.prompt_tokens);
    expect(Number(log.channel_id)).toBe(channelId);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    expect(Number(log.quota)).toBeGreaterThan(0);
  });

  it('streams Claude from the binary event stream with usage', async () => {
    const stream = await fixture.client.chat.completions.create({
      model: 'claude-3-5-sonnet-20240620',
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage } = await readChatStream(stream);
    expect(text).toBe(replyText(3));
    expect(usage?.completion_tokens).toBe(completionTokens(3));
    expect(fixture.mock.lastRequest()!.path).toMatch(/\/invoke-with-response-stream$/);
  });

  it('serves a Claude Messages client from InvokeModel with its own body', async () => {
    const response = await fetch(`${fixture.url}/v1/messages`, {
      method: 'POST',
      headers: {
        'x-api-key': fixture.apiKey,
        'anthropic-version': '2023-06-01',
        'anthropic-beta': 'token-efficient-tools-2025-02-19',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        model: 'claude-3-5-sonnet-20240620',
        max_tokens: 64,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi from Claude Code' }] }],
      }),
    });
    expect(response.status).toBe(200);
    const message = (await response.json()) as { type: string; content: { text: string }[] };
    expect(message.type).toBe('message');
    expect(message.content[0]!.text).toBe(replyText(3));
    expect(fixture.mock.lastRequest()!.body).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['token-efficient-tools-2025-02-19'],
      max_tokens: 64,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi from Claude Code' }] }],
    });
  });

  it('sends other models through Converse: a plain tool call, a streamed answer billed exactly', async () => {
    const plain = await fixture.client.chat.completions.create({
      model: 'nova-pro-v1:0',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
    });
    expect(plain.choices[0]!.finish_reason).toBe('tool_calls');
    expect(plain.choices[0]!.message.tool_calls![0]).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"mock"}' },
    });
    expect(fixture.mock.lastRequest()!.path).toBe('/model/us.amazon.nova-pro-v1%3A0/converse');

    const before = await fixture.userQuota();
    const stream = await fixture.client.chat.completions.create({
      model: 'nova-pro-v1:0',
      messages: [{ role: 'user', content: 'Stream through Converse' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage } = await readChatStream(stream);
    expect(text).toBe(replyText(3));
    expect(fixture.mock.lastRequest()!.path).toBe(
      '/model/us.amazon.nova-pro-v1%3A0/converse-stream',
    );
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.prompt_tokens)).toBe(usage!.prompt_tokens);
    expect(Number(log.completion_tokens)).toBe(completionTokens(3));
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('ends a stream on a throttling exception and bills what was generated', async () => {
    const before = await fixture.userQuota();
    const stream = await fixture.client.chat.completions.create({
      model: 'nova-throttled',
      messages: [{ role: 'user', content: 'Stream then fail' }],
      stream: true,
    });
    let text = '';
    await expect(async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    }).rejects.toThrow(/Too many requests/);
    expect(text).toBe(replyText(1));
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.model_name).toBe('nova-throttled');
    expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('answers AWS errors with their status: 429 as a rate limit, 400 as the client’s mistake', async () => {
    const post = (model: string) =>
      fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      });
    const throttled = await post('nova-429');
    expect(throttled.status).toBe(429);
    const invalid = await post('nova-400');
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/Mock upstream failure with status 400/);
  });

  it('tests the channel through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=nova-pro-v1:0`,
    );
    expect(response.json()).toMatchObject({ success: true });
  });

  it('gets 403 from AWS for a wrong secret and auto-disables the channel', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'bedrock-wrong-secret',
      type: 33,
      key: `${MOCK_AWS_ACCESS_KEY_ID}|not-the-secret|us-east-1`,
      models: 'nova-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'nova-denied', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/signature we calculated does not match/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
