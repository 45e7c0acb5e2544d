import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { streamForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { awsFrame, converseStreamBody, invokeStreamBody } from './__fixtures__/aws-event-frames.js';
import { BedrockEventStreamParser } from './bedrock-event-stream-parser.js';

const adaptor = createProviderRegistry().getAdaptor(33);
const KEY = 'AKIDEXAMPLE|secret|us-east-1';

const lines = (path: string) => fixtureLines(readFileSync(new URL(path, import.meta.url), 'utf8'));
const converseLines = (name: string) => lines(`./__fixtures__/${name}.chunks.txt`);
const anthropicLines = (name: string) => lines(`../anthropic/__fixtures__/${name}.chunks.txt`);

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

function input(model: string): RelayCallInput {
  return makeCallInput({
    stream: true,
    clientWantsUsage: true,
    upstreamModel: model,
    channel: makeChannel({ type: 33, key: KEY }),
  });
}

/** Relays `body` cut into `pieces` through the adaptor's parser and reader, as the relay does. */
function relay(body: Buffer, pieces: Buffer[], model: string) {
  const parser = adaptor.createStreamParser!('application/vnd.amazon.eventstream')!;
  const converter = streamForClient(openAiFormat, adaptor, input(model));
  let output = '';
  for (const piece of pieces)
    for (const event of parser.push(piece)) output += converter.onEvent(event);
  for (const event of parser.flush()) output += converter.onEvent(event);
  output += converter.finish({ clean: true, usage: converter.usage! });
  expect(body.length).toBe(pieces.reduce((sum, piece) => sum + piece.length, 0));
  const chunks = output
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: {'))
    .map((frame) => JSON.parse(frame.slice(6)) as Chunk);
  let content = '';
  let reasoning = '';
  const calls: { id: string; name: string; arguments: string }[] = [];
  let finish: string | null = null;
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      content += choice.delta.content ?? '';
      reasoning += choice.delta.reasoning_content ?? '';
      for (const call of choice.delta.tool_calls ?? []) {
        calls[call.index] ??= { id: '', name: '', arguments: '' };
        if (call.id) calls[call.index]!.id = call.id;
        if (call.function.name) calls[call.index]!.name = call.function.name;
        calls[call.index]!.arguments += call.function.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
  }
  return { content, reasoning, calls, finish, usage: chunks.at(-1)?.usage, output };
}

/** The deltas, finish reasons and usage the adaptor's parser and reader make of `pieces`. */
function readEvents(pieces: Buffer[], model: string): string {
  const parser = adaptor.createStreamParser!('application/vnd.amazon.eventstream')!;
  const reader = adaptor.createStreamReader(input(model));
  const seen: unknown[] = [];
  const take = (events: ReturnType<typeof parser.push>) => {
    for (const event of events) {
      for (const internal of reader.read(event)) {
        if (internal.type === 'error') seen.push(internal.error);
        else seen.push((internal.chunk.choices as unknown[])[0]);
      }
    }
  };
  for (const piece of pieces) take(parser.push(piece));
  take(parser.flush());
  seen.push(reader.usage);
  return JSON.stringify(seen);
}

/** Relays the body whole; read cut at every byte, it must give the same events. */
function relayAtEverySplit(body: Buffer, model: string) {
  const whole = readEvents([body], model);
  for (let cut = 1; cut < body.length; cut += 1) {
    const split = readEvents([body.subarray(0, cut), body.subarray(cut)], model);
    if (split !== whole) expect(split).toBe(whole);
  }
  return relay(body, [body], model);
}

describe('ConverseStream (recorded answers at every split point)', () => {
  it(
    'relays text with the finish reason and the metadata usage',
    { timeout: SPLIT_TEST_TIMEOUT_MS },
    () => {
      const recorded = converseLines('amazon-bedrock-text');
      const result = relayAtEverySplit(converseStreamBody(recorded), 'nova-pro-v1:0');
      const expected = recorded
        .map((line) => JSON.parse(line) as { contentBlockDelta?: { delta: { text: string } } })
        .map((event) => event.contentBlockDelta?.delta.text ?? '')
        .join('');
      expect(result.content).toBe(expected);
      expect(result.finish).toBe('stop');
      expect(result.usage).toMatchObject({ prompt_tokens: 22, completion_tokens: 55 });
    },
  );

  it(
    'relays a tool call whose usage comes before messageStop',
    { timeout: SPLIT_TEST_TIMEOUT_MS },
    () => {
      const result = relayAtEverySplit(
        converseStreamBody(converseLines('amazon-bedrock-tool-call.1')),
        'nova-pro-v1:0',
      );
      expect(result.calls).toEqual([
        { id: 'tool-use-id', name: 'test-tool', arguments: '{"value":"Sparkle Day"}' },
      ]);
      expect(result.finish).toBe('tool_calls');
      expect(result.usage).toMatchObject({ prompt_tokens: 125, completion_tokens: 45 });
    },
  );

  it('relays reasoning as reasoning_content', () => {
    const result = relay(
      converseStreamBody(converseLines('amazon-bedrock-reasoning')),
      [converseStreamBody(converseLines('amazon-bedrock-reasoning'))],
      'nova-pro-v1:0',
    );
    expect(result.reasoning).toContain('Let me count the r');
    expect(result.content.length).toBeGreaterThan(0);
  });
});

describe('InvokeModelWithResponseStream for Claude (Anthropic events in chunk bytes)', () => {
  it('relays the Anthropic events at every split point', { timeout: SPLIT_TEST_TIMEOUT_MS }, () => {
    const recorded = anthropicLines('anthropic-text');
    const result = relayAtEverySplit(invokeStreamBody(recorded), 'claude-3-5-sonnet-20240620');
    const expected = recorded
      .map((line) => JSON.parse(line) as { delta?: { type: string; text?: string } })
      .filter((event) => event.delta?.type === 'text_delta')
      .map((event) => event.delta!.text)
      .join('');
    expect(result.content).toBe(expected);
    expect(result.finish).toBe('stop');
    expect(result.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('ends on an exception message with its status (throttling → 429)', () => {
    const recorded = anthropicLines('anthropic-text').slice(0, 3);
    const body = Buffer.concat([
      invokeStreamBody(recorded),
      awsFrame('exception', 'throttlingException', '{"message":"Too many requests"}'),
    ]);
    const parser = new BedrockEventStreamParser();
    const converter = streamForClient(openAiFormat, adaptor, input('claude-3-5-sonnet-20240620'));
    for (const event of parser.push(body)) converter.onEvent(event);
    expect(converter.upstreamError).toMatchObject({
      status: 429,
      message: 'Too many requests',
      type: 'throttlingException',
    });
  });
});

describe('BedrockEventStreamParser', () => {
  it('refuses a stream cut inside a frame', () => {
    const body = converseStreamBody(converseLines('amazon-bedrock-text'));
    const parser = new BedrockEventStreamParser();
    parser.push(body.subarray(0, body.length - 3));
    expect(() => parser.flush()).toThrow(/ended inside a frame/);
  });

  it('refuses a frame whose checksum does not match', () => {
    const frame = awsFrame('event', 'messageStart', '{"role":"assistant"}');
    frame[frame.length - 6] ^= 0xff;
    expect(() => new BedrockEventStreamParser().push(frame)).toThrow(/undecodable/);
  });

  it('is not used for other content types', () => {
    expect(adaptor.createStreamParser!('application/json')).toBeUndefined();
  });
});
