import { MOCK_OPENAI_VERSION, MOCK_PROCESSING_MS, parseEventStream } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const CLAUDE = 'claude-3-5-haiku-20241022';

/**
 * The upstream answer's informational headers (`openai-*`, `anthropic-*`, request ids, rate
 * limits) reach the client on pass-through and converted answers, plain and streamed, and on the
 * error answered after the last retry; the upstream's cookie and framing headers never do. The
 * mock upstream sends `openai-version`, `openai-organization`, `openai-processing-ms` (OpenAI),
 * `anthropic-organization-id` (Anthropic) and a `set-cookie` with every answer.
 */
describe.each(appDatabaseKinds())('upstream informational headers on %s', (kind) => {
  let fixture: RelayFixture;

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await fixture.addChannel({ name: 'anthropic', type: 14, models: CLAUDE });
    await fixture.controlledModel('fails-503', 'status=503');
    await fixture.priceModels({ [CLAUDE]: 0.4 });
    // One retry: the client gets the second attempt's failure.
    await fixture.harness.runtime.context.options.update('RetryTimes', '1');
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  function post(path: string, body: Record<string, unknown>) {
    return fetch(`${fixture.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${fixture.apiKey}`,
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify(body),
    });
  }

  const chat = (model: string, stream: boolean) => ({
    model,
    stream,
    max_tokens: 50,
    messages: [{ role: 'user', content: 'Hello' }],
  });

  /** OpenAI's informational headers, the upstream's request id, and no cookie. */
  function expectOpenAiHeaders(headers: Headers) {
    expect(headers.get('openai-version')).toBe(MOCK_OPENAI_VERSION);
    // The operator's upstream account is not passed on.
    expect(headers.get('openai-organization')).toBeNull();
    expect(headers.get('openai-processing-ms')).toBe(MOCK_PROCESSING_MS);
    expect(headers.get('x-request-id')).toMatch(/^req_mock/);
    expect(headers.get('set-cookie')).toBeNull();
    expect(headers.get('x-oneapi-request-id')).toBeTruthy();
  }

  it('passes them on an OpenAI channel answering an OpenAI client, plain and streamed', async () => {
    for (const stream of [false, true]) {
      const response = await post('/v1/chat/completions', chat('gpt-4o-mini', stream));
      expect(response.status).toBe(200);
      expectOpenAiHeaders(response.headers);
      const text = await response.text();
      if (stream) expect(text).toContain('data: [DONE]');
      else expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    }
  });

  it('passes them on an answer converted for a Claude client, plain and streamed', async () => {
    for (const stream of [false, true]) {
      const response = await post('/v1/messages', chat('gpt-4o-mini', stream));
      expect(response.status).toBe(200);
      expectOpenAiHeaders(response.headers);
      const text = await response.text();
      if (stream) expect(parseEventStream(text).at(-1)?.event).toBe('message_stop');
      else expect(JSON.parse(text).type).toBe('message');
    }
  });

  it("passes Anthropic's on a Claude channel's pass-through answer, plain and streamed", async () => {
    for (const stream of [false, true]) {
      const response = await post('/v1/messages', chat(CLAUDE, stream));
      expect(response.status).toBe(200);
      expect(response.headers.get('anthropic-organization-id')).toBeNull();
      expect(response.headers.get('request-id')).toMatch(/^req_mock/);
      expect(response.headers.get('set-cookie')).toBeNull();
      await response.text();
    }
  });

  it('passes them on the error answered after the last retry, in both client formats', async () => {
    for (const path of ['/v1/chat/completions', '/v1/messages']) {
      const before = fixture.mock.requests.length;
      const response = await post(path, chat('fails-503', false));
      expect(response.status).toBe(503);
      expect(fixture.mock.requests.length - before).toBe(2);
      expectOpenAiHeaders(response.headers);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      await response.json();
    }
  });
});
