import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { parseEventStream } from './parse-event-stream.js';
import { chunkText, replyText } from './reply-content.js';

let upstream: MockUpstream;

beforeAll(async () => {
  upstream = await createMockUpstream();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
});

function chatRequest(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  return fetch(`${upstream.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      ...extra,
    }),
  });
}

const STREAM = { stream: true, stream_options: { include_usage: true } };

function anthropicRequest(headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  return fetch(`${upstream.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: 'Hi' }],
      ...extra,
    }),
  });
}

/** Reads a body until the server ends or breaks it. */
async function readUntilEnd(response: Response): Promise<{ text: string; broken: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, broken: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, broken: true };
  }
}

describe('control headers over HTTP', () => {
  it('x-mock-latency-ms delays the response headers', async () => {
    const started = performance.now();
    const response = await chatRequest({ 'x-mock-latency-ms': '120' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(response.status).toBe(200);
  });

  it('x-mock-chunk-delay-ms spaces the content chunks', async () => {
    const started = performance.now();
    const response = await chatRequest({ 'x-mock-chunk-delay-ms': '40' }, STREAM);
    const headersAt = performance.now() - started;
    await response.text();
    const total = performance.now() - started;
    // The headers come first and the three delays follow them; measured relative to the headers so a
    // loaded machine (which only makes every step slower) cannot fail it.
    expect(total - headersAt).toBeGreaterThanOrEqual(3 * 40 - 10);
  });

  it('x-mock-chunks sets the number of content chunks and the completion tokens', async () => {
    const response = await chatRequest({ 'x-mock-chunks': '6' });
    const body = (await response.json()) as {
      choices: [{ message: { content: string } }];
      usage: { completion_tokens: number };
    };
    expect(body.choices[0].message.content).toBe(replyText(6));
    expect(body.usage.completion_tokens).toBe(12);
  });

  it('x-mock-status fails with an OpenAI-shaped error', async () => {
    const response = await chatRequest({ 'x-mock-status': '500' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        message: 'Mock upstream failure with status 500',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  });

  it('x-mock-close-after-chunks destroys the socket mid-stream', async () => {
    const response = await chatRequest(
      { 'x-mock-close-after-chunks': '2', 'x-mock-chunk-delay-ms': '5' },
      STREAM,
    );
    const { text, broken } = await readUntilEnd(response);
    expect(broken).toBe(true);
    const contents = parseEventStream(text).map(
      (event) => JSON.parse(event.data) as { choices: [{ delta: { content: string } }] },
    );
    expect(contents.map((chunk) => chunk.choices[0].delta.content)).toEqual([
      '',
      chunkText(0),
      chunkText(1),
    ]);
    expect(text).not.toContain('[DONE]');
  });

  it('x-mock-close-after-chunks without a delay and on a plain request', async () => {
    const streamed = await chatRequest({ 'x-mock-close-after-chunks': '1' }, STREAM);
    const { text, broken } = await readUntilEnd(streamed);
    expect(broken).toBe(true);
    expect(parseEventStream(text)).toHaveLength(2);
    await expect(chatRequest({ 'x-mock-close-after-chunks': '0' })).rejects.toThrow();
  });

  it('x-mock-omit-usage leaves usage out of plain and streamed answers', async () => {
    const plain = (await (await chatRequest({ 'x-mock-omit-usage': '1' })).json()) as Record<
      string,
      unknown
    >;
    expect('usage' in plain).toBe(false);
    const streamed = parseEventStream(
      await (await chatRequest({ 'x-mock-omit-usage': '1' }, STREAM)).text(),
    );
    expect(streamed.at(-1)?.data).toBe('[DONE]');
    expect(streamed.some((event) => event.data.includes('"usage":{'))).toBe(false);
    const anthropic = (await (
      await anthropicRequest({ 'x-mock-omit-usage': '1' })
    ).json()) as Record<string, unknown>;
    expect('usage' in anthropic).toBe(false);
  });

  it('x-mock-malformed returns invalid JSON or one invalid SSE data line', async () => {
    const plain = await chatRequest({ 'x-mock-malformed': '1' });
    expect(plain.status).toBe(200);
    await expect(plain.json()).rejects.toThrow();

    const events = parseEventStream(
      await (await chatRequest({ 'x-mock-malformed': '1' }, STREAM)).text(),
    );
    const invalid = events.filter((event) => {
      try {
        if (event.data !== '[DONE]') JSON.parse(event.data);
        return false;
      } catch {
        return true;
      }
    });
    expect(invalid).toHaveLength(1);
    expect(events.indexOf(invalid[0])).toBe(1);
    expect(events.at(-1)?.data).toBe('[DONE]');
  });

  it('x-mock-cached-tokens reports cached prompt tokens in both shapes', async () => {
    const openAi = (await (await chatRequest({ 'x-mock-cached-tokens': '3' })).json()) as {
      usage: { prompt_tokens_details: { cached_tokens: number } };
    };
    expect(openAi.usage.prompt_tokens_details.cached_tokens).toBe(3);
    const events = parseEventStream(
      await (await anthropicRequest({ 'x-mock-cached-tokens': '3' }, { stream: true })).text(),
    );
    const start = JSON.parse(events[0].data) as {
      message: { usage: { cache_read_input_tokens: number } };
    };
    const delta = JSON.parse(events.at(-2)!.data) as { usage: { cache_read_input_tokens: number } };
    expect(start.message.usage.cache_read_input_tokens).toBe(3);
    expect(delta.usage.cache_read_input_tokens).toBe(3);
  });

  it('x-mock-reasoning-tokens adds reasoning tokens to the completion tokens', async () => {
    const body = (await (await chatRequest({ 'x-mock-reasoning-tokens': '10' })).json()) as {
      usage: { completion_tokens: number; completion_tokens_details: { reasoning_tokens: number } };
    };
    expect(body.usage.completion_tokens).toBe(16);
    expect(body.usage.completion_tokens_details.reasoning_tokens).toBe(10);
  });

  it('x-mock-error-midstream sends an error event after N chunks and ends', async () => {
    const response = await chatRequest({ 'x-mock-error-midstream': '1' }, STREAM);
    const { text, broken } = await readUntilEnd(response);
    expect(broken).toBe(false);
    const events = parseEventStream(text);
    expect(events).toHaveLength(3);
    expect(JSON.parse(events[2].data)).toMatchObject({ error: { type: 'server_error' } });

    const anthropic = parseEventStream(
      await (await anthropicRequest({ 'x-mock-error-midstream': '2' }, { stream: true })).text(),
    );
    expect(anthropic.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'error',
    ]);
    expect(JSON.parse(anthropic.at(-1)!.data)).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
  });

  it('applies the same controls from a model suffix and answers with the bare model', async () => {
    const response = await fetch(`${upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mock@chunks=2,status=429',
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    expect(response.status).toBe(429);
    const ok = await fetch(`${upstream.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mock@chunks=2',
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    const body = (await ok.json()) as {
      model: string;
      choices: [{ message: { content: string } }];
    };
    expect(body.model).toBe('gpt-4o-mock');
    expect(body.choices[0].message.content).toBe(replyText(2));
  });
});
