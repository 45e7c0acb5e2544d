import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { MOCK_HARD_LIMIT_USD, MOCK_TOTAL_USAGE_CENTS } from './models-and-billing.js';
import { mockEmbedding } from './openai-embeddings.js';
import { parseEventStream } from './parse-event-stream.js';
import { replyText } from './reply-content.js';

let upstream: MockUpstream;

beforeAll(async () => {
  upstream = await createMockUpstream();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
});

async function postJson<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

function audioForm(fields: Record<string, string>, bytes = 40_000): FormData {
  const form = new FormData();
  form.append('model', 'whisper-1');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), 'speech.mp3');
  return form;
}

describe('POST /v1/completions', () => {
  it('answers plain and streamed text completions', async () => {
    const plain = await postJson<Record<string, unknown>>('/v1/completions', {
      model: 'gpt-3.5-turbo-instruct',
      prompt: 'Say this is a test', // 18 characters
    });
    expect(plain.body).toEqual({
      id: 'cmpl-mock000001',
      object: 'text_completion',
      created: 1735689600,
      model: 'gpt-3.5-turbo-instruct',
      choices: [{ text: replyText(3), index: 0, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 },
    });

    const response = await fetch(`${upstream.url}/v1/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-3.5-turbo-instruct',
        prompt: 'Say this is a test',
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    const events = parseEventStream(await response.text());
    expect(events.at(-1)?.data).toBe('[DONE]');
    const chunks = events.slice(0, -1).map(
      (event) =>
        JSON.parse(event.data) as {
          choices: Array<{ text: string; finish_reason: string | null }>;
          usage: unknown;
        },
    );
    expect(chunks.map((chunk) => chunk.choices[0]?.text ?? '').join('')).toBe(replyText(3));
    expect(chunks.at(-2)?.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens: 6 } });
  });
});

describe('POST /v1/embeddings', () => {
  it('returns one deterministic vector per input with usage', async () => {
    const { body } = await postJson<{
      object: string;
      data: Array<{ object: string; index: number; embedding: number[] }>;
      usage: { prompt_tokens: number; total_tokens: number };
    }>('/v1/embeddings', { model: 'text-embedding-3-small', input: ['hello', 'world!'] });
    expect(body.object).toBe('list');
    expect(body.data.map((item) => item.index)).toEqual([0, 1]);
    expect(body.data[0].embedding).toEqual(mockEmbedding('hello', 8));
    expect(body.data[0].embedding).not.toEqual(body.data[1].embedding);
    expect(body.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
    const norm = Math.hypot(...body.data[0].embedding);
    expect(norm).toBeCloseTo(1, 4);
  });

  it('honours dimensions and base64 encoding', async () => {
    const { body } = await postJson<{ data: Array<{ embedding: string }> }>('/v1/embeddings', {
      model: 'text-embedding-3-small',
      input: 'hello',
      dimensions: 16,
      encoding_format: 'base64',
    });
    const bytes = Buffer.from(body.data[0].embedding, 'base64');
    const floats = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    expect(floats).toHaveLength(16);
    expect(floats[0]).toBeCloseTo(mockEmbedding('hello', 16)[0], 5);
  });
});

describe('GET /v1/models', () => {
  it('lists models in the OpenAI and the Anthropic shape', async () => {
    const openAi = (await (await fetch(`${upstream.url}/v1/models`)).json()) as {
      object: string;
      data: Array<{ id: string; object: string }>;
    };
    expect(openAi.object).toBe('list');
    expect(openAi.data[0]).toMatchObject({ id: 'gpt-4o-mini', object: 'model' });
    const anthropic = (await (
      await fetch(`${upstream.url}/v1/models`, { headers: { 'anthropic-version': '2023-06-01' } })
    ).json()) as { data: Array<{ type: string }>; has_more: boolean };
    expect(anthropic.has_more).toBe(false);
    expect(anthropic.data.every((model) => model.type === 'model')).toBe(true);
  });
});

describe('POST /v1/images/generations', () => {
  it('returns n image URLs that the mock serves, or b64_json', async () => {
    const urls = await postJson<{ data: Array<{ url: string }> }>('/v1/images/generations', {
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 2,
    });
    expect(urls.body.data).toHaveLength(2);
    const image = await fetch(urls.body.data[1].url);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const inline = await postJson<{
      data: Array<{ b64_json: string }>;
      usage: { output_tokens: number };
    }>('/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'a cat',
      response_format: 'b64_json',
    });
    expect(Buffer.from(inline.body.data[0].b64_json, 'base64').subarray(1, 4).toString()).toBe(
      'PNG',
    );
    expect(inline.body.usage.output_tokens).toBe(272);
  });
});

describe('audio', () => {
  it('POST /v1/audio/speech returns audio bytes', async () => {
    const response = await fetch(`${upstream.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'Hello', voice: 'alloy' }),
    });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(4096);
    expect(bytes.subarray(0, 3).toString()).toBe('ID3');
  });

  it('POST /v1/audio/transcriptions honours response_format', async () => {
    const post = (fields: Record<string, string>, path = '/v1/audio/transcriptions') =>
      fetch(`${upstream.url}${path}`, { method: 'POST', body: audioForm(fields) });

    expect(await (await post({})).json()).toEqual({
      text: replyText(3),
      usage: { type: 'duration', seconds: 3 },
    });
    const text = await post({ response_format: 'text' });
    expect(text.headers.get('content-type')).toContain('text/plain');
    expect(await text.text()).toBe(`${replyText(3)}\n`);
    const verbose = (await (await post({ response_format: 'verbose_json' })).json()) as Record<
      string,
      unknown
    >;
    expect(verbose).toMatchObject({ task: 'transcribe', duration: 3, text: replyText(3) });
    expect(await (await post({ response_format: 'srt' })).text()).toContain(
      '00:00:00,000 --> 00:00:03,000',
    );
    const translated = (await (
      await post({ response_format: 'verbose_json' }, '/v1/audio/translations')
    ).json()) as Record<string, unknown>;
    expect(translated.task).toBe('translate');
  });

  it('rejects a transcription without a file', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    const response = await fetch(`${upstream.url}/v1/audio/transcriptions`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(400);
  });
});

