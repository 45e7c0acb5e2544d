import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';
import { parseEventStream } from './parse-event-stream.js';
import { MOCK_REASONING, replyText } from './reply-content.js';

let upstream: MockUpstream;

beforeAll(async () => {
  upstream = await createMockUpstream();
});
beforeEach(() => upstream.reset());
afterAll(async () => {
  await upstream.close();
});

const MESSAGES = [
  { role: 'system', content: 'Be brief.' }, // 9 characters
  { role: 'user', content: [{ type: 'text', text: 'Say hello!' }] }, // 10 characters
];
const PROMPT_TOKENS = 5; // ceil(19 / 4)

const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
      },
      required: ['city'],
    },
  },
};

async function chat(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return fetch(`${upstream.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: MESSAGES, ...body }),
  });
}

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: Array<{
    delta: {
      role?: string;
      content?: string | null;
      tool_calls?: Array<{
        index: number;
        id?: string;
        function: { name?: string; arguments: string };
      }>;
    };
    finish_reason: string | null;
  }>;
  usage?: Record<string, unknown> | null;
}

async function chunksOf(response: Response): Promise<{ chunks: Chunk[]; done: boolean }> {
  const events = parseEventStream(await response.text());
  const done = events.at(-1)?.data === '[DONE]';
  const chunks = events
    .filter((event) => event.data !== '[DONE]')
    .map((event) => JSON.parse(event.data) as Chunk);
  return { chunks, done };
}

describe('POST /v1/chat/completions', () => {
  it('answers a plain request with the deterministic reply and full usage', async () => {
    const response = await chat({});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      id: 'chatcmpl-mock000001',
      object: 'chat.completion',
      created: 1735689600,
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Hello from the mock upstream this',
            refusal: null,
            annotations: [],
          },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: PROMPT_TOKENS,
        completion_tokens: 6,
        total_tokens: PROMPT_TOKENS + 6,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_mock',
    });
  });

  it('streams deltas that add up to the plain content, without usage unless asked', async () => {
    const response = await chat({ stream: true });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const { chunks, done } = await chunksOf(response);
    expect(done).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(replyText(3));
    expect(chunks).toHaveLength(1 + 3 + 1);
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('stop');
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(new Set(chunks.map((chunk) => chunk.id))).toEqual(new Set(['chatcmpl-mock000001']));
    expect(chunks[0].object).toBe('chat.completion.chunk');
  });

  it('ends with an empty-choices usage chunk under stream_options.include_usage', async () => {
    const response = await chat({ stream: true, stream_options: { include_usage: true } });
    const { chunks, done } = await chunksOf(response);
    expect(done).toBe(true);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({
      prompt_tokens: PROMPT_TOKENS,
      completion_tokens: 6,
      total_tokens: PROMPT_TOKENS + 6,
    });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('calls the first tool with deterministic arguments', async () => {
    const response = await chat({
      tools: [WEATHER_TOOL, { ...WEATHER_TOOL, function: { name: 'other' } }],
    });
    const body = (await response.json()) as {
      choices: Array<{ message: Record<string, unknown>; finish_reason: string }>;
    };
    expect(body.choices[0].finish_reason).toBe('tool_calls');
    expect(body.choices[0].message).toMatchObject({
      role: 'assistant',
      content: null,
      tool_calls: [
        {
          id: 'call_mock000002',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"mock","unit":"celsius","days":1}' },
        },
      ],
    });
  });

  it('calls the tool that tool_choice names, and none under tool_choice "none"', async () => {
    const other = { type: 'function', function: { name: 'other', parameters: { type: 'object' } } };
    const named = await chat({
      tools: [WEATHER_TOOL, other],
      tool_choice: { type: 'function', function: { name: 'other' } },
    });
    const namedBody = (await named.json()) as {
      choices: Array<{
        message: { tool_calls: Array<{ function: { name: string; arguments: string } }> };
      }>;
    };
    expect(namedBody.choices[0].message.tool_calls[0].function).toEqual({
      name: 'other',
      arguments: '{}',
    });

    const none = await chat({ tools: [WEATHER_TOOL], tool_choice: 'none' });
    const noneBody = (await none.json()) as { choices: Array<{ message: { content: string } }> };
    expect(noneBody.choices[0].message.content).toBe(replyText(3));
  });

  it('streams a tool call as tool_calls deltas', async () => {
    const response = await chat({ stream: true, tools: [WEATHER_TOOL] }, { 'x-mock-chunks': '4' });
    const { chunks } = await chunksOf(response);
    const first = chunks[0].choices[0].delta.tool_calls?.[0];
    expect(first).toMatchObject({
      index: 0,
      id: 'call_mock000002',
      function: { name: 'get_weather', arguments: '' },
    });
    const pieces = chunks
      .slice(1, -1)
      .map((chunk) => chunk.choices[0].delta.tool_calls?.[0].function.arguments);
    expect(pieces).toHaveLength(4);
    expect(pieces.join('')).toBe('{"city":"mock","unit":"celsius","days":1}');
    expect(chunks.at(-1)?.choices[0].finish_reason).toBe('tool_calls');
  });

  it('rejects a request without messages', async () => {
    const response = await chat({ messages: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { param: 'messages', type: 'invalid_request_error' },
    });
  });
});

describe('the official openai client', () => {
  const client = () =>
    new OpenAI({ baseURL: `${upstream.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });

  it('reads a plain completion', async () => {
    const completion = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Say hello!' }],
    });
    expect(completion.choices[0].message.content).toBe(replyText(3));
    expect(completion.usage?.completion_tokens).toBe(6);
    expect(upstream.lastRequest()?.headers.authorization).toBe('Bearer sk-test');
  });

  it('reasons under reasoning_effort, plain and streamed', async () => {
    const request = {
      model: 'o4-mini',
      reasoning_effort: 'low' as const,
      messages: [{ role: 'user' as const, content: 'Think' }],
    };
    const plain = await client().chat.completions.create(request);
    const message = plain.choices[0].message as unknown as Record<string, unknown>;
    expect(message.reasoning_content).toBe(MOCK_REASONING);
    expect(message.content).toBe(replyText(3));
    const stream = await client().chat.completions.create({ ...request, stream: true });
    let reasoning = '';
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as Record<string, unknown> | undefined;
      reasoning += (delta?.reasoning_content as string | undefined) ?? '';
      text += delta?.content ?? '';
    }
    expect(reasoning).toBe(MOCK_REASONING);
    expect(text).toBe(replyText(3));
  });

  it('reads a stream with usage and tool calls', async () => {
    const stream = await client().chat.completions.create({
      model: 'gpt-4o-mini@chunks=5',
      messages: [{ role: 'user', content: 'Say hello!' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(replyText(5));
    expect(usage?.completion_tokens).toBe(10);

    const runner = client().chat.completions.stream({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [WEATHER_TOOL as OpenAI.ChatCompletionTool],
    });
    const final = await runner.finalChatCompletion();
    const call = final.choices[0].message.tool_calls?.[0];
    expect(call?.type === 'function' ? JSON.parse(call.function.arguments) : undefined).toEqual({
      city: 'mock',
      unit: 'celsius',
      days: 1,
    });
  });

  it('surfaces x-mock-status as an APIError with the provider body', async () => {
    const failing = client().chat.completions.create(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] },
      { headers: { 'x-mock-status': '429' } },
    );
    await expect(failing).rejects.toMatchObject({
      status: 429,
      code: 'rate_limit_exceeded',
      type: 'requests',
    });
  });

  it('decodes base64 embeddings (the client asks for base64 by default)', async () => {
    const result = await client().embeddings.create({
      model: 'text-embedding-3-small',
      input: ['one', 'two'],
    });
    expect(result.data).toHaveLength(2);
    expect(result.data[0].embedding).toHaveLength(8);
    expect(result.usage.prompt_tokens).toBe(2);
  });
});
