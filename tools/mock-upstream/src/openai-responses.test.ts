import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
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

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${upstream.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe('the Responses API of the mock', () => {
  it('answers a plain Response with usage, and keeps it for retrieval, listing and deletion', async () => {
    const created = await call('POST', '/v1/responses', {
      model: 'gpt-4o-mini@cached-tokens=1',
      instructions: 'Be brief',
      input: 'Hello there',
    });
    expect(created.status).toBe(200);
    const response = JSON.parse(created.text);
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'gpt-4o-mini',
      output: [{ type: 'message', content: [{ type: 'output_text', text: replyText(3) }] }],
      // "Be brief" + "Hello there" = 19 characters → 5 tokens.
      usage: { input_tokens: 5, output_tokens: 6, input_tokens_details: { cached_tokens: 1 } },
    });
    const retrieved = await call('GET', `/v1/responses/${response.id}`);
    expect(JSON.parse(retrieved.text).id).toBe(response.id);
    const items = JSON.parse((await call('GET', `/v1/responses/${response.id}/input_items`)).text);
    expect(items).toMatchObject({ object: 'list', data: [{ type: 'message', role: 'user' }] });
    const deleted = await call('DELETE', `/openai/v1/responses/${response.id}`);
    expect(JSON.parse(deleted.text)).toEqual({
      id: response.id,
      object: 'response.deleted',
      deleted: true,
    });
    expect((await call('GET', `/v1/responses/${response.id}`)).status).toBe(404);
  });

  it('streams named events with sequence numbers, and calls the first function tool', async () => {
    const streamed = await call('POST', '/v1/responses', {
      model: 'gpt-4o-mini',
      input: 'Weather?',
      stream: true,
      tools: [
        {
          type: 'function',
          name: 'weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
    });
    const events = parseEventStream(streamed.text).map((event) => {
      const data = JSON.parse(event.data);
      expect(event.event).toBe(data.type);
      return data;
    });
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
    const args = events
      .filter((event) => event.type === 'response.function_call_arguments.delta')
      .map((event) => event.delta)
      .join('');
    expect(args).toBe('{"city":"mock"}');
    expect(events[events.length - 1]).toMatchObject({
      type: 'response.completed',
      response: { output: [{ type: 'function_call', name: 'weather', arguments: args }] },
    });
  });

  it('refuses a request without input and an unknown previous response', async () => {
    expect((await call('POST', '/v1/responses', { model: 'm' })).status).toBe(400);
    const unknown = await call('POST', '/v1/responses', {
      model: 'm',
      input: 'x',
      previous_response_id: 'resp_nope',
    });
    expect(unknown.status).toBe(400);
  });
});
