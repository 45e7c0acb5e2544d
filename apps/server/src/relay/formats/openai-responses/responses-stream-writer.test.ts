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
import { responsesFormat } from './responses-format.js';

const { getAdaptor } = createProviderRegistry();

function lines(path: string): string[] {
  return fixtureLines(readFileSync(new URL(`../../../providers/${path}`, import.meta.url), 'utf8'));
}

const USAGE: Usage = {
  promptTokens: 10,
  completionTokens: 20,
  cachedTokens: 4,
  cacheCreationTokens: 0,
  reasoningTokens: 5,
};

/** A converted call: the internal chat call, with the client's Responses request as raw body. */
function convertedInput(channelType: number): RelayCallInput {
  const request = {
    model: 'test-model',
    instructions: 'Be brief.',
    input: 'hi',
    stream: true,
    tools: [{ type: 'function', name: 'f', parameters: { type: 'object' } }],
  };
  return makeCallInput({
    channel: makeChannel({ type: channelType }),
    stream: true,
    rawBody: Buffer.from(JSON.stringify(request)),
  });
}

/** Relays an upstream SSE body cut into pieces; returns the Responses events written. */
function relay(channelType: number, pieces: Buffer[]): Array<Record<string, unknown>> {
  const input = convertedInput(channelType);
  const writer = responsesFormat.createStreamWriter(
    input,
    getAdaptor(channelType).createStreamReader(input),
  );
  const parser = new SseParser();
  let output = '';
  for (const piece of pieces) {
    for (const event of parser.push(piece)) output += writer.onEvent(event);
  }
  for (const event of parser.flush()) output += writer.onEvent(event);
  output += writer.finish({ clean: true, usage: USAGE });
  return output
    .split('\n\n')
    .filter((frame) => frame.length > 0)
    .map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      const event = JSON.parse(dataLine.slice('data: '.length)) as Record<string, unknown>;
      expect(eventLine).toBe(`event: ${String(event.type)}`);
      return event;
    });
}

/** Generated ids and clock times replaced, so two runs compare equal. */
function withoutIds(events: unknown): unknown {
  return JSON.parse(
    JSON.stringify(events)
      .replace(/\b(resp|msg|rs|fc|call)_[0-9a-f]{48}\b/g, '$1_id')
      .replace(/"created_at":\d+/g, '"created_at":0'),
  );
}

/** What the openai SDK checks while it accumulates a stream, and what the stream adds up to. */
function checkSequence(events: Array<Record<string, unknown>>) {
  expect(events.map((event) => event.sequence_number)).toEqual(events.map((_, index) => index));
  expect(events[0].type).toBe('response.created');
  expect(events[1].type).toBe('response.in_progress');
  const last = events[events.length - 1];
  expect(last.type).toBe('response.completed');
  const response = last.response as { output: Array<Record<string, unknown>>; usage: unknown };
  expect(response.usage).toEqual({
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 4 },
    output_tokens: 20,
    output_tokens_details: { reasoning_tokens: 5 },
    total_tokens: 30,
  });
  // Every item added is done, at the same index, and the final output holds the done items.
  const added = events.filter((event) => event.type === 'response.output_item.added');
  const done = events.filter((event) => event.type === 'response.output_item.done');
  expect(done.map((event) => event.output_index)).toEqual(
    added.map((event) => event.output_index).sort(),
  );
  expect(response.output).toEqual(
    [...done]
      .sort((a, b) => Number(a.output_index) - Number(b.output_index))
      .map((event) => event.item),
  );
  let text = '';
  let reasoning = '';
  const args = new Map<unknown, string>();
  for (const event of events) {
    if (event.type === 'response.output_text.delta') text += String(event.delta);
    if (event.type === 'response.reasoning_summary_text.delta') reasoning += String(event.delta);
    if (event.type === 'response.function_call_arguments.delta') {
      args.set(event.item_id, (args.get(event.item_id) ?? '') + String(event.delta));
    }
    if (event.type === 'response.function_call_arguments.done') {
      expect(event.arguments).toBe(args.get(event.item_id) ?? '');
    }
  }
  return { text, reasoning, output: response.output };
}

