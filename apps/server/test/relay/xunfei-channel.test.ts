import {
  completionTokens,
  promptTokensForCharacters,
  replyText,
  SPARK_MOCK_APP_ID,
  SPARK_MOCK_CHANNEL_KEY,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'get_weather',
      description: 'Weather of a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    },
  },
];

const RATIO = 1.5;

interface SparkFrame {
  header: Record<string, unknown>;
  parameter: { chat: Record<string, unknown> };
  payload: Record<string, unknown>;
}

/**
 * An iFlytek Spark channel (type 18) behind the OpenAI API, end to end against the mock's signed
 * websocket: plain and streamed chat (both over the websocket), tools as Spark functions, the
 * API version from the model name or the channel, error frames and refused handshakes, billing
 * on Spark's usage, and the console's channel test.
 */
describe.each(appDatabaseKinds())('an iFlytek Spark channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: { 'SparkDesk-v3.5': RATIO, SparkDesk: RATIO, 'spark-denied': RATIO },
      channels: [
        {
          name: 'spark',
          type: 18,
          key: SPARK_MOCK_CHANNEL_KEY,
          other: 'v4.0',
          models: 'SparkDesk-v3.5,SparkDesk',
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** The request frame the mock received last. */
  function lastFrame(): SparkFrame {
    const request = fixture.mock.lastRequest()!;
    return (request.body as unknown[])[0] as SparkFrame;
  }

  it('answers a plain call over the websocket and bills Spark usage exactly', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'SparkDesk-v3.5',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello Spark' },
      ],
      max_tokens: 100,
      temperature: 0.5,
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v3.5/chat');
    expect(upstream.query.authorization).toBeTruthy();
    expect(lastFrame()).toEqual({
      header: { app_id: SPARK_MOCK_APP_ID, uid: 'tollgate' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.5, max_tokens: 100 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hello Spark' },
          ],
        },
      },
    });
    const prompt = promptTokensForCharacters('Be brief.Hello Spark'.length);
    expect(completion.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
    });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.completion_tokens)).toBe(completionTokens(3));
    expect(Number(log.channel_id)).toBe(channelId);
    // Group ratio 1, completion ratio 1 for an operator-priced model.
    expect(Number(log.quota)).toBe(Math.round((prompt + completionTokens(3)) * RATIO));
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('streams each frame as it arrives, then the usage', async () => {
    const before = await fixture.userQuota();
    const stream = await fixture.client.chat.completions.create({
      model: 'SparkDesk',
      messages: [{ role: 'user', content: 'Stream it' }],
      user: 'u@chunks=5',
      stream: true,
      stream_options: { include_usage: true },
    });
    const pieces: string[] = [];
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta?.content;
      if (content) pieces.push(content);
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(pieces.join('')).toBe(replyText(5));
    expect(pieces).toHaveLength(5);
    expect(finish).toBe('stop');
    // No version in the model name: the channel's `other` (v4.0) decides.
    expect(fixture.mock.lastRequest()!.path).toBe('/v4.0/chat');
    expect(lastFrame().parameter.chat.domain).toBe('4.0Ultra');
    const prompt = promptTokensForCharacters('Stream it'.length);
    expect(usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completionTokens(5) });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.quota)).toBe(Math.round((prompt + completionTokens(5)) * RATIO));
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('takes the API version from the client’s api-version query first', async () => {
    const response = await fetch(`${fixture.url}/v1/chat/completions?api-version=v1.1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'SparkDesk-v3.5',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(response.status).toBe(200);
    expect(fixture.mock.lastRequest()!.path).toBe('/v1.1/chat');
    expect(lastFrame().parameter.chat.domain).toBe('lite');
  });

  it('sends tools as Spark functions and returns the function call, plain and streamed', async () => {
    const completion = await fixture.client.chat.completions.create({
      model: 'SparkDesk-v3.5',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: TOOLS,
    });
    expect(lastFrame().payload.functions).toEqual({
      text: [
        {
          name: 'get_weather',
          description: 'Weather of a city',
          parameters: TOOLS[0]!.function.parameters,
        },
      ],
    });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"mock"}' },
      },
    ]);

    const stream = await fixture.client.chat.completions.create({
      model: 'SparkDesk-v3.5',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: TOOLS,
      stream: true,
    });
    const { toolName: name, toolArguments: args, finish } = await readChatStream(stream);
    expect({ name, args, finish }).toEqual({
      name: 'get_weather',
      args: '{"city":"mock"}',
      finish: 'tool_calls',
    });
  });

  it('relays error frames with their meaning: blocked content 400, rate limit 429', async () => {
    const call = (user: string) =>
      fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'SparkDesk-v3.5',
          user,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      });
    const blocked = await call('u@status=400');
    expect(blocked.status).toBe(400);
    expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe('10013');
    const limited = await call('u@status=429');
    expect(limited.status).toBe(429);
  });

  it('tests the channel through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=SparkDesk-v3.5`,
    );
    expect(response.json()).toMatchObject({ success: true });
  });

  it('auto-disables a channel whose signature iFlytek refuses at the handshake', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'spark-bad-secret',
      type: 18,
      key: `${SPARK_MOCK_APP_ID}|wrong-secret|mock-spark-key`,
      models: 'spark-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'spark-denied', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^HMAC signature does not match/,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
