import { describe, expect, it } from 'vitest';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();

/** Jina's rerank answer as its API sends it (usage is `total_tokens` only). */
const JINA_RERANK = {
  model: 'jina-reranker-v2-base-multilingual',
  usage: { total_tokens: 37 },
  results: [
    { index: 1, document: { text: 'rainy weather today' }, relevance_score: 0.912 },
    { index: 0, document: { text: 'sunny day' }, relevance_score: 0.104 },
  ],
};

describe('Jina (type 38)', () => {
  const jina = getAdaptor(38);
  const channel = makeChannel({ type: 38, baseUrl: '', key: 'jina_key' });

  it('serves rerank and embeddings only, at {base}/v1/…, bodies as sent', () => {
    expect(['rerank', 'embeddings'].every((mode) => jina.supports(mode as 'rerank'))).toBe(true);
    expect(jina.supports('chat')).toBe(false);
    const body = { model: 'jina-reranker-v2-base-multilingual', query: 'q', documents: ['a'] };
    const request = jina.buildRequest(
      makeCallInput({ mode: 'rerank', path: '/v1/rerank', channel, body }),
    );
    expect(request.url).toBe('https://api.jina.ai/v1/rerank');
    expect(request.headers.Authorization).toBe('Bearer jina_key');
    expect(JSON.parse(String(request.body))).toEqual(body);
    const embeddings = jina.buildRequest(
      makeCallInput({
        mode: 'embeddings',
        path: '/v1/embeddings',
        channel,
        body: { model: 'jina-embeddings-v3', input: ['x'], task: 'retrieval.query' },
      }),
    );
    expect(embeddings.url).toBe('https://api.jina.ai/v1/embeddings');
    expect(JSON.parse(String(embeddings.body))).toMatchObject({ task: 'retrieval.query' });
  });

  it("bills a rerank on Jina's total_tokens and answers the normalised usage", () => {
    const input = makeCallInput({ mode: 'rerank', path: '/v1/rerank', channel, body: {} });
    const answer = jina.passThroughAnswer!(
      input,
      Buffer.from(JSON.stringify(JINA_RERANK)),
      'application/json',
    );
    expect(answer.usage).toMatchObject({ promptTokens: 37, completionTokens: 0 });
    expect(JSON.parse(String(answer.body))).toEqual({
      ...JINA_RERANK,
      usage: { prompt_tokens: 37, total_tokens: 37 },
    });
    const withoutUsage = Buffer.from(JSON.stringify({ ...JINA_RERANK, usage: undefined }));
    const unbilled = jina.passThroughAnswer!(input, withoutUsage, 'application/json');
    expect(unbilled.usage).toBeUndefined();
    expect(unbilled.body).toBe(withoutUsage);
  });
});

describe('MokaAI (type 44)', () => {
  const moka = getAdaptor(44);
  const channel = makeChannel({ type: 44, baseUrl: 'https://api.moka.ai/', key: 'moka' });

  it('sends m3e embeddings to {base}/embeddings as {model, input: string[]}', () => {
    const request = moka.buildRequest(
      makeCallInput({
        mode: 'embeddings',
        path: '/v1/embeddings',
        channel,
        body: { model: 'm3e-base', input: 'hello', encoding_format: 'float', user: 'u1' },
      }),
    );
    expect(request.url).toBe('https://api.moka.ai/embeddings');
    expect(JSON.parse(String(request.body))).toEqual({ model: 'm3e-base', input: ['hello'] });
    const list = moka.buildRequest(
      makeCallInput({
        mode: 'embeddings',
        path: '/v1/embeddings',
        channel,
        body: { model: 'm3e-small', input: ['a', [1, 2], 'b'] },
      }),
    );
    expect(JSON.parse(String(list.body))).toEqual({ model: 'm3e-small', input: ['a', 'b'] });
  });

  it('refuses chat and every other mode locally', () => {
    for (const mode of ['chat', 'completions', 'rerank', 'images'] as const) {
      expect(moka.supports(mode)).toBe(false);
    }
    expect(() => moka.buildRequest(makeCallInput({ channel }))).toThrow(
      'chat requests are not supported by this channel type (44)',
    );
  });
});
