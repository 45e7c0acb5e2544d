import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_CLOUDFLARE_ACCOUNT_ID } from './cloudflare-workers-ai.js';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { replyText } from './reply-content.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
});

const RUN = `/client/v4/accounts/${MOCK_CLOUDFLARE_ACCOUNT_ID}/ai/run`;
const LLAMA = '@cf/meta/llama-3.1-8b-instruct';

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { authorization: 'Bearer token' },
) {
  const response = await fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('mock Cloudflare Workers AI', () => {
  it('wraps a text generation in the envelope, with usage', async () => {
    const answer = await post(`${RUN}/${LLAMA}`, { prompt: 'Hello' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      result: {
        response: replyText(3),
        usage: { prompt_tokens: 2, completion_tokens: 6, total_tokens: 8 },
      },
      success: true,
      errors: [],
      messages: [],
    });
  });

  it('streams `data: {"response"}` events, usage last, then [DONE]', async () => {
    const answer = await post(`${RUN}/${LLAMA}`, { prompt: 'Hello', stream: true });
    const events = answer.text.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse(events.at(-2)!.slice(6))).toMatchObject({ response: '', usage: {} });
    const text = events
      .slice(0, -2)
      .map((event) => (JSON.parse(event.slice(6)) as { response: string }).response)
      .join('');
    expect(text).toBe(replyText(3));
  });

  it('refuses a missing token, a refused token and a malformed account id in the envelope', async () => {
    const missing = await post(`${RUN}/${LLAMA}`, { prompt: 'x' }, {});
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.text)).toMatchObject({ success: false, errors: [{ code: 10000 }] });
    const refused = await post(
      `${RUN}/${LLAMA}`,
      { prompt: 'x' },
      { authorization: 'Bearer sk-invalid' },
    );
    expect(JSON.parse(refused.text).errors[0]).toEqual({
      code: 10000,
      message: 'Authentication error',
    });
    const account = await post(`/client/v4/accounts/nope/ai/run/${LLAMA}`, { prompt: 'x' });
    expect(account.status).toBe(400);
    expect(JSON.parse(account.text).errors[0].code).toBe(7003);
  });

  it('transcribes raw audio with Whisper and base64 audio with the turbo model', async () => {
    const raw = await post(`${RUN}/@cf/openai/whisper`, Buffer.alloc(32_000, 7), {
      authorization: 'Bearer token',
      'content-type': 'application/octet-stream',
    });
    const result = JSON.parse(raw.text).result;
    expect(result.text).toBe(replyText(3));
    expect(result.words.at(-1).end).toBe(2);
    const turbo = await post(`${RUN}/@cf/openai/whisper-large-v3-turbo`, {
      audio: Buffer.alloc(16_000, 7).toString('base64'),
    });
    expect(JSON.parse(turbo.text).result.transcription_info.duration).toBe(1);
    const json = await post(`${RUN}/@cf/openai/whisper`, { audio: [1, 2] });
    expect(json.status).toBe(400);
  });
});

describe('mock Jina and MokaAI', () => {
  it("answers Jina's rerank with total_tokens only and errors as {detail}", async () => {
    const answer = await post('/jina/v1/rerank', {
      model: 'jina-reranker-v2-base-multilingual',
      query: 'fox',
      documents: ['a dog', 'a fox'],
      top_n: 1,
    });
    expect(JSON.parse(answer.text)).toEqual({
      model: 'jina-reranker-v2-base-multilingual',
      results: [{ index: 1, relevance_score: expect.any(Number), document: { text: 'a fox' } }],
      usage: { total_tokens: 4 },
    });
    const unauthenticated = await post('/jina/v1/rerank', { query: 'q' }, {});
    expect(unauthenticated.status).toBe(401);
    expect(JSON.parse(unauthenticated.text)).toHaveProperty('detail');
  });

  it('serves MokaAI m3e embeddings for a list input only', async () => {
    const ok = await post('/moka/embeddings', { model: 'm3e-base', input: ['hi'] });
    expect(JSON.parse(ok.text).data).toHaveLength(1);
    expect((await post('/moka/embeddings', { model: 'm3e-base', input: 'hi' })).status).toBe(400);
    expect((await post('/moka/embeddings', { model: 'bge', input: ['hi'] })).status).toBe(404);
  });
});
