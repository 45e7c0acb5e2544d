import {
  HUNYUAN_EMBEDDING_DIMENSIONS,
  MOCK_TENCENT_SECRET_ID,
  MOCK_TENCENT_SECRET_KEY,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TOOLS, readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const TENCENT_KEY = `1250000000|${MOCK_TENCENT_SECRET_ID}|${MOCK_TENCENT_SECRET_KEY}`;

/**
 * A Tencent Hunyuan channel (type 23) behind the OpenAI API, end to end against the mock, which
 * checks every call's TC3-HMAC-SHA256 signature with its own implementation: chat (plain,
 * streamed, tools), embeddings (GetEmbedding), errors answered in 200 bodies.
 */
describe.each(appDatabaseKinds())('a Tencent Hunyuan channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;

  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: {
        'hunyuan-turbo': 1.5,
        'hunyuan-lite': 0.5,
        'hunyuan-embedding': 0.1,
        'hunyuan-denied': 1,
      },
      channels: [
        {
          name: 'hunyuan',
          type: 23,
          key: TENCENT_KEY,
          models: 'hunyuan-turbo,hunyuan-lite,hunyuan-embedding',
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  async function billed<T>(call: () => Promise<T>) {
    const before = await fixture.userQuota();
    const result = await call();
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    return { result, log };
  }

  it('signs a ChatCompletions call and bills its usage exactly', async () => {
    const { result, log } = await billed(() =>
      fixture.client.chat.completions.create({
        model: 'hunyuan-turbo',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello Hunyuan' },
        ],
        temperature: 0.5,
        top_p: 0.9,
      }),
    );
    expect(result.choices[0]!.message.content).toBe(replyText(3));
    expect(result.choices[0]!.finish_reason).toBe('stop');
    const prompt = promptTokensForCharacters('Be brief.Hello Hunyuan'.length);
    expect(result.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
    });
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.channel_id)).toBe(channelId);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/');
    expect(upstream.headers['x-tc-action']).toBe('ChatCompletions');
    expect(upstream.headers['x-tc-version']).toBe('2023-09-01');
    expect(upstream.headers.authorization).toMatch(
      new RegExp(
        `^TC3-HMAC-SHA256 Credential=${MOCK_TENCENT_SECRET_ID}/\\d{4}-\\d{2}-\\d{2}/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(upstream.body).toEqual({
      Model: 'hunyuan-turbo',
      Messages: [
        { Role: 'system', Content: 'Be brief.' },
        { Role: 'user', Content: 'Hello Hunyuan' },
      ],
      Stream: false,
      Temperature: 0.5,
      TopP: 0.9,
    });
  });

  it('streams Hunyuan deltas with usage', async () => {
    const { result } = await billed(async () => {
      const stream = await fixture.client.chat.completions.create({
        model: 'hunyuan-lite',
        messages: [{ role: 'user', content: 'Stream it' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const { text, finish, usage } = await readChatStream(stream);
      return { text, finish, usage };
    });
    expect(result).toEqual({
      text: replyText(3),
      finish: 'stop',
      usage: expect.objectContaining({
        prompt_tokens: promptTokensForCharacters('Stream it'.length),
        completion_tokens: completionTokens(3),
      }),
    });
    expect(fixture.mock.lastRequest()!.body).toMatchObject({ Stream: true });
  });

  it('calls a tool (plain and streamed) and sends its result back', async () => {
    const first = await fixture.client.chat.completions.create({
      model: 'hunyuan-turbo',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(call.type === 'function' && call.function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"mock"}',
    });
    expect(fixture.mock.lastRequest()!.body).toMatchObject({
      Tools: [
        {
          Type: 'function',
          Function: {
            Name: 'get_weather',
            Parameters: JSON.stringify(WEATHER_TOOLS[0]!.function.parameters),
          },
        },
      ],
      ToolChoice: 'custom',
    });

    const stream = await fixture.client.chat.completions.create({
      model: 'hunyuan-turbo',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
      stream: true,
    });
    const { toolName: name, toolArguments: args, finish } = await readChatStream(stream);
    expect({ name, args, finish }).toEqual({
      name: 'get_weather',
      args: '{"city":"mock"}',
      finish: 'tool_calls',
    });

    const second = await fixture.client.chat.completions.create({
      model: 'hunyuan-turbo',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: '{"temperature":21}' },
      ],
      tools: WEATHER_TOOLS,
    });
    expect(second.choices[0]!.message.content).toBe(replyText(3));
    expect((fixture.mock.lastRequest()!.body as { Messages: unknown[] }).Messages.slice(1)).toEqual(
      [
        {
          Role: 'assistant',
          Content: '',
          ToolCalls: [
            {
              Id: call.id,
              Type: 'function',
              Function: { Name: 'get_weather', Arguments: '{"city":"mock"}' },
            },
          ],
        },
        { Role: 'tool', Content: '{"temperature":21}', ToolCallId: call.id },
      ],
    );
  });

  it('serves embeddings through GetEmbedding and bills them', async () => {
    const { result, log } = await billed(() =>
      fixture.client.embeddings.create({
        model: 'hunyuan-embedding',
        input: ['sunny day', 'rainy day'],
      }),
    );
    expect(result.data.map((item) => item.index)).toEqual([0, 1]);
    expect(result.data[0]!.embedding).toHaveLength(HUNYUAN_EMBEDDING_DIMENSIONS);
    expect(result.usage.prompt_tokens).toBe(promptTokensForCharacters(18));
    expect(Number(log.prompt_tokens)).toBe(promptTokensForCharacters(18));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.headers['x-tc-action']).toBe('GetEmbedding');
    expect(upstream.body).toEqual({ InputList: ['sunny day', 'rainy day'] });
  });

  it('answers a Tencent error in a 200 body with its HTTP meaning', async () => {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'hunyuan-lite',
        messages: [{ role: 'assistant', content: 'I speak last' }],
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.message).toContain('The last message must be from user or tool.');
    expect(body.error.code).toBe('InvalidParameter');
  });

  it('tests the channel through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=hunyuan-lite`,
    );
    expect(response.json()).toMatchObject({ success: true, message: '' });
  });

  it('auto-disables a channel whose signature Tencent refuses (wrong SecretKey)', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'hunyuan-bad-secret',
      type: 23,
      key: `1250000000|${MOCK_TENCENT_SECRET_ID}|wrong-secret-key`,
      models: 'hunyuan-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'hunyuan-denied',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('AuthFailure.SignatureFailure');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
