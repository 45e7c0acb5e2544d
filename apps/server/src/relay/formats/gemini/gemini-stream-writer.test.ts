import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  anthropicSseBody,
  fixtureLines,
  makeCallInput,
  makeChannel,
  openAiSseBody,
} from '../../../providers/__fixtures__/relay-call-input.js';
import { createProviderRegistry } from '../../../providers/registry.js';
import { SseParser } from '../../../providers/sse-parser.js';
import type { Usage } from '../../../providers/usage.js';
import { streamForClient } from '../client-side.js';
import { geminiStreamFormat } from './gemini-format.js';

const { getAdaptor } = createProviderRegistry();

const fixture = (path: string) =>
  fixtureLines(readFileSync(new URL(`../../../providers/${path}`, import.meta.url), 'utf8'));
const recordedGemini = (name: string) =>
  fixtureLines(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')).map(
    (line) => JSON.parse(line) as Record<string, unknown>,
  );

const fallbackUsage: Usage = {
  promptTokens: 11,
  completionTokens: 5,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
};

interface Frame {
  candidates?: Array<{
    content: { role: string; parts: Array<Record<string, unknown>> };
    finishReason?: string;
    index: number;
  }>;
  usageMetadata?: Record<string, number>;
  modelVersion?: string;
  responseId?: string;
  error?: { code: number; message: string; status: string };
}

/** Runs an upstream body through the Gemini stream writer, cut into two pieces at `split`. */
function run(channelType: number, body: string, split: number, clean = true) {
  const input = makeCallInput({
    stream: true,
    upstreamModel: channelType === 14 ? 'claude-test' : 'gpt-test',
    channel: makeChannel({ type: channelType }),
  });
  const converter = streamForClient(geminiStreamFormat, getAdaptor(channelType), input);
  const parser = new SseParser();
  const bytes = Buffer.from(body);
  let output = '';
  for (const piece of [bytes.subarray(0, split), bytes.subarray(split)]) {
    for (const event of parser.push(piece)) output += converter.onEvent(event);
  }
  for (const event of parser.flush()) output += converter.onEvent(event);
  output += converter.finish({ clean, usage: converter.usage ?? fallbackUsage });
  return { output, converter };
}

function frames(output: string): Frame[] {
  expect(output.endsWith('\r\n\r\n') || output === '').toBe(true);
  return output
    .split('\r\n\r\n')
    .filter((frame) => frame.length > 0)
    .map((frame) => {
      expect(frame.startsWith('data: ')).toBe(true);
      return JSON.parse(frame.slice(6)) as Frame;
    });
}

/** The same output at every split point of the upstream body. */
function atEverySplit(channelType: number, body: string): Frame[] {
  const whole = run(channelType, body, Buffer.byteLength(body)).output;
  for (let split = 0; split < Buffer.byteLength(body); split++) {
    expect(run(channelType, body, split).output).toBe(whole);
  }
  return frames(whole);
}

function text(list: Frame[], thought = false): string {
  return list
    .flatMap((frame) => frame.candidates?.[0]?.content.parts ?? [])
    .filter((part) => (part.thought === true) === thought)
    .map((part) => String(part.text ?? ''))
    .join('');
}

/** Keys of a recorded Gemini chunk: every frame written uses only these. */
function expectGeminiShape(list: Frame[]): void {
  const recorded = recordedGemini('google-text.chunks.txt');
  const topKeys = new Set(recorded.flatMap((chunk) => Object.keys(chunk)));
  for (const frame of list) {
    for (const key of Object.keys(frame)) expect(topKeys.has(key)).toBe(true);
    expect(Object.keys(frame.candidates![0])).toEqual(
      frame.candidates![0].finishReason
        ? ['content', 'finishReason', 'index']
        : ['content', 'index'],
    );
    expect(frame.candidates![0].content.role).toBe('model');
  }
}

const openAiToolStream = [
  {
    delta: {
      role: 'assistant',
      content: null,
      tool_calls: [
        { index: 0, id: 'call_a', type: 'function', function: { name: 'weather', arguments: '' } },
      ],
    },
  },
  { delta: { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] } },
  { delta: { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] } },
  {
    delta: {
      tool_calls: [
        { index: 1, id: 'call_b', type: 'function', function: { name: 'clock', arguments: '{}' } },
      ],
    },
  },
  { delta: {}, finish_reason: 'tool_calls' },
].map((choice, index) =>
  JSON.stringify({
    id: 'chatcmpl-tools',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-test-0001',
    choices: [{ index: 0, finish_reason: null, ...choice }],
    ...(index === 4 ? {} : {}),
  }),
);
const openAiUsageChunk = JSON.stringify({
  id: 'chatcmpl-tools',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test-0001',
  choices: [],
  usage: {
    prompt_tokens: 30,
    completion_tokens: 12,
    total_tokens: 42,
    completion_tokens_details: { reasoning_tokens: 4 },
  },
});

