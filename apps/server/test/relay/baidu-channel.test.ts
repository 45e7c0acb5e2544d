import {
  MOCK_BAIDU_API_KEY,
  MOCK_BAIDU_SECRET_KEY,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TOOLS, readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const BAIDU_KEY = `${MOCK_BAIDU_API_KEY}|${MOCK_BAIDU_SECRET_KEY}`;
const WENXIN = '/rpc/2.0/ai_custom/v1/wenxinworkshop';

/**
 * Baidu channels behind the OpenAI API, end to end against the mock: ERNIE v1 (type 15: OAuth
 * access token, wenxinworkshop chat, stream, functions, embeddings, ERNIE errors in 200 bodies)
 * and Qianfan v2 (type 46: OpenAI-compatible /v2 API with a Bearer key).
 */
describe.each(appDatabaseKinds())('Baidu channels on %s', (kind) => {
  let fixture: RelayFixture;
  let ernieChannel: number;
  let qianfanChannel: number;
  const tokenRequests = () => fixture.mock.baidu.tokenRequests;

  beforeAll(async () => {
    ({
      fixture,
      channelIds: [ernieChannel, qianfanChannel],
    } = await setUpProviderChannels(kind, {
      ratios: {
        'ERNIE-4.0-8K': 2,
        'ERNIE-Speed-8K': 0.5,
        'Embedding-V1': 0.1,
        'ernie-4.0-turbo-8k': 1.5,
        'embedding-v2': 0.1,
        'ERNIE-denied': 1,
      },
      channels: [
        {
          name: 'ernie',
          type: 15,
          key: BAIDU_KEY,
          models: 'ERNIE-4.0-8K,ERNIE-Speed-8K,Embedding-V1',
        },
        {
          name: 'qianfan',
          type: 46,
          key: 'bce-v3/qianfan-key',
          models: 'ernie-4.0-turbo-8k,embedding-v2',
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

  it('obtains one access token for concurrent calls and converts chat to ERNIE', async () => {
    const calls = await Promise.all(
      [1, 2, 3].map(() =>
        fixture.client.chat.completions.create({
          model: 'ERNIE-4.0-8K',
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hello ERNIE' },
          ],
          max_tokens: 64,
          temperature: 0,
        }),
      ),
    );
    for (const completion of calls) {
      expect(completion.choices[0]!.message.content).toBe(replyText(3));
      expect(completion.choices[0]!.finish_reason).toBe('stop');
    }
    expect(tokenRequests()).toBe(1);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(`${WENXIN}/chat/completions_pro`);
    expect(upstream.query.access_token).toMatch(/^24\.mock-baidu-1\./);
    expect(upstream.body).toEqual({
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hello ERNIE' }],
      max_output_tokens: 64,
      temperature: 0.01,
    });

    const { result, log } = await billed(() =>
      fixture.client.chat.completions.create({
        model: 'ERNIE-4.0-8K',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello ERNIE' },
        ],
      }),
    );
    const prompt = promptTokensForCharacters('Be brief.Hello ERNIE'.length);
    expect(result.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
    });
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.completion_tokens)).toBe(completionTokens(3));
    expect(Number(log.channel_id)).toBe(ernieChannel);
    expect(tokenRequests()).toBe(1);
  });

  it('streams ERNIE events with usage', async () => {
    const { result } = await billed(async () => {
      const stream = await fixture.client.chat.completions.create({
        model: 'ERNIE-Speed-8K',
        messages: [{ role: 'user', content: 'Stream it' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const { text, finish, usage } = await readChatStream(stream);
      return { text, usage, finish };
    });
    expect(result).toEqual({
      text: replyText(3),
      finish: 'stop',
      usage: expect.objectContaining({
        prompt_tokens: promptTokensForCharacters('Stream it'.length),
        completion_tokens: completionTokens(3),
      }),
    });
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(`${WENXIN}/chat/ernie_speed`);
    expect(upstream.body).toMatchObject({ stream: true });
  });

  it('calls a function and sends its result back as a function message', async () => {
    const first = await fixture.client.chat.completions.create({
      model: 'ERNIE-4.0-8K',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
    });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    const call = choice.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function).toEqual({
      name: 'get_weather',
      arguments: '{"city":"mock"}',
    });
    expect(fixture.mock.lastRequest()!.body).toMatchObject({
      functions: [{ name: 'get_weather', parameters: WEATHER_TOOLS[0]!.function.parameters }],
    });

    const streamed = await fixture.client.chat.completions.create({
      model: 'ERNIE-4.0-8K',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
      stream: true,
    });
    const { toolName: name, toolArguments: args, finish } = await readChatStream(streamed);
    expect({ name, args, finish }).toEqual({
      name: 'get_weather',
      args: '{"city":"mock"}',
      finish: 'tool_calls',
    });

    const second = await fixture.client.chat.completions.create({
      model: 'ERNIE-4.0-8K',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: call.id, content: '{"temperature":21}' },
      ],
      tools: WEATHER_TOOLS,
    });
    expect(second.choices[0]!.message.content).toBe(replyText(3));
    expect((fixture.mock.lastRequest()!.body as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        function_call: { name: 'get_weather', arguments: '{"city":"mock"}' },
      },
      { role: 'function', name: 'get_weather', content: '{"temperature":21}' },
    ]);
  });

  it('serves embeddings through the embeddings endpoint and bills them', async () => {
    const { result, log } = await billed(() =>
      fixture.client.embeddings.create({
        model: 'Embedding-V1',
        input: ['sunny day', 'rainy day'],
      }),
    );
    expect(result.data.map((item) => item.index)).toEqual([0, 1]);
    expect(result.data[0]!.embedding).toHaveLength(8);
    expect(result.usage.prompt_tokens).toBe(promptTokensForCharacters(18));
    expect(Number(log.prompt_tokens)).toBe(promptTokensForCharacters(18));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(`${WENXIN}/embeddings/embedding-v1`);
    expect(upstream.body).toEqual({ input: ['sunny day', 'rainy day'] });
  });

  it('refreshes the access token exactly once after ERNIE refuses it (error 110)', async () => {
    const options = fixture.harness.runtime.context.options;
    await options.update('RetryTimes', '1');
    try {
      const before = tokenRequests();
      fixture.mock.baidu.revokeAll();
      const completion = await fixture.client.chat.completions.create({
        model: 'ERNIE-Speed-8K',
        messages: [{ role: 'user', content: 'After revocation' }],
      });
      expect(completion.choices[0]!.message.content).toBe(replyText(3));
      expect(tokenRequests()).toBe(before + 1);
      const refused = fixture.mock.requests.filter((request) => request.path.startsWith(WENXIN));
      expect(refused.at(-2)!.query.access_token).not.toBe(refused.at(-1)!.query.access_token);
      await fixture.client.chat.completions.create({
        model: 'ERNIE-Speed-8K',
        messages: [{ role: 'user', content: 'Again' }],
      });
      expect(tokenRequests()).toBe(before + 1);

      // A streamed call meets the refusal as a JSON answer before any event: the same refresh.
      fixture.mock.baidu.revokeAll();
      const stream = await fixture.client.chat.completions.create({
        model: 'ERNIE-Speed-8K',
        messages: [{ role: 'user', content: 'Stream after revocation' }],
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      expect(text).toBe(replyText(3));
      expect(tokenRequests()).toBe(before + 2);
    } finally {
      await options.update('RetryTimes', '0');
    }
  });

  it('answers an ERNIE error in a 200 body with its HTTP meaning', async () => {
    // Two user messages in a row are merged, so this one is fine; an assistant first is not.
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'ERNIE-Speed-8K',
        messages: [
          { role: 'assistant', content: 'I start' },
          { role: 'user', content: 'hi' },
        ],
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.message).toContain('must be an odd number');
  });

  it('tests both channels through the console API', async () => {
    for (const [id, model] of [
      [ernieChannel, 'ERNIE-Speed-8K'],
      [qianfanChannel, 'ernie-4.0-turbo-8k'],
    ] as const) {
      const response = await fixture.harness.call(
        fixture.root,
        'GET',
        `/api/channel/test/${id}?model=${model}`,
      );
      expect(response.json()).toMatchObject({ success: true, message: '' });
    }
  });

  it('serves Qianfan v2 (type 46) chat and embeddings on the OpenAI-compatible /v2 API', async () => {
    const { result } = await billed(() =>
      fixture.client.chat.completions.create({
        model: 'ernie-4.0-turbo-8k',
        messages: [{ role: 'user', content: 'Hello Qianfan' }],
      }),
    );
    expect(result.choices[0]!.message.content).toBe(replyText(3));
    let upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v2/chat/completions');
    expect(upstream.headers.authorization).toBe('Bearer bce-v3/qianfan-key');
    expect(upstream.body).toMatchObject({ model: 'ernie-4.0-turbo-8k' });

    const embeddings = await fixture.client.embeddings.create({
      model: 'embedding-v2',
      input: 'sunny day',
    });
    expect(embeddings.data).toHaveLength(1);
    upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v2/embeddings');
  });

  it('auto-disables a Baidu channel whose key pair the OAuth server refuses', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'ernie-bad-secret',
      type: 15,
      key: `${MOCK_BAIDU_API_KEY}|wrong-secret`,
      models: 'ERNIE-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'ERNIE-denied', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
