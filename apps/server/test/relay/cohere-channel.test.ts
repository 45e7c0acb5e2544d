import { completionTokens, promptTokensForCharacters, replyText } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TOOLS, readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/**
 * A Cohere channel (type 34) behind the OpenAI API, end to end against the mock's v2 API: chat
 * (plain, streamed, tools), embeddings and rerank, billed on Cohere's billed units.
 */
describe.each(appDatabaseKinds())('a Cohere channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      env: { COHERE_SAFETY_SETTING: 'STRICT' },
      ratios: {
        'command-a-03-2025': 1.25,
        'embed-v4.0': 0.05,
        'rerank-v3.5': 0.05,
        'command-denied': 1,
      },
      channels: [
        {
          name: 'cohere',
          type: 34,
          key: 'co-upstream-key',
          models: 'command-a-03-2025,embed-v4.0,rerank-v3.5',
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('converts a chat call to chat v2 and bills the billed units exactly', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'command-a-03-2025',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello Cohere' },
      ],
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v2/chat');
    expect(upstream.headers.authorization).toBe('Bearer co-upstream-key');
    expect(upstream.body).toMatchObject({ safety_mode: 'STRICT' });
    const prompt = promptTokensForCharacters('Be brief.Hello Cohere'.length);
    expect(completion.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
    });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.channel_id)).toBe(channelId);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    expect(Number(log.quota)).toBeGreaterThan(0);
  });

  it('streams text and a tool call from the v2 events', async () => {
    const stream = await fixture.client.chat.completions.create({
      model: 'command-a-03-2025',
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage } = await readChatStream(stream);
    expect(text).toBe(replyText(3));
    expect(usage?.completion_tokens).toBe(completionTokens(3));

    const tools = await fixture.client.chat.completions.create({
      model: 'command-a-03-2025',
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

  it('serves embeddings through /v2/embed and rerank through /v2/rerank', async () => {
    const embeddings = await fixture.client.embeddings.create({
      model: 'embed-v4.0',
      input: ['sunny day', 'rainy day'],
    });
    expect(embeddings.data).toHaveLength(2);
    expect(embeddings.data[0]!.embedding).toHaveLength(8);
    expect(embeddings.usage.prompt_tokens).toBe(promptTokensForCharacters(18));
    expect(fixture.mock.lastRequest()!.body).toMatchObject({
      texts: ['sunny day', 'rainy day'],
      embedding_types: ['float'],
    });

    const before = await fixture.userQuota();
    const response = await fetch(`${fixture.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'rerank-v3.5',
        query: 'rainy weather',
        documents: ['sunny day', 'rainy weather today'],
        top_n: 1,
        return_documents: true,
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: unknown[] };
    expect(body.results).toEqual([
      { index: 1, relevance_score: expect.any(Number), document: { text: 'rainy weather today' } },
    ]);
    expect(fixture.mock.lastRequest()!.path).toBe('/v2/rerank');
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.model_name).toBe('rerank-v3.5');
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('tests the channel through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=command-a-03-2025`,
    );
    expect(response.json()).toMatchObject({ success: true });
  });

  it('auto-disables a channel whose key Cohere rejects', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'cohere-bad-key',
      type: 34,
      key: 'sk-invalid',
      models: 'command-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'command-denied',
        messages: [{ role: 'user', content: 'hi' }],
      }),
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
