import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RelayCallInput, RelayMode } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';
import { SseParser } from '../sse-parser.js';
import { openAiChunks, relayToOpenAiClient } from '../__fixtures__/relay-to-openai-client.js';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';

const adaptor = createProviderRegistry({ cohere: { safetyMode: 'CONTEXTUAL' } }).getAdaptor(34);
const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

function call(mode: RelayMode, body: Record<string, unknown>, stream = false): RelayCallInput {
  return makeCallInput({
    mode,
    stream,
    upstreamModel: 'command-a-03-2025',
    body: { model: 'command-a-03-2025', ...body },
    channel: makeChannel({ type: 34, key: 'co-key', baseUrl: '' }),
  });
}

/** Cohere's SSE (`event:` named after each event's type) for recorded event lines. */
function sseBody(name: string): Buffer {
  return Buffer.from(
    fixtureLines(fixture(name).toString('utf8'))
      .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
      .join(''),
  );
}

/** Reading a stream once per byte position is quadratic: allow for a loaded machine. */
const SPLIT_TEST_TIMEOUT_MS = 60_000;

interface Chunk {
  choices: {
    delta: {
      content?: string;
      reasoning_content?: string;
      tool_calls?: {
        index: number;
        id?: string;
        function: { name?: string; arguments?: string };
      }[];
    };
    finish_reason: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

function relay(pieces: Buffer[]) {
  const output = relayToOpenAiClient(
    adaptor,
    { ...call('chat', {}, true), clientWantsUsage: true },
    pieces,
  );
  const chunks = openAiChunks<Chunk>(output);
  let content = '';
  let reasoning = '';
  const calls: { id: string; name: string; arguments: string }[] = [];
  let finish: string | null = null;
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      content += choice.delta.content ?? '';
      reasoning += choice.delta.reasoning_content ?? '';
      for (const toolCall of choice.delta.tool_calls ?? []) {
        calls[toolCall.index] ??= { id: '', name: '', arguments: '' };
        const target = calls[toolCall.index]!;
        if (toolCall.id) target.id = toolCall.id;
        if (toolCall.function.name) target.name = toolCall.function.name;
        target.arguments += toolCall.function.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
  }
  return { content, reasoning, calls, finish, usage: chunks.at(-1)?.usage };
}

/** The deltas, finish reasons and usage the reader makes of `pieces`. */
function readEvents(pieces: Buffer[]): string {
  const parser = new SseParser();
  const reader = adaptor.createStreamReader(call('chat', {}, true));
  const seen: unknown[] = [];
  const take = (events: ReturnType<typeof parser.push>) => {
    for (const event of events) {
      for (const internal of reader.read(event)) {
        if (internal.type === 'chunk') seen.push((internal.chunk.choices as unknown[])[0]);
      }
    }
  };
  for (const piece of pieces) take(parser.push(piece));
  take(parser.flush());
  seen.push(reader.usage);
  return JSON.stringify(seen);
}

/** Relays the body whole; read cut at every byte, it must give the same events. */
function relayAtEverySplit(body: Buffer) {
  const whole = readEvents([body]);
  for (let cut = 1; cut < body.length; cut += 1) {
    const split = readEvents([body.subarray(0, cut), body.subarray(cut)]);
    if (split !== whole) expect(split).toBe(whole);
  }
  return relay([body]);
}

describe('CohereAdaptor requests', () => {
  it('converts a chat call to chat v2 with the safety mode and renamed sampling fields', () => {
    const request = adaptor.buildRequest(
      call('chat', {
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
        ],
        tools: [
          { type: 'function', function: { name: 'weather', parameters: { type: 'object' } } },
        ],
        tool_choice: 'required',
        top_p: 0.5,
        stop: ['END'],
        max_tokens: 20,
      }),
    ) as { url: string; headers: Record<string, string>; body: string };
    expect(request.url).toBe('https://api.cohere.ai/v2/chat');
    expect(request.headers.Authorization).toBe('Bearer co-key');
    expect(JSON.parse(request.body)).toEqual({
      model: 'command-a-03-2025',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
        {
          role: 'assistant',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      ],
      max_tokens: 20,
      p: 0.5,
      stop_sequences: ['END'],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }],
      tool_choice: 'REQUIRED',
      safety_mode: 'CONTEXTUAL',
    });
  });

  it('sends no safety_mode when COHERE_SAFETY_SETTING is NONE (the default)', () => {
    const plain = createProviderRegistry().getAdaptor(34);
    const request = plain.buildRequest(call('chat', { messages: [] })) as { body: string };
    expect(JSON.parse(request.body)).not.toHaveProperty('safety_mode');
  });

