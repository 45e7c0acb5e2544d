import { promptTokensForCharacters } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayFixture } from '../support/relay-fixture.js';
import { postJson, setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const JINA_RERANKER = 'jina-reranker-v2-base-multilingual';
const JINA_EMBEDDINGS = 'jina-embeddings-v3';
const M3E = 'm3e-base';

/**
 * Jina (type 38) and MokaAI (type 44) channels, OpenAI-compatible profiles, end to end against the
 * mock (bases `{mock}/jina` and `{mock}/moka`): Jina rerank billed on Jina's `total_tokens` and
 * answered in the normalised shape, Jina embeddings, MokaAI m3e embeddings at `{base}/embeddings`,
 * chat refused locally on both, and the console channel test.
 */
describe.each(appDatabaseKinds())('Jina and MokaAI channels on %s', (kind) => {
  let fixture: RelayFixture;
  let jinaId: number;
  let mokaId: number;

  const post = (path: string, body: unknown) => postJson(fixture, path, body);

  beforeAll(async () => {
    ({
      fixture,
      channelIds: [jinaId, mokaId],
    } = await setUpProviderChannels(kind, {
      ratios: { [JINA_RERANKER]: 2, [JINA_EMBEDDINGS]: 1, [M3E]: 1 },
      channels: ({ mock }) => [
        {
          name: 'jina',
          type: 38,
          key: 'jina_upstream_key',
          base_url: `${mock.url}/jina`,
          models: `${JINA_RERANKER},${JINA_EMBEDDINGS}`,
        },
        {
          name: 'moka',
          type: 44,
          key: 'moka-upstream-key',
          base_url: `${mock.url}/moka`,
          models: M3E,
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it("reranks on Jina's /v1/rerank, billed on Jina's total_tokens", async () => {
    const before = await fixture.userQuota();
    const request = {
      model: JINA_RERANKER,
      query: 'rainy weather',
      documents: ['sunny day', 'rainy weather today', 'snow'],
      top_n: 2,
      return_documents: true,
    };
    const response = await post('/v1/rerank', request);
    expect(response.status).toBe(200);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/jina/v1/rerank');
    expect(upstream.headers.authorization).toBe('Bearer jina_upstream_key');
    expect(upstream.body).toEqual(request);
    const tokens = promptTokensForCharacters('rainy weather'.length + 9 + 19 + 4);
    expect(response.body).toEqual({
      model: JINA_RERANKER,
      results: [
        {
          index: 1,
          relevance_score: expect.any(Number),
          document: { text: 'rainy weather today' },
        },
        { index: 0, relevance_score: expect.any(Number), document: { text: 'sunny day' } },
      ],
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.channel_id)).toBe(jinaId);
    expect(Number(log.prompt_tokens)).toBe(tokens);
    expect(before - (await fixture.userQuota())).toBe(tokens * 2);
  });

  it("serves Jina embeddings on /v1/embeddings with Jina's fields passed through", async () => {
    const before = await fixture.userQuota();
    const response = await post('/v1/embeddings', {
      model: JINA_EMBEDDINGS,
      input: ['sunny day'],
      task: 'retrieval.query',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(fixture.mock.lastRequest()!.path).toBe('/jina/v1/embeddings');
    expect(fixture.mock.lastRequest()!.body).toMatchObject({ task: 'retrieval.query' });
    expect(before - (await fixture.userQuota())).toBe(promptTokensForCharacters(9));
  });

  it('sends MokaAI embeddings to {base}/embeddings with the input as a list', async () => {
    const before = await fixture.userQuota();
    const embeddings = await fixture.client.embeddings.create({
      model: M3E,
      input: 'hello moka',
      encoding_format: 'float',
    });
    expect(embeddings.data).toHaveLength(1);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/moka/embeddings');
    expect(upstream.headers.authorization).toBe('Bearer moka-upstream-key');
    expect(upstream.body).toEqual({ model: M3E, input: ['hello moka'] });
    const tokens = promptTokensForCharacters('hello moka'.length);
    expect(embeddings.usage.prompt_tokens).toBe(tokens);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.channel_id)).toBe(mokaId);
    expect(before - (await fixture.userQuota())).toBe(tokens);
  });

  it('refuses chat on both types locally, saying the channel type does not serve it', async () => {
    for (const [model, type] of [
      [M3E, 44],
      [JINA_EMBEDDINGS, 38],
    ] as const) {
      const requests = fixture.mock.requests.length;
      const response = await post('/v1/chat/completions', {
        model,
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain(
        `chat requests are not supported by this channel type (${type})`,
      );
      expect(fixture.mock.requests.length).toBe(requests);
    }
  });

  it("shows Jina's own error message and disables a channel whose key Jina rejects", async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const options = fixture.harness.runtime.context.options;
    const ratios = JSON.parse(options.get('ModelRatio')) as Record<string, number>;
    await options.update('ModelRatio', JSON.stringify({ ...ratios, 'jina-denied': 1 }));
    const denied = await fixture.addChannel({
      name: 'jina-bad-key',
      type: 38,
      key: 'sk-invalid',
      base_url: `${fixture.mock.url}/jina`,
      models: 'jina-denied',
    });
    const response = await post('/v1/embeddings', { model: 'jina-denied', input: ['x'] });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toMatch(/^Incorrect API key provided/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });

  it('tests both channels through the console API', async () => {
    const jina = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${jinaId}?model=${JINA_EMBEDDINGS}`,
    );
    expect(jina.json()).toMatchObject({ success: true });
    expect(fixture.mock.lastRequest()!.path).toBe('/jina/v1/embeddings');
    // MokaAI channels are always tested on embeddings, with the channel's first model.
    const moka = await fixture.harness.call(fixture.root, 'GET', `/api/channel/test/${mokaId}`);
    expect(moka.json()).toMatchObject({ success: true });
    expect(fixture.mock.lastRequest()!.body).toEqual({ model: M3E, input: ['hello world'] });
  });
});
