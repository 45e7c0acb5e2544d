import {
  MOCK_PNG_BASE64,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TOOLS, readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/**
 * An Alibaba DashScope channel (type 17) behind the OpenAI API, end to end against the mock:
 * chat through the compatible mode (plain, streamed with usage, tools), embeddings through the
 * native text-embedding API, and wanx image generation as an asynchronous task polled to its end.
 */
describe.each(appDatabaseKinds())('an Ali DashScope channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: { 'qwen-plus': 2, 'text-embedding-v3': 1, 'qwen-denied': 1 },
      completionRatios: { 'qwen-plus': 3 },
      prices: { 'wanx-v1': 0.02 },
      channels: [
        {
          name: 'dashscope',
          type: 17,
          key: 'sk-dashscope-key',
          other: 'web_search',
          models: 'qwen-plus,text-embedding-v3,wanx-v1',
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('sends chat to the compatible mode with the plugin header and bills usage exactly', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'qwen-plus',
      messages: [{ role: 'user', content: 'Hello Qwen' }],
      top_p: 1,
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/compatible-mode/v1/chat/completions');
    expect(upstream.headers.authorization).toBe('Bearer sk-dashscope-key');
    expect(upstream.headers['x-dashscope-plugin']).toBe('web_search');
    expect(upstream.headers['x-dashscope-sse']).toBeUndefined();
    expect(upstream.body).toMatchObject({ top_p: 0.999 });
    const prompt = promptTokensForCharacters('Hello Qwen'.length);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.channel_id)).toBe(channelId);
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.quota)).toBe((prompt + completionTokens(3) * 3) * 2);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('streams chat with X-DashScope-SSE, asking for usage, and streams tool calls', async () => {
    const before = await fixture.userQuota();
    const stream = await fixture.client.chat.completions.create({
      model: 'qwen-plus',
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.headers['x-dashscope-sse']).toBe('enable');
    expect(upstream.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    // Billed on DashScope's usage although the client did not ask for it.
    const prompt = promptTokensForCharacters('Stream it'.length);
    expect(before - (await fixture.userQuota())).toBe((prompt + completionTokens(3) * 3) * 2);

    const tools = await fixture.client.chat.completions.create({
      model: 'qwen-plus',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
      stream: true,
    });
    const { toolName: name, toolArguments: args, finish } = await readChatStream(tools);
    expect({ name, args, finish }).toEqual({
      name: 'get_weather',
      args: '{"city":"mock"}',
      finish: 'tool_calls',
    });
  });

  it('converts embeddings to and from the native text-embedding API', async () => {
    const before = await fixture.userQuota();
    const embeddings = await fixture.client.embeddings.create({
      model: 'text-embedding-v3',
      input: ['sunny day', 'rainy day'],
      dimensions: 16,
    });
    expect(embeddings.data.map((item) => item.index)).toEqual([0, 1]);
    expect(embeddings.data[0]!.embedding).toHaveLength(16);
    const tokens = promptTokensForCharacters(18);
    expect(embeddings.usage).toEqual({ prompt_tokens: tokens, total_tokens: tokens });
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/api/v1/services/embeddings/text-embedding/text-embedding');
    expect(upstream.body).toEqual({
      model: 'text-embedding-v3',
      input: { texts: ['sunny day', 'rainy day'] },
      parameters: { dimension: 16 },
    });
    expect(before - (await fixture.userQuota())).toBe(tokens);
  });

  it('generates images through an asynchronous task, as URLs or downloaded base64', async () => {
    const before = await fixture.userQuota();
    const result = await fixture.client.images.generate({
      model: 'wanx-v1',
      prompt: 'a red fox',
      n: 2,
      size: '1024x1024',
    });
    expect(result.data?.map((image) => image.url)).toEqual([
      `${fixture.mock.url}/mock-files/dashscope-0.png`,
      `${fixture.mock.url}/mock-files/dashscope-1.png`,
    ]);
    expect(result.data?.[0]?.revised_prompt).toBe('a red fox (refined)');
    const submit = fixture.mock.requests.find((request) =>
      request.path.endsWith('image-synthesis'),
    );
    expect(submit?.headers['x-dashscope-async']).toBe('enable');
    expect(submit?.body).toEqual({
      model: 'wanx-v1',
      input: { prompt: 'a red fox' },
      parameters: { size: '1024*1024', n: 2 },
    });
    const polls = fixture.mock.requests.filter((request) =>
      request.path.startsWith('/api/v1/tasks/'),
    );
    expect(polls.length).toBe(2);
    expect(polls[0]!.headers.authorization).toBe('Bearer sk-dashscope-key');
    // Priced per image: 0.02 USD × 2 images at 500000 quota per USD.
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.model_name).toBe('wanx-v1');
    expect(Number(log.quota)).toBe(20_000);
    expect(before - (await fixture.userQuota())).toBe(20_000);

    const base64 = await fixture.client.images.generate({
      model: 'wanx-v1',
      prompt: 'a blue fox',
      response_format: 'b64_json',
    });
    expect(base64.data?.[0]?.b64_json).toBe(MOCK_PNG_BASE64);
  });

  it('answers a failed image task with its error and charges nothing', async () => {
    const before = await fixture.userQuota();
    const response = await fetch(`${fixture.url}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'wanx-v1', prompt: 'mock:fail a fox' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.code).toBe('DataInspectionFailed');
    expect(before - (await fixture.userQuota())).toBe(0);
  });

  it('tests the channel through the console API, with a chat and an embedding model', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=qwen-plus`,
    );
    expect(response.json()).toMatchObject({ success: true });
    const embedding = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=text-embedding-v3`,
    );
    expect(embedding.json()).toMatchObject({ success: true });
    expect(fixture.mock.lastRequest()!.path).toBe(
      '/api/v1/services/embeddings/text-embedding/text-embedding',
    );
  });

  it('auto-disables a channel whose key DashScope rejects', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'dashscope-bad-key',
      type: 17,
      key: 'sk-invalid',
      models: 'qwen-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'qwen-denied', messages: [{ role: 'user', content: 'hi' }] }),
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