const CASES = [
  {
    name: 'an OpenAI chat stream (Azure model router)',
    type: 3,
    body: openAiSseBody(lines('openai/__fixtures__/azure-model-router.1.chunks.txt')),
  },
  {
    name: 'an Anthropic stream with thinking',
    type: 14,
    body: anthropicSseBody(lines('anthropic/__fixtures__/anthropic-clear-thinking.1.chunks.txt')),
  },
  {
    name: 'an Anthropic stream with text and a tool call',
    type: 14,
    body: anthropicSseBody(lines('anthropic/__fixtures__/anthropic-json-tool.2.chunks.txt')),
  },
];

describe('the Responses stream writer over converted channels', () => {
  it.each(CASES)('writes the full event sequence for $name', ({ type, body }) => {
    const events = relay(type, [Buffer.from(body)]);
    const { text, reasoning, output } = checkSequence(events);
    const message = output.find((item) => item.type === 'message') as
      | { content: Array<{ text: string }> }
      | undefined;
    expect(message?.content[0].text ?? '').toBe(text);
    const summary = output.find((item) => item.type === 'reasoning') as
      | { summary: Array<{ text: string }> }
      | undefined;
    expect(summary?.summary[0].text ?? '').toBe(reasoning);
    const echoed = (events[0].response as Record<string, unknown>).instructions;
    expect(echoed).toBe('Be brief.');
  });

  it('carries text, reasoning and a function call from the recorded streams', () => {
    const thinking = checkSequence(relay(14, [Buffer.from(CASES[1].body)]));
    expect(thinking.reasoning.length).toBeGreaterThan(0);
    expect(thinking.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    const tool = checkSequence(relay(14, [Buffer.from(CASES[2].body)]));
    expect(tool.output.map((item) => item.type)).toEqual(['message', 'function_call']);
    const call = tool.output[1] as { name: string; arguments: string; call_id: string };
    expect(call.call_id).toMatch(/^toolu_/);
    expect(() => JSON.parse(call.arguments)).not.toThrow();
    const azure = checkSequence(relay(3, [Buffer.from(CASES[0].body)]));
    expect(azure.text.length).toBeGreaterThan(0);
  });

  it.each(CASES)(
    'writes the same events at every split point of $name',
    ({ type, body }) => {
      const bytes = Buffer.from(body);
      const whole = withoutIds(relay(type, [bytes]));
      for (let split = 0; split <= bytes.length; split += 1) {
        const events = relay(type, [bytes.subarray(0, split), bytes.subarray(split)]);
        expect(withoutIds(events), `split at byte ${split}`).toEqual(whole);
      }
    },
    60_000,
  );

  it('writes an upstream error as an error event and nothing after it', () => {
    const body = openAiSseBody([
      '{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hi"}}]}',
      '{"error":{"message":"overloaded","type":"server_error","code":"busy"}}',
    ]);
    const input = convertedInput(1);
    const writer = responsesFormat.createStreamWriter(
      input,
      getAdaptor(1).createStreamReader(input),
    );
    const parser = new SseParser();
    let output = '';
    for (const event of parser.push(body)) output += writer.onEvent(event);
    expect(writer.upstreamError?.message).toBe('overloaded');
    expect(writer.finish({ clean: true, usage: USAGE })).toBe('');
    const frames = output.split('\n\n').filter(Boolean);
    expect(frames[frames.length - 1]).toContain('event: error');
    expect(frames[frames.length - 1]).toContain('"message":"overloaded"');
  });

  it('ends a stream cut at the output limit with response.incomplete', () => {
    const body = openAiSseBody([
      '{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hi"}}]}',
      '{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"length"}]}',
    ]);
    const events = relay(1, [Buffer.from(body)]);
    const last = events[events.length - 1] as { type: string; response: Record<string, unknown> };
    expect(last.type).toBe('response.incomplete');
    expect(last.response.incomplete_details).toEqual({ reason: 'max_output_tokens' });
  });
});