describe('the Gemini stream writer', { timeout: 60_000 }, () => {
  it('writes an OpenAI stream as Gemini chunks, the same at every split point', () => {
    // The recorded stream's first deltas, its finish and its usage chunk (every byte split of all
    // 98 kB would take minutes).
    const all = fixture('openai/__fixtures__/openai-text.chunks.txt');
    const lines = [...all.slice(0, 8), ...all.slice(-2)];
    const list = atEverySplit(1, openAiSseBody(lines));
    expectGeminiShape(list);
    let expected = '';
    for (const line of lines) {
      const chunk = JSON.parse(line) as { choices: Array<{ delta?: { content?: string } }> };
      expected += chunk.choices[0]?.delta?.content ?? '';
    }
    expect(text(list)).toBe(expected);
    const last = list[list.length - 1];
    expect(last.candidates![0].finishReason).toBe('STOP');
    const usage = JSON.parse(lines[lines.length - 1]).usage as Record<string, number>;
    expect(last.usageMetadata).toMatchObject({
      promptTokenCount: usage.prompt_tokens,
      candidatesTokenCount: usage.completion_tokens,
      totalTokenCount: usage.total_tokens,
    });
    expect(list.every((frame) => frame.responseId === JSON.parse(lines[0]).id)).toBe(true);
    expect(list[0].modelVersion).toBe(JSON.parse(lines[0]).model);
  });

  it('writes streamed tool calls as whole functionCall parts in the last chunk', () => {
    const list = atEverySplit(1, openAiSseBody([...openAiToolStream, openAiUsageChunk]));
    expectGeminiShape(list);
    expect(list).toHaveLength(1);
    expect(list[0].candidates![0].content.parts).toEqual([
      { functionCall: { name: 'weather', args: { city: 'Paris' } } },
      { functionCall: { name: 'clock', args: {} } },
    ]);
    expect(list[0].candidates![0].finishReason).toBe('STOP');
    expect(list[0].usageMetadata).toEqual({
      promptTokenCount: 30,
      candidatesTokenCount: 8,
      thoughtsTokenCount: 4,
      totalTokenCount: 42,
    });
    // Recorded Gemini function-call chunks carry the call the same way.
    const recorded = recordedGemini('google-tool-call.chunks.txt');
    const call = (recorded[0] as unknown as Frame).candidates![0].content.parts[0].functionCall;
    expect(Object.keys(call as object).sort()).toEqual(
      Object.keys(list[0].candidates![0].content.parts[0].functionCall as object).sort(),
    );
  });

  it('writes an Anthropic stream (text, thinking, tools) at every split point', () => {
    const textLines = fixture('anthropic/__fixtures__/anthropic-text.chunks.txt');
    const list = atEverySplit(14, anthropicSseBody(textLines));
    expectGeminiShape(list);
    let expected = '';
    for (const line of textLines) {
      const event = JSON.parse(line) as { type: string; delta?: { type: string; text?: string } };
      if (event.delta?.type === 'text_delta') expected += event.delta.text;
    }
    expect(text(list)).toBe(expected);
    expect(list[list.length - 1].usageMetadata!.promptTokenCount).toBeGreaterThan(0);

    const thinking = fixture('anthropic/__fixtures__/anthropic-clear-thinking.1.chunks.txt');
    const thought = atEverySplit(14, anthropicSseBody(thinking));
    expect(text(thought, true).length).toBeGreaterThan(0);

    const tool = fixture('anthropic/__fixtures__/anthropic-tool-no-args.chunks.txt');
    const toolFrames = atEverySplit(14, anthropicSseBody(tool));
    const last = toolFrames[toolFrames.length - 1];
    const calls = last.candidates![0].content.parts.filter((part) => part.functionCall);
    expect(calls.length).toBeGreaterThan(0);
    expect(last.candidates![0].finishReason).toBe('STOP');
  });

  it('ends a broken stream without a last chunk, and writes an upstream error in Google shape', () => {
    const lines = fixture('openai/__fixtures__/openai-text.chunks.txt');
    const body = lines
      .slice(0, 3)
      .map((line) => `data: ${line}\n\n`)
      .join('');
    const broken = frames(run(1, body, 0, false).output);
    expect(broken.every((frame) => frame.candidates![0].finishReason === undefined)).toBe(true);

    const withError = `data: ${lines[1]}\n\ndata: {"error":{"message":"overloaded","type":"server_error","code":"overloaded"}}\n\n`;
    const { output, converter } = run(1, withError, 0);
    const list = frames(output);
    expect(converter.upstreamError).toBeDefined();
    expect(list[list.length - 1].error).toMatchObject({ message: 'overloaded' });
    expect(list[list.length - 1].error!.status).toMatch(/^[A-Z_]+$/);
  });
});
