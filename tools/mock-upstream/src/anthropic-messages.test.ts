import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { parseEventStream } from './parse-event-stream.js';
import { MOCK_REASONING, MOCK_THINKING_SIGNATURE, replyText } from './reply-content.js';

let upstream: MockUpstream;

beforeAll(async () => {
  upstream = await createMockUpstream();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
});

const REQUEST = {
  model: 'claude-sonnet-4-5',
  max_tokens: 100,
  system: 'Be brief.', // 9 characters
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello!' }] }], // 10 characters
};
const INPUT_TOKENS = 5;

const WEATHER_TOOL = {
  name: 'get_weather',
  input_schema: { type: 'object', properties: { city: { type: 'string' } } },
};

function messages(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${upstream.url}/v1/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'anthropic-version': '2023-06-01',
      'x-api-key': 'sk-ant-test',
      ...headers,
    },
    body: JSON.stringify({ ...REQUEST, ...body }),
  });
}

/** The fields of Anthropic stream events these tests look at. */
interface StreamEventData {
  type: string;
  message?: { id: string; content: unknown[]; stop_reason: string | null; usage: object };
  content_block?: Record<string, unknown>;
  delta: { type?: string; text?: string; partial_json?: string; stop_reason?: string };
}

async function eventsOf(response: Response) {
  return parseEventStream(await response.text()).map((event) => ({
    event: event.event,
    data: JSON.parse(event.data) as StreamEventData,
  }));
}

