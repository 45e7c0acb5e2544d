import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** A body no other test sends: every test starts with an empty cache for its requests. */
let serial = 0;
const uniqueText = () => `cache me ${Date.now()}-${(serial += 1)}`;

const chatBody = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content }],
  ...extra,
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

describe.each(appDatabaseKinds())('the exact response cache on %s', (kind) => {
  let fixture: RelayFixture;

  async function post(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    apiKey = fixture.apiKey,
  ): Promise<Answer> {
    const response = await fetch(`${fixture.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  const chat = (body: unknown, headers?: Record<string, string>, apiKey?: string) =>
    post('/v1/chat/completions', body, headers, apiKey);

  async function setOption(key: string, value: string) {
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key,
      value,
    });
    expect(response.json()).toMatchObject({ success: true });
  }
  const useRules = (rules: unknown[]) => setOption('ResponseCacheRules', JSON.stringify(rules));

  /** Runs `call`; returns its result, the quota it took from the user and its one log row. */
  async function charged<T>(call: () => Promise<T>) {
    const logsBefore = (await fixture.consumeLogs()).length;
    const before = await fixture.userQuota();
    const result = await call();
    const logs = await fixture.consumeLogs();
    expect(logs.length - logsBefore).toBe(1);
    const log = logs[logs.length - 1];
    return { result, spent: before - (await fixture.userQuota()), log };
  }

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await setOption('ResponseCacheEnabled', 'true');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('answers a repeated plain call from the cache, byte for byte, free under charge_ratio 0', async () => {
    await useRules([{ models: ['gpt-4o-mini'], ttl_seconds: 300 }]);
    fixture.mock.reset();
    const body = chatBody(uniqueText());
    const miss = await charged(() => chat(body));
    expect(miss.result.status).toBe(200);
    expect(miss.result.headers.get('x-tollgate-cache')).toBe('miss');
    const originalQuota = Number(miss.log.quota);
    expect(originalQuota).toBeGreaterThan(0);

    const hit = await charged(() => chat(body));
    expect(hit.result.status).toBe(200);
    expect(hit.result.headers.get('x-tollgate-cache')).toBe('hit');
    expect(hit.result.headers.get('content-type')).toBe(miss.result.headers.get('content-type'));
    expect(hit.result.text).toBe(miss.result.text);
    expect(fixture.mock.requests).toHaveLength(1);

    expect(hit.spent).toBe(0);
    expect(Number(hit.log.quota)).toBe(0);
    expect(hit.log.model_name).toBe('gpt-4o-mini');
    expect(Number(hit.log.channel_id)).toBe(0);
    expect(Number(hit.log.prompt_tokens)).toBe(Number(miss.log.prompt_tokens));
    expect(Number(hit.log.completion_tokens)).toBe(Number(miss.log.completion_tokens));
    const other = JSON.parse(String(hit.log.other));
    expect(other.cache_hit).toBe(true);
    expect(other.cache_saved_quota).toBe(originalQuota);
    expect(JSON.parse(String(miss.log.other)).cache_hit).toBeUndefined();
  });

  it('replays a stream as the same bytes, charged charge_ratio × the original quota', async () => {
    await useRules([{ models: ['gpt-4o-mini'], charge_ratio: 0.5 }]);
    fixture.mock.reset();
    const body = chatBody(uniqueText(), {
      stream: true,
      stream_options: { include_usage: true },
    });
    const miss = await charged(() => chat(body));
    expect(miss.result.headers.get('x-tollgate-cache')).toBe('miss');
    expect(miss.result.text).toContain('data: [DONE]');
    const originalQuota = Number(miss.log.quota);

    const hit = await charged(() => chat(body));
    expect(hit.result.headers.get('x-tollgate-cache')).toBe('hit');
    expect(hit.result.headers.get('content-type')).toBe('text/event-stream');
    expect(hit.result.text).toBe(miss.result.text);
    expect(fixture.mock.requests).toHaveLength(1);

    const expected = Math.round(originalQuota * 0.5);
    expect(hit.spent).toBe(expected);
    expect(Number(hit.log.quota)).toBe(expected);
    expect(hit.log.is_stream === true || Number(hit.log.is_stream) === 1).toBe(true);
    const other = JSON.parse(String(hit.log.other));
    expect(other).toMatchObject({ cache_hit: true, cache_saved_quota: originalQuota - expected });

    // The plain form of the same request is another entry.
    const plain = await chat({ ...body, stream: false });
    expect(plain.headers.get('x-tollgate-cache')).toBe('miss');
    expect(fixture.mock.requests).toHaveLength(2);
  });

  it('keeps a sampled call (temperature 0.7) out unless the rule or the client allows it', async () => {
    await useRules([{ models: ['gpt-4o-mini'] }]);
    fixture.mock.reset();
    const body = chatBody(uniqueText(), { temperature: 0.7 });
    const first = await chat(body);
    const second = await chat(body);
    expect(first.headers.get('x-tollgate-cache')).toBeNull();
    expect(second.headers.get('x-tollgate-cache')).toBeNull();
    expect(fixture.mock.requests).toHaveLength(2);

    // The client asks for it: cached.
    const forced = await chat(body, { 'x-tollgate-cache': 'on' });
    const forcedAgain = await chat(body, { 'x-tollgate-cache': 'on' });
    expect(forced.headers.get('x-tollgate-cache')).toBe('miss');
    expect(forcedAgain.headers.get('x-tollgate-cache')).toBe('hit');
    expect(forcedAgain.text).toBe(forced.text);
    expect(fixture.mock.requests).toHaveLength(3);

    // The rule allows it: cached without the header.
    await useRules([{ models: ['gpt-4o-mini'], allow_temperature: true }]);
    const other = chatBody(uniqueText(), { temperature: 0.7 });
    await chat(other);
    expect((await chat(other)).headers.get('x-tollgate-cache')).toBe('hit');
    expect(fixture.mock.requests).toHaveLength(4);
    // n > 1 never is.
    const several = chatBody(uniqueText(), { n: 2 });
    await chat(several);
    expect((await chat(several)).headers.get('x-tollgate-cache')).toBeNull();
    expect(fixture.mock.requests).toHaveLength(6);
  });

  it('honours x-tollgate-cache: off and Cache-Control no-store and no-cache', async () => {
    await useRules([{}]);
    fixture.mock.reset();
    const body = chatBody(uniqueText());
    const stored = await chat(body);
    expect(stored.headers.get('x-tollgate-cache')).toBe('miss');
    expect(fixture.mock.requests).toHaveLength(1);

    // `off` and `no-store` neither read nor write.
    const off = await chat(body, { 'x-tollgate-cache': 'off' });
    expect(off.headers.get('x-tollgate-cache')).toBeNull();
    const noStore = await chat(body, { 'cache-control': 'no-store' });
    expect(noStore.headers.get('x-tollgate-cache')).toBeNull();
    expect(fixture.mock.requests).toHaveLength(3);
    expect((await chat(body)).text).toBe(stored.text);

    // `no-cache` skips the read, and its fresh answer replaces the stored one.
    const fresh = await chat(body, { 'cache-control': 'no-cache' });
    expect(fresh.headers.get('x-tollgate-cache')).toBe('miss');
    expect(fresh.text).not.toBe(stored.text);
    expect(fixture.mock.requests).toHaveLength(4);
    const after = await chat(body);
    expect(after.headers.get('x-tollgate-cache')).toBe('hit');
    expect(after.text).toBe(fresh.text);

    // Nothing was stored for a call that asked for no-store.
    const unstored = chatBody(uniqueText());
    await chat(unstored, { 'cache-control': 'no-store' });
    expect((await chat(unstored)).headers.get('x-tollgate-cache')).toBe('miss');
    expect(fixture.mock.requests).toHaveLength(6);
  });

  it('keys by the model asked for and the group, and matches rules on both and the token', async () => {
    await useRules([{ models: ['gpt-4o-mini', 'gpt-4o'] }]);
    await fixture.addChannel({ name: 'vip-channel', group: 'vip' });
    const vip = await fixture.addToken({ name: 'vip-token', group: 'vip' });
    fixture.mock.reset();
    const content = uniqueText();
    await chat(chatBody(content));
    const otherModel = await chat({ ...chatBody(content), model: 'gpt-4o' });
    expect(otherModel.headers.get('x-tollgate-cache')).toBe('miss');
    const otherGroup = await chat(chatBody(content), {}, vip.apiKey);
    expect(otherGroup.headers.get('x-tollgate-cache')).toBe('miss');
    expect(fixture.mock.requests).toHaveLength(3);
    expect((await chat(chatBody(content), {}, vip.apiKey)).headers.get('x-tollgate-cache')).toBe(
      'hit',
    );

    // A rule for another group, or another token, leaves the call alone.
    await useRules([{ groups: ['vip'] }, { token_ids: [vip.id] }]);
    expect((await chat(chatBody(content))).headers.get('x-tollgate-cache')).toBeNull();
    expect((await chat(chatBody(content), {}, vip.apiKey)).headers.get('x-tollgate-cache')).toBe(
      'hit',
    );
    await useRules([{ token_ids: [vip.id] }]);
    expect((await chat(chatBody(content))).headers.get('x-tollgate-cache')).toBeNull();
    expect((await chat(chatBody(content), {}, vip.apiKey)).headers.get('x-tollgate-cache')).toBe(
      'hit',
    );
    expect(fixture.mock.requests).toHaveLength(5);
  });

  it('caches Claude Messages, Gemini streams and embeddings calls too', async () => {
    await useRules([{}]);
    fixture.mock.reset();
    const messages = {
      model: 'gpt-4o-mini',
      max_tokens: 50,
      messages: [{ role: 'user', content: uniqueText() }],
    };
    const claudeMiss = await post('/v1/messages', messages);
    const claudeHit = await post('/v1/messages', messages);
    expect(claudeMiss.status).toBe(200);
    expect(claudeHit.headers.get('x-tollgate-cache')).toBe('hit');
    expect(claudeHit.text).toBe(claudeMiss.text);

    const embedding = { model: 'text-embedding-3-small', input: uniqueText() };
    const embeddingMiss = await post('/v1/embeddings', embedding);
    const embeddingHit = await post('/v1/embeddings', embedding);
    expect(embeddingMiss.status).toBe(200);
    expect(embeddingHit.headers.get('x-tollgate-cache')).toBe('hit');
    expect(embeddingHit.text).toBe(embeddingMiss.text);

    const gemini = { contents: [{ role: 'user', parts: [{ text: uniqueText() }] }] };
    const geminiPath = '/v1beta/models/gpt-4o-mini:streamGenerateContent?alt=sse';
    const geminiMiss = await post(geminiPath, gemini, { 'x-goog-api-key': fixture.apiKey });
    const geminiHit = await post(geminiPath, gemini, { 'x-goog-api-key': fixture.apiKey });
    expect(geminiMiss.status).toBe(200);
    expect(geminiHit.headers.get('x-tollgate-cache')).toBe('hit');
    expect(geminiHit.text).toBe(geminiMiss.text);
    expect(fixture.mock.requests).toHaveLength(3);
  });

  it('stores neither a broken stream nor a failed call', async () => {
    await fixture.controlledModel('cache-broken', 'close-after-chunks=2');
    await fixture.controlledModel('cache-failing', 'status=500');
    await useRules([{ models: ['cache-broken', 'cache-failing'] }]);
    fixture.mock.reset();
    const broken = { ...chatBody(uniqueText(), { stream: true }), model: 'cache-broken' };
    expect((await chat(broken)).headers.get('x-tollgate-cache')).toBe('miss');
    expect((await chat(broken)).headers.get('x-tollgate-cache')).toBe('miss');
    const failing = { ...chatBody(uniqueText()), model: 'cache-failing' };
    expect((await chat(failing)).status).toBe(500);
    const again = await chat(failing);
    expect(again.status).toBe(500);
    expect(again.headers.get('x-tollgate-cache')).toBe('miss');
    expect(fixture.mock.requests).toHaveLength(4);
  });

  it('does nothing while the cache is off', async () => {
    await useRules([{}]);
    await setOption('ResponseCacheEnabled', 'false');
    try {
      fixture.mock.reset();
      const body = chatBody(uniqueText());
      expect((await chat(body)).headers.get('x-tollgate-cache')).toBeNull();
      expect((await chat(body)).headers.get('x-tollgate-cache')).toBeNull();
      expect(fixture.mock.requests).toHaveLength(2);
    } finally {
      await setOption('ResponseCacheEnabled', 'true');
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('TEST_REDIS_URL is not set: the response cache persistence test is skipped');
}

describe.skipIf(!redisUrl)('the response cache in Redis', () => {
  it('answers from the cache after a restart of the server', async () => {
    const body = chatBody(uniqueText(), { stream: true });
    const start = async () => {
      const fixture = await createRelayFixture('sqlite', { REDIS_CONN_STRING: redisUrl! });
      for (const [key, value] of [
        ['ResponseCacheEnabled', 'true'],
        ['ResponseCacheRules', JSON.stringify([{ models: ['gpt-4o-mini'] }])],
      ]) {
        await fixture.harness.call(fixture.root, 'PUT', '/api/option/', { key, value });
      }
      return fixture;
    };
    const send = async (fixture: RelayFixture) => {
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { cache: response.headers.get('x-tollgate-cache'), text: await response.text() };
    };

    const first = await start();
    let stored;
    try {
      stored = await send(first);
      expect(stored.cache).toBe('miss');
    } finally {
      await first.close();
    }
    const second = await start();
    try {
      const replayed = await send(second);
      expect(replayed.cache).toBe('hit');
      expect(replayed.text).toBe(stored.text);
      expect(second.mock.requests).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});
