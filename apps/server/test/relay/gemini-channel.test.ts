import { replyText } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const GEMINI_MODELS =
  'gemini-2.5-flash,text-embedding-004,gemini-thoughtful,gemini-busy,imagen-3.0-generate-002';

/** OpenAI-format calls served by a Gemini channel (type 24), converted both ways and billed. */
describe.each(appDatabaseKinds())('a Gemini channel behind the OpenAI API on %s', (kind) => {
  let fixture: RelayFixture;
  let geminiChannel: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [geminiChannel],
    } = await setUpProviderChannels(kind, {
      ratios: {
        'gemini-2.5-flash': 0.15,
        'gemini-thoughtful': 0.15,
        'gemini-busy': 0.15,
        'text-embedding-004': 0.05,
      },
      prices: { 'imagen-3.0-generate-002': 0.04 },
      channels: [
        {
          name: 'gemini',
          type: 24,
          key: 'AIza-upstream',
          models: GEMINI_MODELS,
          priority: 10,
          model_mapping: JSON.stringify({
            'gemini-thoughtful': 'gemini-2.5-flash@reasoning-tokens=30,cached-tokens=4',
            'gemini-busy': 'gemini-2.5-flash@status=429',
          }),
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('converts a plain chat call to generateContent and bills its usage', async () => {
    const { result, log } = await fixture.billed(() =>
      fixture.client.chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello Gemini' },
        ],
        max_tokens: 100,
      }),
    );
    expect(result.choices[0].message.content).toBe(replyText(3));
    expect(result.choices[0].finish_reason).toBe('stop');
    expect(result.usage).toMatchObject({
      prompt_tokens: 6,
      completion_tokens: 6,
      total_tokens: 12,
    });
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(upstream.headers['x-goog-api-key']).toBe('AIza-upstream');
    expect(upstream.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Hello Gemini' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: { maxOutputTokens: 100 },
    });
    expect(log).toMatchObject({ model_name: 'gemini-2.5-flash', channel_id: geminiChannel });
    expect(Number(log.prompt_tokens)).toBe(6);
    expect(Number(log.completion_tokens)).toBe(6);
  });

  it('streams with thoughts and cached tokens reported, billed exactly', async () => {
    const { result, log } = await fixture.billed(async () => {
      const stream = await fixture.client.chat.completions.create({
        model: 'gemini-thoughtful',
        messages: [{ role: 'user', content: 'Stream it' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: Record<string, unknown> | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usage = chunk.usage as unknown as Record<string, unknown>;
      }
      return { text, usage };
    });
    expect(result.text).toBe(replyText(3));
    expect(result.usage).toMatchObject({
      prompt_tokens: 3,
      completion_tokens: 6 + 30,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 30 },
    });
    expect(fixture.mock.lastRequest()!.path).toBe(
      '/v1beta/models/gemini-2.5-flash%40reasoning-tokens%3D30%2Ccached-tokens%3D4:streamGenerateContent',
    );
    expect(fixture.mock.lastRequest()!.query).toEqual({ alt: 'sse' });
    expect(Number(log.completion_tokens)).toBe(36);
  });

  it('calls tools and sends the results back with the thought signature', async () => {
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    ];
    const first = await fixture.client.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools,
    });
    const message = first.choices[0].message;
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    const call = message.tool_calls![0] as {
      id: string;
      type: 'function';
      function: { name: string; arguments: string };
    };
    expect(call.function).toEqual({ name: 'weather', arguments: '{"city":"mock"}' });
    await fixture.client.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        message,
        { role: 'tool', tool_call_id: call.id, content: '{"temp":21}' },
      ],
      tools,
    });
    const upstream = fixture.mock.lastRequest()!.body as { contents: unknown[] };
    expect(upstream.contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          {
            functionCall: { name: 'weather', args: { city: 'mock' } },
            thoughtSignature: 'mock-thinking-signature',
          },
        ],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'weather', response: { temp: 21 } } }] },
    ]);
  });

  it('serves embeddings through embedContent and batchEmbedContents', async () => {
    const { result } = await fixture.billed(() =>
      fixture.client.embeddings.create({ model: 'text-embedding-004', input: ['one', 'two'] }),
    );
    expect(result.data.map((item) => item.embedding.length)).toEqual([8, 8]);
    expect(fixture.mock.lastRequest()!.path).toBe(
      '/v1beta/models/text-embedding-004:batchEmbedContents',
    );
    const single = await fixture.client.embeddings.create({
      model: 'text-embedding-004',
      input: 'one',
    });
    expect(single.data[0].embedding).toEqual(result.data[0].embedding);
    expect(fixture.mock.lastRequest()!.path).toBe('/v1beta/models/text-embedding-004:embedContent');
  });

  it('generates Imagen images through predict, priced per image', async () => {
    const { result, log } = await fixture.billed(() =>
      fixture.client.images.generate({
        model: 'imagen-3.0-generate-002',
        prompt: 'A lighthouse',
        n: 2,
        size: '1792x1024',
        response_format: 'b64_json',
      }),
    );
    expect(result.data?.map((image) => image.b64_json?.length)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1beta/models/imagen-3.0-generate-002:predict');
    expect(upstream.body).toEqual({
      instances: [{ prompt: 'A lighthouse' }],
      parameters: { sampleCount: 2, aspectRatio: '16:9', personGeneration: 'allow_adult' },
    });
    expect(log.model_name).toBe('imagen-3.0-generate-002');
  });

  it('answers a blocked prompt with a 400 and a 429 with Google’s retry delay', async () => {
    const blocked = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'MOCK_BLOCKED request' }],
      }),
    });
    expect(blocked.status).toBe(400);
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toContain(
      'SAFETY',
    );
    const busy = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gemini-busy', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(busy.status).toBe(429);
  });

  it('passes a Gemini API client through to a Gemini channel', async () => {
    const response = await fetch(`${fixture.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': fixture.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
      }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { responseId: string; candidates: unknown[] };
    expect(answer.responseId).toMatch(/^resp_mock/);
    expect(fixture.mock.lastRequest()!.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
    });
  });

  it('passes a channel test through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${geminiChannel}?model=gemini-2.5-flash`,
    );
    expect(response.json()).toMatchObject({ success: true, message: '' });
    expect(fixture.mock.lastRequest()!.path).toBe(
      '/v1beta/models/gemini-2.5-flash:generateContent',
    );
  });

  it('auto-disables a Gemini channel whose key Google rejects', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const bad = await fixture.addChannel({
      name: 'gemini-bad-key',
      type: 24,
      key: 'sk-invalid',
      models: 'gemini-bad-only',
    });
    await fixture.priceModels({ 'gemini-bad-only': 0.15 });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gemini-bad-only',
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    expect(response.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', bad)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
