import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  anthropicSseBody,
  fixtureLines,
  makeCallInput,
  makeChannel,
  openAiSseBody,
} from '../../../providers/__fixtures__/relay-call-input.js';
import type { RelayCallInput } from '../../../providers/provider-adaptor.js';
import { createProviderRegistry } from '../../../providers/registry.js';
import { SseParser } from '../../../providers/sse-parser.js';
import type { Usage } from '../../../providers/usage.js';
import { answerForClient, streamForClient } from '../client-side.js';
import { messagesFormat } from './messages-format.js';

const { getAdaptor } = createProviderRegistry();
const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
const anthropicFixture = (name: string) =>
  readFileSync(
    new URL(`../../../providers/anthropic/__fixtures__/${name}`, import.meta.url),
    'utf8',
  );

const toolCallStream = openAiSseBody(fixtureLines(fixture('deepseek-tool-call.chunks.txt')));
const reasoningStream = openAiSseBody(fixtureLines(fixture('deepseek-reasoning.chunks.txt')));

function openAiInput(overrides: Partial<RelayCallInput> = {}): RelayCallInput {
  return makeCallInput({ stream: true, upstreamModel: 'deepseek-reasoner', ...overrides });
}

/** Feeds an SSE body to a fresh converter in the given pieces; returns all it wrote. */
function run(input: RelayCallInput, type: number, pieces: (string | Buffer)[]) {
  const converter = streamForClient(messagesFormat, getAdaptor(type), input);
  const parser = new SseParser();
  let output = '';
  for (const piece of pieces) {
    for (const event of parser.push(piece)) output += converter.onEvent(event);
  }
  for (const event of parser.flush()) output += converter.onEvent(event);
  const usage: Usage = converter.usage ?? {
    promptTokens: 0,
    completionTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    reasoningTokens: 0,
  };
  output += converter.finish({ clean: true, usage });
  return { output, converter };
}

interface ClaudeEvent {
  event: string;
  data: Record<string, unknown> & { type: string };
}

function events(output: string): ClaudeEvent[] {
  return output
    .split('\n\n')
    .filter((frame) => frame !== '')
    .map((frame) => {
      const [eventLine, dataLine, ...rest] = frame.split('\n');
      expect(rest).toEqual([]);
      expect(eventLine.startsWith('event: ')).toBe(true);
      expect(dataLine.startsWith('data: ')).toBe(true);
      const data = JSON.parse(dataLine.slice(6));
      expect(data.type).toBe(eventLine.slice(7));
      return { event: eventLine.slice(7), data };
    });
}

/**
 * Checks the Messages API's event grammar (message_start, then blocks each opened, filled and
 * closed in index order, then message_delta and message_stop) and assembles the message as a
 * client would.
 */
function assemble(list: ClaudeEvent[]) {
  expect(list[0].event).toBe('message_start');
  expect(list.at(-1)!.event).toBe('message_stop');
  expect(list.at(-2)!.event).toBe('message_delta');
  const blocks: Record<string, unknown>[] = [];
  const json: string[] = [];
  let open: number | undefined;
  for (const { event, data } of list.slice(1, -2)) {
    const index = data.index as number;
    if (event === 'content_block_start') {
      expect(open).toBeUndefined();
      expect(index).toBe(blocks.length);
      open = index;
      blocks.push({ ...(data.content_block as object) });
      json.push('');
    } else if (event === 'content_block_delta') {
      expect(index).toBe(open);
      const delta = data.delta as Record<string, string>;
      const block = blocks[index];
      if (delta.type === 'text_delta') block.text += delta.text;
      else if (delta.type === 'thinking_delta') block.thinking += delta.thinking;
      else if (delta.type === 'input_json_delta') json[index] += delta.partial_json;
      else throw new Error(`unexpected delta ${delta.type}`);
    } else {
      expect(event).toBe('content_block_stop');
      expect(index).toBe(open);
      open = undefined;
    }
  }
  expect(open).toBeUndefined();
  blocks.forEach((block, index) => {
    if (block.type === 'tool_use') block.input = JSON.parse(json[index] || '{}');
  });
  const final = list.at(-2)!.data as unknown as {
    delta: { stop_reason: string };
    usage: Record<string, number>;
  };
  return { start: list[0].data.message as Record<string, unknown>, blocks, final };
}

