import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { streamForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import { geminiStreamFormat } from '../../relay/formats/gemini/gemini-format.js';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { SseParser } from '../sse-parser.js';
import type { Usage } from '../usage.js';
import { GeminiAdaptor } from './gemini-adaptor.js';

const adaptor = new GeminiAdaptor();
const fixture = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
/** A recorded stream as Google sends it (`alt=sse`, CRLF line ends). */
const sseBody = (name: string) =>
  fixtureLines(fixture(name))
    .map((line) => `data: ${line}\r\n\r\n`)
    .join('');

interface Chunk {
  choices: {
    index: number;
    delta: {
      content?: string;
      reasoning_content?: string;
      tool_calls?: {
        index: number;
        id: string;
        function: { name: string; arguments: string };
        extra_content?: { google: { thought_signature: string } };
      }[];
    };
    finish_reason: string | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

const input = makeCallInput({
  stream: true,
  clientWantsUsage: true,
  upstreamModel: 'gemini-2.5-flash',
  channel: makeChannel({ type: 24 }),
});

/** Relays `body` cut in two at `split` for an OpenAI client; returns what the client sees. */
function relay(body: string, split: number) {
  const converter = streamForClient(openAiFormat, adaptor, input);
  const parser = new SseParser();
  let output = '';
  for (const part of [body.slice(0, split), body.slice(split)]) {
    for (const event of parser.push(part)) output += converter.onEvent(event);
  }
  for (const event of parser.flush()) output += converter.onEvent(event);
  const usage = converter.usage as Usage;
  output += converter.finish({ clean: true, usage });
  const payloads = output
    .split('\n\n')
    .filter((frame) => frame.length > 0)
    .map((frame) => frame.slice('data: '.length));
  expect(payloads.at(-1)).toBe('[DONE]');
  const chunks = payloads.slice(0, -1).map((payload) => JSON.parse(payload) as Chunk);
  let content = '';
  let reasoning = '';
  const finishes: string[] = [];
  const toolCalls: NonNullable<Chunk['choices'][0]['delta']['tool_calls']> = [];
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      content += choice.delta.content ?? '';
      reasoning += choice.delta.reasoning_content ?? '';
      toolCalls.push(...(choice.delta.tool_calls ?? []));
      if (choice.finish_reason) finishes.push(choice.finish_reason);
    }
  }
  return { content, reasoning, finishes, toolCalls, usage, lastUsage: chunks.at(-1)?.usage };
}

/** Every split point of the stream gives the same answer (tool call ids are random). */
function relayAtEverySplit(name: string) {
  const body = sseBody(name);
  const whole = relay(body, body.length);
  const comparable = (result: typeof whole) =>
    JSON.stringify({ ...result, toolCalls: result.toolCalls.map((call) => ({ ...call, id: '' })) });
  const expected = comparable(whole);
  for (let split = 1; split < body.length; split += 1) {
    const cut = comparable(relay(body, split));
    // A string comparison per split keeps thousands of splits fast; expect() only on a mismatch.
    if (cut !== expected) expect({ split, cut }).toEqual({ split, cut: expected });
  }
  return whole;
}

describe('Gemini stream reader (recorded streams, every split point)', { timeout: 30_000 }, () => {
  it('reads a text stream with its cumulative usage (thoughts billed as output)', () => {
    const result = relayAtEverySplit('google-text.chunks.txt');
    expect(result.content).toBe('There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y');
    expect(result.finishes).toEqual(['stop']);
    expect(result.usage).toEqual({
      promptTokens: 9,
      completionTokens: 23 + 185,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 185,
    });
    expect(result.lastUsage).toMatchObject({ prompt_tokens: 9, completion_tokens: 208 });
  });

  it('reads a Gemini 3 function call whole, with its thought signature', () => {
    const result = relayAtEverySplit('google-tool-call-gemini3.chunks.txt');
    expect(result.toolCalls).toHaveLength(1);
    const [call] = result.toolCalls;
    expect(call.index).toBe(0);
    expect(call.id).toMatch(/^call_[0-9a-f]{32}$/);
    expect(call.function).toEqual({ name: 'weather', arguments: '{"location":"San Francisco"}' });
    expect(call.extra_content?.google.thought_signature).toMatch(/^EpEgCo4gAb/);
    expect(result.finishes).toEqual(['tool_calls']);
    expect(result.usage.completionTokens).toBe(15 + 804);
  });

  it('reads thought summaries as reasoning and cached tokens', () => {
    const result = relayAtEverySplit('google-thoughts.chunks.txt');
    expect(result.reasoning).toBe('**Counting letters**\n\nI spell strawberry and count each r.');
    expect(result.content).toBe('There are **3** "r"s in strawberry.');
    expect(result.usage).toMatchObject({ promptTokens: 9, completionTokens: 131, cachedTokens: 4 });
  });

  it('passes a Gemini client’s stream through byte for byte, reading usage', () => {
    const body = sseBody('google-reasoning.chunks.txt');
    const native = { ...input, native: { format: 'gemini' as const, body: {}, unchanged: true } };
    const converter = streamForClient(geminiStreamFormat, adaptor, native);
    const parser = new SseParser();
    let output = '';
    for (const event of parser.push(body)) output += converter.onEvent(event);
    output += converter.finish({ clean: true, usage: converter.usage as Usage });
    expect(output).toBe(body);
    expect(converter.usage).toMatchObject({ promptTokens: 9, completionTokens: 29 + 256 });
  });

  it('ends on a Google error object inside the stream', () => {
    const reader = adaptor.createStreamReader(input);
    const events = reader.read({
      event: '',
      data: '{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}',
    });
    expect(events).toEqual([{ type: 'error', error: expect.objectContaining({ status: 503 }) }]);
    expect(reader.upstreamError?.message).toBe('The model is overloaded.');
  });

  it('ends with a 400 when the prompt is blocked', () => {
    const reader = adaptor.createStreamReader(input);
    reader.read({
      event: '',
      data: JSON.stringify(JSON.parse(fixture('google-safety-block.json'))),
    });
    expect(reader.upstreamError).toMatchObject({ status: 400, code: 'prompt_blocked' });
  });
});
