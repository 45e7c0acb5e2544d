import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import {
  MOCK_OPENAI_VERSION,
  MOCK_ORGANIZATION,
  MOCK_PROCESSING_MS,
  MOCK_SET_COOKIE,
} from './route-context.js';

let upstream: MockUpstream;

beforeEach(async () => {
  upstream ??= await createMockUpstream();
  upstream.reset();
});

afterAll(async () => {
  await upstream.close();
});

function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${upstream.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('createMockUpstream', () => {
  it('listens on 127.0.0.1 with a free port by default', () => {
    expect(upstream.port).toBeGreaterThan(0);
    expect(upstream.url).toBe(`http://127.0.0.1:${upstream.port}`);
  });

  it('records method, path, query, headers and the parsed JSON body', async () => {
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] };
    await postJson('/v1/chat/completions?trace=1', body, { authorization: 'Bearer sk-test' });
    const recorded = upstream.lastRequest();
    expect(recorded).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: { trace: '1' },
      body,
    });
    expect(recorded?.headers.authorization).toBe('Bearer sk-test');
    expect(upstream.requests).toHaveLength(1);
  });

  it('records multipart bodies as their byte length plus fields and file sizes', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([new Uint8Array(1000)], { type: 'audio/mpeg' }), 'a.mp3');
    await fetch(`${upstream.url}/v1/audio/transcriptions`, { method: 'POST', body: form });
    const recorded = upstream.lastRequest();
    expect(typeof recorded?.body).toBe('number');
    expect(recorded?.body).toBeGreaterThan(1000);
    expect(recorded?.form).toEqual({
      fields: { model: 'whisper-1' },
      files: [{ field: 'file', filename: 'a.mp3', contentType: 'audio/mpeg', size: 1000 }],
    });
  });

  it('records a non-JSON body as raw text and answers a broken JSON body with 400', async () => {
    const response = await fetch(`${upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
    expect(upstream.lastRequest()?.body).toBe('{"model":');
  });

  it('keeps only the last 100 requests and forgets them on reset()', async () => {
    for (let index = 0; index < 105; index += 1) {
      await fetch(`${upstream.url}/v1/models?n=${index}`);
    }
    expect(upstream.requests).toHaveLength(100);
    expect(upstream.requests[0].query.n).toBe('5');
    expect(upstream.lastRequest()?.query.n).toBe('104');
    const requests = upstream.requests;
    upstream.reset();
    expect(requests).toHaveLength(0);
    expect(upstream.lastRequest()).toBeUndefined();
  });

  it('restarts deterministic ids on reset()', async () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'x' }] };
    const first = (await (await postJson('/v1/chat/completions', body)).json()) as { id: string };
    upstream.reset();
    const again = (await (await postJson('/v1/chat/completions', body)).json()) as { id: string };
    expect(first.id).toBe('chatcmpl-mock000001');
    expect(again.id).toBe(first.id);
  });

  it('answers unknown paths with an OpenAI-shaped 404', async () => {
    const response = await postJson('/v1/nothing-here', {});
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: 'Unknown request URL: POST /v1/nothing-here.',
        type: 'invalid_request_error',
        param: null,
        code: 'unknown_url',
      },
    });
  });

  it('accepts paths without /v1 and Azure deployment paths', async () => {
    const body = { messages: [{ role: 'user', content: 'x' }] };
    const plain = await postJson('/chat/completions', { model: 'm', ...body });
    expect(plain.status).toBe(200);
    const azure = await postJson(
      '/openai/deployments/my-gpt/chat/completions?api-version=2024-10-21',
      body,
    );
    expect(((await azure.json()) as { model: string }).model).toBe('my-gpt');
  });

  it('refuses the key sk-invalid with 401 in each provider shape', async () => {
    const openAi = await postJson(
      '/v1/chat/completions',
      { model: 'm', messages: [] },
      { authorization: 'Bearer sk-invalid' },
    );
    expect(openAi.status).toBe(401);
    expect(await openAi.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_api_key', param: null },
    });

    const anthropic = await postJson(
      '/v1/messages',
      { model: 'claude', max_tokens: 5, messages: [] },
      { 'x-api-key': 'sk-invalid' },
    );
    expect(anthropic.status).toBe(401);
    expect(await anthropic.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
  });

  it('sends a request id header per provider', async () => {
    const response = await fetch(`${upstream.url}/v1/models`);
    expect(response.headers.get('x-request-id')).toBe('req_mock000001');
  });

  it("sends OpenAI's and Anthropic's informational headers and their edge's cookie", async () => {
    const chat = { model: 'm', messages: [{ role: 'user', content: 'x' }] };
    const plain = await postJson('/v1/chat/completions', chat);
    const streamed = await postJson('/v1/chat/completions', { ...chat, stream: true });
    const failed = await postJson('/v1/chat/completions', chat, { 'x-mock-status': '503' });
    for (const response of [plain, streamed, failed]) {
      expect(response.headers.get('openai-version')).toBe(MOCK_OPENAI_VERSION);
      expect(response.headers.get('openai-organization')).toBe(MOCK_ORGANIZATION);
      expect(response.headers.get('openai-processing-ms')).toBe(MOCK_PROCESSING_MS);
      expect(response.headers.get('set-cookie')).toBe(MOCK_SET_COOKIE);
      await response.arrayBuffer();
    }
    const claude = await postJson('/v1/messages', { ...chat, max_tokens: 5, stream: true });
    expect(claude.headers.get('anthropic-organization-id')).toBe(MOCK_ORGANIZATION);
    expect(claude.headers.get('set-cookie')).toBe(MOCK_SET_COOKIE);
    expect(claude.headers.get('openai-version')).toBeNull();
    await claude.arrayBuffer();
  });
});

describe('close()', () => {
  it('ends pending streams and frees the port', async () => {
    const own = await createMockUpstream();
    const pending = fetch(`${own.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-chunk-delay-ms': '10000' },
      body: JSON.stringify({
        model: 'm',
        stream: true,
        messages: [{ role: 'user', content: 'x' }],
      }),
    }).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await own.close();
    await expect(pending).rejects.toThrow();
    const again = await createMockUpstream({ port: own.port });
    await again.close();
  });
});