describe('the Claude stream written from an OpenAI-style upstream', () => {
  it('writes reasoning as a thinking block and a tool call as tool_use (recorded DeepSeek stream)', () => {
    const { output, converter } = run(openAiInput(), 1, [toolCallStream]);
    const expected = JSON.parse(fixture('deepseek-tool-call.json'));
    const { start, blocks, final } = assemble(events(output));
    expect(start).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'deepseek-reasoner',
      content: [],
      stop_reason: null,
    });
    expect(blocks.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
    expect(String(blocks[0].thinking)).toMatch(/^The user is asking for the weather/);
    expect(blocks[1]).toMatchObject({
      type: 'tool_use',
      id: expect.stringMatching(/^call_/),
      name: 'weather',
      input: JSON.parse(expected.choices[0].message.tool_calls[0].function.arguments),
    });
    expect(final.delta).toEqual({ stop_reason: 'tool_use', stop_sequence: null });
    // 339 prompt tokens of which 320 cache reads: Claude reports them apart.
    expect(final.usage).toEqual({
      input_tokens: 19,
      output_tokens: 83,
      cache_read_input_tokens: 320,
      cache_creation_input_tokens: 0,
    });
    expect(converter.usage).toMatchObject({ promptTokens: 339, cachedTokens: 320 });
  });

  it('writes reasoning then text, ending with end_turn', () => {
    const { output } = run(openAiInput(), 1, [reasoningStream]);
    const { blocks, final } = assemble(events(output));
    // What the recorded chunks carry, joined.
    const deltas = fixtureLines(fixture('deepseek-reasoning.chunks.txt')).map(
      (line) => JSON.parse(line).choices[0]?.delta ?? {},
    );
    const joined = (field: string) => deltas.map((delta) => delta[field] ?? '').join('');
    expect(blocks).toEqual([
      { type: 'thinking', thinking: joined('reasoning_content'), signature: '' },
      { type: 'text', text: joined('content') },
    ]);
    expect(final.delta.stop_reason).toBe('end_turn');
    expect(final.usage.output_tokens).toBe(219);
  });

  it('writes the same events at every split point of the recorded stream', () => {
    const body = Buffer.from(toolCallStream, 'utf8');
    const whole = run(openAiInput(), 1, [body]).output;
    // Ids are derived from upstream's, so every run writes the same bytes.
    for (let split = 0; split <= body.length; split += 1) {
      const { output } = run(openAiInput(), 1, [body.subarray(0, split), body.subarray(split)]);
      if (output !== whole) expect(output, `split at byte ${split}`).toBe(whole);
    }
  }, 60_000);

  it('writes the same events whether the reasoning stream comes whole, by event or by line', () => {
    const whole = run(openAiInput(), 1, [reasoningStream]).output;
    const frames = reasoningStream.split(/(?<=\n\n)/);
    expect(run(openAiInput(), 1, frames).output).toBe(whole);
    expect(run(openAiInput(), 1, reasoningStream.split(/(?<=\n)/)).output).toBe(whole);
  });

  it('writes nothing closing on a broken stream, and an error event for an upstream error', () => {
    const converter = streamForClient(messagesFormat, getAdaptor(1), openAiInput());
    const parser = new SseParser();
    let output = '';
    for (const event of parser.push(toolCallStream.slice(0, 2000)))
      output += converter.onEvent(event);
    const usage = converter.usage!;
    expect(converter.finish({ clean: false, usage: usage ?? ({} as Usage) })).toBe('');
    expect(output).not.toContain('message_stop');

    const failing = streamForClient(messagesFormat, getAdaptor(1), openAiInput());
    const error = failing.onEvent({
      event: '',
      data: '{"error":{"message":"overloaded","type":"server_error","code":"x"}}',
    });
    expect(events(error)).toEqual([
      {
        event: 'error',
        data: { type: 'error', error: { type: 'api_error', message: 'overloaded' } },
      },
    ]);
    expect(failing.upstreamError).toBeDefined();
    expect(failing.onEvent({ event: '', data: '{"choices":[]}' })).toBe('');
    expect(failing.finish({ clean: true, usage: usage })).toBe('');
  });

  it("reports the relay's prompt estimate in message_start and the exact usage in message_delta", () => {
    const { output } = run(openAiInput({ promptTokensEstimate: 42 }), 1, [toolCallStream]);
    const { start, final } = assemble(events(output));
    // Upstream counts the prompt only in its last chunk: message_start has the estimate.
    expect(start.usage).toEqual({
      input_tokens: 42,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    expect(final.usage).toMatchObject({ input_tokens: 19, cache_read_input_tokens: 320 });
  });

  it("reports upstream's own prompt count in message_start when its first chunk has it", () => {
    const first = {
      id: 'chatcmpl-1',
      model: 'm',
      choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }],
      usage: { prompt_tokens: 30, completion_tokens: 1, total_tokens: 31 },
    };
    const stream = openAiSseBody([JSON.stringify(first)]);
    const { output } = run(openAiInput({ promptTokensEstimate: 42 }), 1, [stream]);
    const { start } = assemble(events(output));
    expect(start.usage).toMatchObject({ input_tokens: 30, output_tokens: 1 });
  });

  it('still closes a message that carried no chunk at all', () => {
    const { output } = run(openAiInput(), 1, ['data: [DONE]\n\n']);
    expect(events(output).map((event) => event.event)).toEqual([
      'message_start',
      'message_delta',
      'message_stop',
    ]);
  });
});

