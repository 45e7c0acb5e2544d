import { streamForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Usage } from '../usage.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import type { JsonObject } from '../json-guards.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();
import { SseParser } from '../sse-parser.js';
import {
  anthropicSseBody,
  fixtureLines,
  makeCallInput,
  makeChannel,
} from '../__fixtures__/relay-call-input.js';
import { convertAnthropicMessage } from './convert-anthropic-response.js';

const lines = (name: string) =>
  fixtureLines(readFileSync(new URL(`./__fixtures__/${name}.chunks.txt`, import.meta.url), 'utf8'));

const fallbackUsage: Usage = {
  promptTokens: 1,
  completionTokens: 1,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
};

interface ChunkChoice {
  delta: {
    role?: string;
    content?: string;
    reasoning_content?: string;
    tool_calls?: {
      index: number;
      id?: string;
      type?: string;
      function: { name?: string; arguments?: string };
    }[];
  };
  finish_reason: string | null;
}
interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: ChunkChoice[];
  usage?: Record<string, unknown>;
}

function relay(eventLines: string[], overrides: Partial<RelayCallInput> = {}, clean = true) {
  const input = makeCallInput({
    stream: true,
    upstreamModel: 'claude-test',
    channel: makeChannel({ type: 14 }),
    ...overrides,
  });
  const converter = streamForClient(openAiFormat, getAdaptor(14), input);
  const parser = new SseParser();
  let output = '';
  for (const event of parser.push(anthropicSseBody(eventLines))) output += converter.onEvent(event);
  for (const event of parser.flush()) output += converter.onEvent(event);
  const usage = converter.usage ?? fallbackUsage;
  output += converter.finish({ clean, usage });
  const frames = output.split('\n\n').filter((frame) => frame.length > 0);
  for (const frame of frames) expect(frame.startsWith('data: ')).toBe(true);
  const payloads = frames.map((frame) => frame.slice(6));
  const chunks = payloads
    .filter((payload) => payload !== '[DONE]')
    .map((payload) => JSON.parse(payload) as Chunk);
  return { output, payloads, chunks, converter };
}

/** What a client assembles from the chunks. */
function assemble(chunks: Chunk[]) {
  let content = '';
  let reasoning = '';
  const toolCalls: { id: string; name: string; arguments: string }[] = [];
  let finishReason: string | null = null;
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      content += choice.delta.content ?? '';
      reasoning += choice.delta.reasoning_content ?? '';
      for (const call of choice.delta.tool_calls ?? []) {
        toolCalls[call.index] ??= { id: '', name: '', arguments: '' };
        const target = toolCalls[call.index];
        if (call.id) target.id = call.id;
        if (call.function.name) target.name = call.function.name;
        target.arguments += call.function.arguments ?? '';
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
  }
  return { content, reasoning, toolCalls, finishReason };
}

/** The message a stream describes, built the way Anthropic's SDK accumulates one. */
function accumulate(eventLines: string[]): JsonObject {
  let message: JsonObject & { content: JsonObject[]; usage: JsonObject } = {
    content: [],
    usage: {},
  };
  const partialJson = new Map<number, string>();
  for (const line of eventLines) {
    const event = JSON.parse(line) as JsonObject & { index: number };
    if (event.type === 'message_start') message = structuredClone(event.message) as typeof message;
    if (event.type === 'content_block_start')
      message.content[event.index] = structuredClone(event.content_block) as JsonObject;
    if (event.type === 'content_block_delta') {
      const block = message.content[event.index];
      const delta = event.delta as Record<string, string>;
      if (delta.type === 'text_delta') block.text = String(block.text) + delta.text;
      if (delta.type === 'thinking_delta') block.thinking = String(block.thinking) + delta.thinking;
      if (delta.type === 'input_json_delta')
        partialJson.set(event.index, (partialJson.get(event.index) ?? '') + delta.partial_json);
    }
    if (event.type === 'content_block_stop') {
      const json = partialJson.get(event.index);
      if (json) message.content[event.index].input = JSON.parse(json) as unknown;
    }
    if (event.type === 'message_delta') {
      message.stop_reason = (event.delta as JsonObject).stop_reason;
      message.usage = { ...message.usage, ...(event.usage as JsonObject) };
    }
  }
  return message;
}