  it('converts embeddings and rerank calls', () => {
    const embed = adaptor.buildRequest(call('embeddings', { input: 'hello', dimensions: 256 })) as {
      url: string;
      body: string;
    };
    expect(embed.url).toBe('https://api.cohere.ai/v2/embed');
    expect(JSON.parse(embed.body)).toEqual({
      model: 'command-a-03-2025',
      texts: ['hello'],
      input_type: 'search_document',
      embedding_types: ['float'],
      output_dimension: 256,
    });
    const rerank = adaptor.buildRequest(
      call('rerank', { query: 'q', documents: ['a', { text: 'b' }], top_n: 1 }),
    ) as { url: string; body: string };
    expect(rerank.url).toBe('https://api.cohere.ai/v2/rerank');
    expect(JSON.parse(rerank.body)).toEqual({
      model: 'command-a-03-2025',
      query: 'q',
      documents: ['a', 'b'],
      top_n: 1,
    });
    expect(adaptor.supports('images')).toBe(false);
  });
});

describe('CohereAdaptor answers (recorded answers)', () => {
  it('reads a text answer, billed on billed units', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('cohere-text.json'), '');
    const choice = (
      answer.completion.choices as { message: { content: string }; finish_reason: string }[]
    )[0]!;
    expect(choice.message.content).toBe('The capital of France is Paris.');
    expect(choice.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ promptTokens: 12, completionTokens: 7 });
  });

  it('reads tool calls, with the tool plan as reasoning and null arguments as {}', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('cohere-null-args.json'), '');
    const choice = (answer.completion.choices as Record<string, unknown>[])[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message).toMatchObject({
      content: null,
      reasoning_content: 'I will use the currentTime tool to find the current time.',
      tool_calls: [
        {
          id: 'currentTime_tf4dywn8wgnk',
          type: 'function',
          function: { name: 'currentTime', arguments: '{}' },
        },
      ],
    });
  });

  it('reads thinking parts as reasoning', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('cohere-reasoning.json'), '');
    const message = (answer.completion.choices as { message: Record<string, unknown> }[])[0]!
      .message;
    expect(String(message.reasoning_content).length).toBeGreaterThan(0);
    expect(String(message.content).length).toBeGreaterThan(0);
  });

  it('reads embeddings (floats, or base64 when asked) with billed input tokens', () => {
    const answer = adaptor.readAnswer(
      call('embeddings', { input: ['a', 'b'] }),
      fixture('cohere-embedding.json'),
      '',
    );
    expect(answer.completion).toMatchObject({
      object: 'list',
      data: [
        {
          object: 'embedding',
          index: 0,
          embedding: [0.03302002, 0.020904541, -0.019744873, -0.0625, 0.04437256],
        },
        { object: 'embedding', index: 1 },
      ],
      usage: { prompt_tokens: 10, total_tokens: 10 },
    });
    expect(answer.usage?.promptTokens).toBe(10);
    const base64 = adaptor.readAnswer(
      call('embeddings', { input: ['a', 'b'], encoding_format: 'base64' }),
      fixture('cohere-embedding.json'),
      '',
    );
    const encoded = (base64.completion.data as { embedding: string }[])[0]!.embedding;
    expect(Buffer.from(encoded, 'base64').readFloatLE(12)).toBe(-0.0625);
  });

  it('reads a rerank answer, filling documents from the request when asked', () => {
    const answer = adaptor.readAnswer(
      call('rerank', { query: 'q', documents: ['sunny', 'rainy'], return_documents: true }),
      fixture('cohere-reranking.1.json'),
      '',
    );
    expect(answer.completion.results).toEqual([
      { index: 1, relevance_score: 0.10183054, document: { text: 'rainy' } },
      { index: 0, relevance_score: 0.03762639, document: { text: 'sunny' } },
    ]);
    expect(answer.usage).toBeUndefined();
  });

  it('reads Cohere error bodies; a 401 rejects the key', () => {
    const error = adaptor.parseError(401, Buffer.from('{"id":"x","message":"invalid api token"}'));
    expect(error).toMatchObject({ status: 401, message: 'invalid api token' });
    expect(adaptor.classifyError(error).credentialRejected).toBe(true);
    const limited = adaptor.parseError(429, Buffer.from('{"message":"You are using a Trial key"}'));
    expect(adaptor.classifyError(limited)).toEqual({ retryable: true, credentialRejected: false });
  });
});

describe('Cohere chat streams (recorded, at every split point)', () => {
  it('relays text with billed usage', { timeout: SPLIT_TEST_TIMEOUT_MS }, () => {
    const result = relayAtEverySplit(sseBody('cohere-text.chunks.txt'));
    expect(result.content).toBe('The capital of France is Paris.');
    expect(result.finish).toBe('stop');
    expect(result.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 7 });
  });

  it('relays the tool plan and the tool calls', { timeout: SPLIT_TEST_TIMEOUT_MS }, () => {
    const result = relayAtEverySplit(sseBody('cohere-tool-call.chunks.txt'));
    expect(result.reasoning).toContain('I will use the weather tool');
    expect(result.calls[0]).toEqual({
      id: 'weather_e8p4pn45zt0t',
      name: 'weather',
      arguments: '{"location": "San Francisco"}',
    });
    expect(result.calls.length).toBeGreaterThanOrEqual(2);
    expect(result.finish).toBe('tool_calls');
  });

  it('relays thinking as reasoning_content', () => {
    const result = relay([sseBody('cohere-reasoning.chunks.txt')]);
    expect(result.reasoning.length).toBeGreaterThan(0);
    expect(result.content.length).toBeGreaterThan(0);
  });
});