describe('the Claude answer written from an OpenAI-style upstream', () => {
  it('converts a recorded answer with reasoning and a tool call', () => {
    const input = openAiInput({ stream: false });
    const body = Buffer.from(fixture('deepseek-tool-call.json'));
    const converted = answerForClient(
      messagesFormat,
      getAdaptor(1),
      input,
      body,
      'application/json',
    );
    const message = JSON.parse(String(converted.body));
    expect(message).toEqual({
      id: 'msg_7a630f5b-b7e6-4878-82f8-d77db164d42b',
      type: 'message',
      role: 'assistant',
      model: 'deepseek-reasoner',
      content: [
        { type: 'thinking', thinking: expect.stringMatching(/^The user is asking/), signature: '' },
        {
          type: 'tool_use',
          id: 'call_00_9V0vrf86Pc9aelHCJMZqnJBo',
          name: 'weather',
          input: { location: 'San Francisco' },
        },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: {
        input_tokens: 19,
        output_tokens: 92,
        cache_read_input_tokens: 320,
        cache_creation_input_tokens: 0,
      },
    });
    expect(converted.usage).toMatchObject({ promptTokens: 339, completionTokens: 92 });
  });

  it('converts a recorded answer with reasoning and text, and maps length to max_tokens', () => {
    const input = openAiInput({ stream: false });
    const recorded = JSON.parse(fixture('deepseek-reasoning.json'));
    const converted = answerForClient(
      messagesFormat,
      getAdaptor(1),
      input,
      Buffer.from(JSON.stringify(recorded)),
      'application/json',
    );
    const message = JSON.parse(String(converted.body));
    expect(message.content.map((block: { type: string }) => block.type)).toEqual([
      'thinking',
      'text',
    ]);
    expect(message.content[1].text).toBe(recorded.choices[0].message.content);
    expect(message.stop_reason).toBe('end_turn');
    recorded.choices[0].finish_reason = 'length';
    const cut = answerForClient(
      messagesFormat,
      getAdaptor(1),
      input,
      Buffer.from(JSON.stringify(recorded)),
      'application/json',
    );
    expect(JSON.parse(String(cut.body)).stop_reason).toBe('max_tokens');
  });
});

describe('a Claude channel for a Claude client (pass-through)', () => {
  const claudeInput = (overrides: Partial<RelayCallInput> = {}) =>
    makeCallInput({
      stream: true,
      upstreamModel: 'claude-sonnet-4-5',
      channel: makeChannel({ type: 14 }),
      ...overrides,
    });

  it.each([
    'anthropic-text.chunks.txt',
    'anthropic-clear-thinking.1.chunks.txt',
    'anthropic-json-tool.2.chunks.txt',
    'anthropic-code-execution-20260120-prompt-cache.1.chunks.txt',
  ])(
    'relays %s byte for byte at every split point, reading usage',
    (name) => {
      const body = Buffer.from(anthropicSseBody(fixtureLines(anthropicFixture(name))), 'utf8');
      const whole = run(claudeInput(), 14, [body]);
      expect(whole.output).toBe(body.toString('utf8'));
      expect(whole.converter.usage?.completionTokens).toBeGreaterThan(0);
      for (let split = 0; split <= body.length; split += 1) {
        const { output } = run(claudeInput(), 14, [body.subarray(0, split), body.subarray(split)]);
        if (output !== whole.output) expect(output, `split at byte ${split}`).toBe(whole.output);
      }
    },
    30_000,
  );

  it('relays a complete answer untouched, with its usage', () => {
    const body = Buffer.from(anthropicFixture('anthropic-json-tool.1.json'));
    const converted = answerForClient(
      messagesFormat,
      getAdaptor(14),
      claudeInput(),
      body,
      'application/json',
    );
    expect(converted.body).toBe(body);
    const usage = JSON.parse(body.toString()).usage;
    expect(converted.usage?.completionTokens).toBe(usage.output_tokens);
  });

  it('sends the client’s bytes, or its fields with the mapped model, default max_tokens and the -thinking adapter', () => {
    const adaptor = getAdaptor(14);
    const client = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [],
      metadata: { user_id: 'u' },
      future: 1,
    };
    const rawBody = Buffer.from(JSON.stringify(client));
    const native = (body: Record<string, unknown>, unchanged: boolean) =>
      claudeInput({ rawBody, native: { format: 'anthropic-messages', body, unchanged } });
    expect(adaptor.buildRequest(native(client, true)).body).toBe(rawBody);

    const mapped = adaptor.buildRequest(native({ ...client, model: 'claude-x' }, false));
    expect(JSON.parse(String(mapped.body))).toEqual({ ...client, model: 'claude-x' });
    expect(mapped.url).toBe('https://upstream.example/v1/messages');

    const { max_tokens: _dropped, ...noMax } = client;
    expect(JSON.parse(String(adaptor.buildRequest(native(noMax, true)).body)).max_tokens).toBe(
      8192,
    );

    const thinking = JSON.parse(
      String(adaptor.buildRequest(native({ ...client, model: 'claude-x-thinking' }, false)).body),
    );
    expect(thinking).toMatchObject({
      model: 'claude-x',
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      future: 1,
    });
  });
});