describe('AnthropicStreamConverter on recorded streams', () => {
  it.each([
    ['anthropic-text', 'stop', 0],
    ['anthropic-clear-thinking.1', 'stop', 0],
    ['anthropic-tool-no-args', 'tool_calls', 1],
    ['anthropic-json-tool.2', 'tool_calls', 1],
    ['anthropic-code-execution-20260120-prompt-cache.1', 'stop', 0],
    ['anthropic-message-delta-input-tokens', 'stop', 0],
  ])('%s: deltas add up to the plain conversion', (name, finishReason, toolCalls) => {
    const events = lines(name);
    const { chunks, converter, payloads } = relay(events);
    const plain = convertAnthropicMessage(accumulate(events), 'claude-test', 0);
    const message = (
      plain.completion.choices as { message: JsonObject; finish_reason: string }[]
    )[0];
    const assembled = assemble(chunks);

    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.role).length).toBe(1);
    expect(assembled.content).toBe(message.message.content ?? '');
    expect(assembled.reasoning).toBe(message.message.reasoning_content ?? '');
    expect(assembled.finishReason).toBe(finishReason);
    expect(message.finish_reason).toBe(finishReason);
    expect(assembled.toolCalls.length).toBe(toolCalls);
    const plainCalls = (message.message.tool_calls ?? []) as {
      id: string;
      function: { name: string; arguments: string };
    }[];
    assembled.toolCalls.forEach((call, index) => {
      expect(call.id).toBe(plainCalls[index].id);
      expect(call.name).toBe(plainCalls[index].function.name);
      expect(JSON.parse(call.arguments || '{}')).toEqual(
        JSON.parse(plainCalls[index].function.arguments),
      );
    });
    expect(converter.usage).toEqual(plain.usage);
    expect(converter.toolCallCount).toBe(toolCalls);
    expect(payloads[payloads.length - 1]).toBe('[DONE]');
    expect(payloads.filter((payload) => payload === '[DONE]').length).toBe(1);
    for (const chunk of chunks) {
      expect(chunk.object).toBe('chat.completion.chunk');
      expect(chunk.id).toMatch(/^chatcmpl-msg_/);
    }
  });

  it('streams text deltas in order', () => {
    const { chunks } = relay(lines('anthropic-text'));
    expect(chunks.slice(1, 4).map((chunk) => chunk.choices[0].delta.content)).toEqual([
      'Hello',
      '! I',
      "'m doing well, thank you for asking",
    ]);
  });

  it('streams thinking as reasoning_content before the answer', () => {
    const { chunks } = relay(lines('anthropic-clear-thinking.1'));
    const assembled = assemble(chunks);
    expect(assembled.reasoning).toBe(
      'The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185',
    );
    expect(assembled.content).toBe('925 ÷ 5 = 185');
  });

  it('sends a tool call header with id and name, then argument deltas at the same index', () => {
    const { chunks } = relay(lines('anthropic-json-tool.2'));
    const toolChunks = chunks.filter((chunk) => chunk.choices[0].delta.tool_calls);
    expect(toolChunks[0].choices[0].delta.tool_calls).toEqual([
      {
        index: 0,
        id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA',
        type: 'function',
        function: { name: 'json', arguments: '' },
      },
    ]);
    expect(toolChunks.slice(1).map((chunk) => chunk.choices[0].delta.tool_calls)).toEqual([
      [
        {
          index: 0,
          function: {
            arguments:
              '{"elements": [{"location": "San Francisco", "temperature": 58, "condition": "sunny"}]',
          },
        },
      ],
      [{ index: 0, function: { arguments: '}' } }],
    ]);
  });

  it('counts cache reads and writes into the prompt and ignores server-side tool blocks', () => {
    const { converter, chunks } = relay(lines('anthropic-code-execution-20260120-prompt-cache.1'));
    expect(converter.usage).toEqual({
      promptTokens: 6 + 6289 + 3337,
      completionTokens: 198,
      cachedTokens: 6289,
      cacheCreationTokens: 3337,
      reasoningTokens: 0,
    });
    expect(chunks.some((chunk) => chunk.choices[0]?.delta.tool_calls)).toBe(false);
    expect(converter.completionText()).toContain('**650**');
  });

  it('maps a refusal to content_filter', () => {
    expect(assemble(relay(lines('anthropic-refusal')).chunks).finishReason).toBe('content_filter');
  });

  it('sends the role chunk once when upstream repeats message_start', () => {
    const { chunks, converter } = relay(lines('duplicate-message-start'));
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.role === 'assistant').length).toBe(1);
    expect(assemble(chunks).content).toBe('Hello, World!');
    expect(converter.usage).toMatchObject({ promptTokens: 17, completionTokens: 227 });
  });

  it('sends the usage chunk before [DONE] when the client asked, with the usage given to finish', () => {
    const { payloads } = relay(lines('anthropic-text'), { clientWantsUsage: true });
    expect(payloads[payloads.length - 1]).toBe('[DONE]');
    const usageChunk = JSON.parse(payloads[payloads.length - 2]) as Chunk;
    expect(usageChunk.choices).toEqual([]);
    expect(usageChunk.usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 30,
      total_tokens: 42,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it('reports input usage with zero output until message_delta arrives, and nothing at a broken end', () => {
    const events = lines('anthropic-text');
    const cut = events.slice(0, 5);
    const { converter, payloads, output } = relay(cut, { clientWantsUsage: true }, false);
    expect(converter.usage).toEqual({
      promptTokens: 12,
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
    expect(converter.completionText()).toBe('Hello! I');
    expect(payloads).not.toContain('[DONE]');
    expect(output).not.toContain('"usage"');
  });

  it('ends on an error event: an OpenAI error frame, recorded, later events ignored', () => {
    const events = [
      ...lines('anthropic-text').slice(0, 4),
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"late"}}',
    ];
    const { converter, payloads } = relay(events, { clientWantsUsage: true });
    expect(converter.upstreamError).toEqual({
      status: 529,
      message: 'Overloaded',
      type: 'overloaded_error',
      code: '',
      param: '',
    });
    expect(JSON.parse(payloads[payloads.length - 1])).toEqual({
      error: { message: 'Overloaded', type: 'overloaded_error', param: '', code: '' },
    });
    expect(payloads.join('')).not.toContain('late');
  });

  it('thinking_to_content wraps reasoning in <think> tags', () => {
    const channel = makeChannel({ type: 14, setting: { thinking_to_content: true } });
    const assembled = assemble(relay(lines('anthropic-clear-thinking.1'), { channel }).chunks);
    expect(assembled.reasoning).toBe('');
    expect(assembled.content).toBe(
      '<think>\nThe previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185\n</think>\n925 ÷ 5 = 185',
    );
  });
});