describe('POST /v1/moderations', () => {
  it('flags inputs that mention violence', async () => {
    const { body } = await postJson<{
      results: Array<{ flagged: boolean; categories: Record<string, boolean> }>;
    }>('/v1/moderations', { input: ['a nice day', 'graphic violence'] });
    expect(body.results.map((result) => result.flagged)).toEqual([false, true]);
    expect(body.results[1].categories.violence).toBe(true);
  });
});

describe('POST /v1/rerank', () => {
  it('ranks documents by shared words, honours top_n and reports usage', async () => {
    const { body } = await postJson<{
      results: Array<{ index: number; relevance_score: number; document?: { text: string } }>;
      usage: { total_tokens: number };
    }>('/v1/rerank', {
      model: 'jina-reranker-v2-base-multilingual',
      query: 'capital of France',
      documents: ['Berlin is in Germany', 'Paris is the capital of France', 'Lyon'],
      top_n: 2,
    });
    expect(body.results.map((result) => result.index)).toEqual([1, 0]);
    expect(body.results[0].relevance_score).toBeGreaterThan(body.results[1].relevance_score);
    expect(body.results[0].document).toEqual({ text: 'Paris is the capital of France' });
    expect(body.usage.total_tokens).toBe(Math.ceil((17 + 20 + 30 + 4) / 4));
  });
});

describe('billing', () => {
  it('reports a subscription and usage (balance 75 USD)', async () => {
    const subscription = (await (
      await fetch(`${upstream.url}/v1/dashboard/billing/subscription`)
    ).json()) as {
      hard_limit_usd: number;
      has_payment_method: boolean;
    };
    expect(subscription).toMatchObject({
      hard_limit_usd: MOCK_HARD_LIMIT_USD,
      has_payment_method: true,
    });
    const usage = (await (
      await fetch(
        `${upstream.url}/dashboard/billing/usage?start_date=2025-01-01&end_date=2025-01-31`,
      )
    ).json()) as { total_usage: number };
    expect(usage.total_usage).toBe(MOCK_TOTAL_USAGE_CENTS);
    expect(upstream.lastRequest()?.query).toEqual({
      start_date: '2025-01-01',
      end_date: '2025-01-31',
    });
  });
});