describe('POST /v1/messages', () => {
  it('answers a plain request with text and usage including cache tokens', async () => {
    const response = await messages(
      {},
      { 'x-mock-cached-tokens': '7', 'x-mock-cache-creation-tokens': '3' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('request-id')).toBe('req_mock000001');
    expect(await response.json()).toEqual({
      model: 'claude-sonnet-4-5',
      id: 'msg_mock000001',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: replyText(3) }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: {
        input_tokens: INPUT_TOKENS,
        cache_creation_input_tokens: 3,
        cache_read_input_tokens: 7,
        cache_creation: { ephemeral_5m_input_tokens: 3, ephemeral_1h_input_tokens: 0 },
        output_tokens: 6,
        service_tier: 'standard',
      },
    });
  });

  it('streams events in the provider order', async () => {
    const response = await messages({ stream: true });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = await eventsOf(response);
    expect(events.map((event) => event.event)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    for (const event of events) expect(event.data.type).toBe(event.event);
    expect(events[0].data.message).toMatchObject({
      id: 'msg_mock000001',
      content: [],
      stop_reason: null,
    });
    expect(events[0].data.message?.usage).toMatchObject({
      input_tokens: INPUT_TOKENS,
      output_tokens: 1,
    });
    expect(events[1].data).toEqual({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
    const text = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => event.data.delta.text)
      .join('');
    expect(text).toBe(replyText(3));
    expect(events[7].data).toEqual({
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: {
        input_tokens: INPUT_TOKENS,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 6,
      },
    });
  });

  it('answers with a tool_use block when tools are given', async () => {
    const response = await messages({ tools: [WEATHER_TOOL] });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.stop_reason).toBe('tool_use');
    expect(body.content).toEqual([
      { type: 'tool_use', id: 'toolu_mock000002', name: 'get_weather', input: { city: 'mock' } },
    ]);
  });

  it('streams a tool_use block with input_json_delta pieces', async () => {
    const events = await eventsOf(await messages({ stream: true, tools: [WEATHER_TOOL] }));
    expect(events[1].data.content_block).toEqual({
      type: 'tool_use',
      id: 'toolu_mock000002',
      name: 'get_weather',
      input: {},
    });
    const json = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => {
        expect(event.data.delta.type).toBe('input_json_delta');
        return event.data.delta.partial_json;
      })
      .join('');
    expect(JSON.parse(json)).toEqual({ city: 'mock' });
    expect(events.find((event) => event.event === 'message_delta')?.data.delta.stop_reason).toBe(
      'tool_use',
    );
  });

  it('calls the tool with the MOCK_TOOL_INPUT object of the last user message', async () => {
    const chosen = { answer: 42, nested: { list: [1, 'two'] }, 'odd key': null };
    const anyObject = { name: 'json_response', input_schema: { type: 'object' } };
    const request = {
      tools: [anyObject],
      messages: [
        { role: 'user', content: 'MOCK_TOOL_INPUT {"ignored":true}' },
        { role: 'assistant', content: 'ok' },
        {
          role: 'user',
          content: [{ type: 'text', text: `MOCK_TOOL_INPUT ${JSON.stringify(chosen)}` }],
        },
      ],
    };
    const body = (await (await messages(request)).json()) as { content: Array<{ input: unknown }> };
    expect(body.content[0].input).toEqual(chosen);
    const events = await eventsOf(await messages({ ...request, stream: true }));
    const json = events
      .filter((event) => event.event === 'content_block_delta')
      .map((event) => event.data.delta.partial_json)
      .join('');
    expect(JSON.parse(json)).toEqual(chosen);
    // Without the marker the input fits the schema (no properties: an empty object).
    const plain = await messages({ tools: [anyObject] });
    expect(
      ((await plain.json()) as { content: Array<{ input: unknown }> }).content[0].input,
    ).toEqual({});
  });

  it('answers no tool under tool_choice none', async () => {
    const response = await messages({ tools: [WEATHER_TOOL], tool_choice: { type: 'none' } });
    expect(((await response.json()) as { stop_reason: string }).stop_reason).toBe('end_turn');
  });

  it('fails with Anthropic-shaped errors', async () => {
    const missing = await messages({ max_tokens: undefined });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'max_tokens: Field required' },
    });
    const overloaded = await messages({}, { 'x-mock-status': '529' });
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Mock upstream failure with status 529' },
    });
  });

  it('counts tokens at /v1/messages/count_tokens', async () => {
    const response = await fetch(`${upstream.url}/v1/messages/count_tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(REQUEST),
    });
    expect(await response.json()).toEqual({ input_tokens: INPUT_TOKENS });
  });
});

describe('the official Anthropic client', () => {
  const client = () =>
    new Anthropic({ baseURL: upstream.url, apiKey: 'sk-ant-test', maxRetries: 0 });

  it('reads a plain message and a streamed one', async () => {
    const message = await client().messages.create({
      model: 'claude-mock',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say hello!' }],
    });
    expect(message.content).toEqual([{ type: 'text', text: replyText(3) }]);
    expect(upstream.lastRequest()?.headers['x-api-key']).toBe('sk-ant-test');

    const stream = client().messages.stream({
      model: 'claude-mock@chunks=4',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Say hello!' }],
    });
    const final = await stream.finalMessage();
    expect(final.content).toMatchObject([{ type: 'text', text: replyText(4) }]);
    expect(final.usage.output_tokens).toBe(8);
    expect(final.model).toBe('claude-mock');
  });

  it('rebuilds a streamed tool call', async () => {
    const final = await client()
      .messages.stream({
        model: 'claude-mock',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Weather?' }],
        tools: [WEATHER_TOOL as Anthropic.Tool],
      })
      .finalMessage();
    expect(final.content[0]).toMatchObject({
      type: 'tool_use',
      name: 'get_weather',
      input: { city: 'mock' },
    });
  });

  it('surfaces the 401 for sk-invalid as an AuthenticationError', async () => {
    const bad = new Anthropic({ baseURL: upstream.url, apiKey: 'sk-invalid', maxRetries: 0 });
    await expect(
      bad.messages.create({
        model: 'c',
        max_tokens: 1,
        messages: [{ role: 'user', content: 'x' }],
      }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('thinks first when the request enables thinking, plain and streamed', async () => {
    const request = {
      model: 'claude-mock',
      max_tokens: 2048,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      messages: [{ role: 'user' as const, content: 'Think' }],
    };
    const expected = [
      { type: 'thinking', thinking: MOCK_REASONING, signature: MOCK_THINKING_SIGNATURE },
      { type: 'text', text: replyText(3) },
    ];
    const plain = await client().messages.create(request);
    expect(plain.content).toMatchObject(expected);
    const streamed = await client().messages.stream(request).finalMessage();
    expect(streamed.content).toMatchObject(expected);
    expect(streamed.usage.output_tokens).toBe(6);
  });
});
