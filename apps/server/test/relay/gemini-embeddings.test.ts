import { GoogleGenAI } from '@google/genai';
import { mockEmbedding, promptTokensForCharacters } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTextTokens } from '../../src/billing/index.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** Whole ratios, so a call's quota is exactly its prompt tokens times the ratio. */
const RATIO = 2;

/**
 * Gemini's embedding API (`embedContent`, `batchEmbedContents`) from its own SDK: passed through
 * to a Gemini channel, converted to `/v1/embeddings` for an OpenAI channel, billed as embeddings.
 */
describe.each(appDatabaseKinds())('Gemini embeddings on %s', { timeout: 30_000 }, (kind) => {
  let fixture: RelayFixture;
  let geminiChannel: number;
  let ai: GoogleGenAI;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [geminiChannel],
    } = await setUpProviderChannels(kind, {
      ratios: {
        'text-embedding-3-small': RATIO,
        'text-embedding-004': RATIO,
        'gemini-embed-alias': RATIO,
      },
      channels: [
        {
          name: 'gemini',
          type: 24,
          key: 'AIza-upstream',
          models: 'text-embedding-004,gemini-embed-alias',
          model_mapping: JSON.stringify({ 'gemini-embed-alias': 'text-embedding-004' }),
        },
      ],
    }));
    ai = new GoogleGenAI({
      apiKey: fixture.apiKey,
      httpOptions: { baseUrl: fixture.url, retryOptions: { attempts: 1 } },
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** Runs a call; checks it was charged once, as an embeddings call of `promptTokens`. */
  async function billedEmbedding<T>(promptTokens: number, call: () => Promise<T>) {
    const { result, log } = await fixture.billed(call);
    expect(Number(log.prompt_tokens)).toBe(promptTokens);
    expect(Number(log.completion_tokens)).toBe(0);
    expect(Number(log.quota)).toBe(promptTokens * RATIO);
    expect(JSON.parse(String(log.other)).inbound_format).toBe('gemini');
    return { result, log };
  }

  const post = (path: string, body: unknown) =>
    fetch(`${fixture.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': fixture.apiKey },
      body: JSON.stringify(body),
    });

  it('converts embedContent to /v1/embeddings on an OpenAI channel and the answer back', async () => {
    const { result, log } = await billedEmbedding(promptTokensForCharacters(6), () =>
      ai.models.embedContent({
        model: 'text-embedding-3-small',
        contents: ['one', 'two'],
        config: { outputDimensionality: 4 },
      }),
    );
    expect(result.embeddings?.map((embedding) => embedding.values)).toEqual([
      mockEmbedding('one', 4),
      mockEmbedding('two', 4),
    ]);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1/embeddings');
    expect(upstream.query).toEqual({});
    expect(upstream.body).toEqual({
      model: 'text-embedding-3-small',
      input: ['one', 'two'],
      dimensions: 4,
    });
    expect(log).toMatchObject({
      model_name: 'text-embedding-3-small',
      channel_id: fixture.channelId,
    });
  });

  it('passes batchEmbedContents through to a Gemini channel, billed from the counted input', async () => {
    const { result, log } = await billedEmbedding(
      countTextTokens('text-embedding-004', 'one\ntwo'),
      () =>
        ai.models.embedContent({
          model: 'text-embedding-004',
          contents: ['one', 'two'],
          config: { taskType: 'RETRIEVAL_DOCUMENT' },
        }),
    );
    expect(result.embeddings?.map((embedding) => embedding.values)).toEqual([
      mockEmbedding('one', 8),
      mockEmbedding('two', 8),
    ]);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(upstream.headers['x-goog-api-key']).toBe('AIza-upstream');
    expect(upstream.body).toEqual({
      requests: ['one', 'two'].map((text) => ({
        content: { parts: [{ text }], role: 'user' },
        taskType: 'RETRIEVAL_DOCUMENT',
        model: 'models/text-embedding-004',
      })),
    });
    expect(log).toMatchObject({ model_name: 'text-embedding-004', channel_id: geminiChannel });
  });

  it('serves /v1 as well, and a mapped model names the upstream model in every request', async () => {
    const v1 = new GoogleGenAI({
      apiKey: fixture.apiKey,
      httpOptions: { baseUrl: fixture.url, apiVersion: 'v1', retryOptions: { attempts: 1 } },
    });
    const result = await v1.models.embedContent({
      model: 'gemini-embed-alias',
      contents: ['mapped'],
    });
    expect(result.embeddings?.[0]?.values).toEqual(mockEmbedding('mapped', 8));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1beta/models/text-embedding-004:batchEmbedContents');
    expect((upstream.body as { requests: Array<{ model: string }> }).requests[0].model).toBe(
      'models/text-embedding-004',
    );
    const logs = await fixture.consumeLogs();
    expect(logs[logs.length - 1].model_name).toBe('gemini-embed-alias');
  });

  it('answers embedContent as {embedding:{values}} on both kinds of channel', async () => {
    for (const [model, upstreamPath] of [
      ['text-embedding-3-small', '/v1/embeddings'],
      ['text-embedding-004', '/v1beta/models/text-embedding-004:embedContent'],
    ]) {
      const { result } = await billedEmbedding(
        model === 'text-embedding-004'
          ? countTextTokens(model, 'first\nsecond')
          : promptTokensForCharacters('first\nsecond'.length),
        async () => {
          const response = await post(`/v1beta/models/${model}:embedContent`, {
            content: { parts: [{ text: 'first' }, { text: 'second' }] },
            taskType: 'SEMANTIC_SIMILARITY',
          });
          expect(response.status).toBe(200);
          if (model === 'text-embedding-3-small') {
            // What the OpenAI call could not carry is named.
            expect(response.headers.get('x-tollgate-dropped-fields')).toBe('taskType');
          }
          return (await response.json()) as { embedding: { values: number[] } };
        },
      );
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe(upstreamPath);
      // Gemini embeds a content's parts as one text; the OpenAI call gets them joined.
      const expected =
        model === 'text-embedding-004'
          ? mockEmbedding('firstsecond', 8)
          : mockEmbedding('first\nsecond', 8);
      expect(result).toEqual({ embedding: { values: expected } });
    }
  });

  it("refuses a malformed request in Google's shape, charging nothing", async () => {
    const before = await fixture.userQuota();
    for (const [method, body] of [
      ['batchEmbedContents', { requests: [] }],
      ['batchEmbedContents', {}],
      ['embedContent', { content: { parts: [] } }],
      ['embedContent', { content: { parts: [{ text: 'x' }] }, outputDimensionality: 'big' }],
    ] as const) {
      const response = await post(`/v1beta/models/text-embedding-3-small:${method}`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { status: string } }).error.status).toBe(
        'INVALID_ARGUMENT',
      );
    }
    expect(await fixture.userQuota()).toBe(before);
  });
});
