import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { SseParser } from '../sse-parser.js';
import { WorkersAiCompletionStream } from './workers-ai-completion-stream.js';
import { convertWorkersAiCompletion, toWorkersAiPrompt } from './workers-ai-completion.js';

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));
const json = (name: string): unknown => JSON.parse(fixture(name).toString('utf8'));

const MODEL = '@cf/meta/llama-3.1-8b-instruct';

function completionsCall(clientWantsUsage: boolean) {
  return makeCallInput({
    mode: 'completions',
    path: '/v1/completions',
    upstreamModel: MODEL,
    stream: true,
    clientWantsUsage,
    channel: makeChannel({ type: 39, other: 'acc' }),
    body: { model: MODEL, prompt: 'Capital of France?', stream: true },
  });
}

/** A `text_completion` chunk as the client reads it. */
interface CompletionChunk {
  object: string;
  choices: { text?: string; finish_reason?: string | null }[];
  usage?: Record<string, number>;
}

/** The client's stream for `parts` of an upstream body, and what the converter tracked. */
function relay(parts: Buffer[], clientWantsUsage = true) {
  const parser = new SseParser();
  const converter = new WorkersAiCompletionStream(completionsCall(clientWantsUsage));
  let out = '';
  for (const part of parts) for (const event of parser.push(part)) out += converter.onEvent(event);
  for (const event of parser.flush()) out += converter.onEvent(event);
  const usage = converter.usage ?? {
    promptTokens: 0,
    completionTokens: 0,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    reasoningTokens: 0,
  };
  out += converter.finish({ clean: true, usage });
  const frames = out
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => frame.slice(6));
  const chunks = frames
    .filter((data) => data !== '[DONE]')
    .map((data) => JSON.parse(data) as CompletionChunk);
  return {
    text: chunks.map((chunk) => chunk.choices[0]?.text ?? '').join(''),
    finish: chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean),
    usage: chunks.at(-1)?.usage,
    objects: new Set(chunks.map((chunk) => chunk.object)),
    done: frames.at(-1) === '[DONE]',
    tracked: { usage: converter.usage, text: converter.completionText() },
    error: converter.upstreamError,
  };
}

describe('Workers AI completions: request', () => {
  it('sends {prompt, max_tokens, stream, temperature} and nothing else', () => {
    expect(
      toWorkersAiPrompt(
        { model: MODEL, prompt: 'Hi', max_tokens: 12, temperature: 0.3, top_p: 0.9, n: 2 },
        true,
      ),
    ).toEqual({ prompt: 'Hi', max_tokens: 12, stream: true, temperature: 0.3 });
    expect(toWorkersAiPrompt({ prompt: ['Only one'] }, false)).toEqual({ prompt: 'Only one' });
  });

  it('refuses several prompts or token arrays locally', () => {
    for (const prompt of [['a', 'b'], [1, 2, 3], 42]) {
      expect(() => toWorkersAiPrompt({ prompt }, false)).toThrow(/single text prompt/);
    }
  });
});

describe('Workers AI completions: answer', () => {
  it('converts the envelope to a text_completion with the reported usage', () => {
    const answer = convertWorkersAiCompletion(json('text-generation.json'), MODEL);
    expect(answer.completion).toMatchObject({
      object: 'text_completion',
      model: MODEL,
      choices: [
        {
          text: 'Paris is the capital of France.',
          index: 0,
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 18, completion_tokens: 8, total_tokens: 26 },
    });
    expect(answer.completion.id).toMatch(/^cmpl-[0-9a-f]{32}$/);
    expect(answer.usage).toMatchObject({ promptTokens: 18, completionTokens: 8 });
    expect(answer.completionText).toBe('');
  });

  it('leaves usage to local counting when the model reports none', () => {
    const answer = convertWorkersAiCompletion(json('text-generation-no-usage.json'), MODEL);
    expect(answer.usage).toBeUndefined();
    expect(answer.completion.usage).toBeUndefined();
    expect(answer.completionText).toBe('Paris is the capital of France.');
  });

  it('throws the error of an envelope that says success: false, and refuses a body without result', () => {
    let caught: unknown;
    try {
      convertWorkersAiCompletion(json('error-authentication.json'), MODEL);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    expect(caught).toMatchObject({ local: false, code: '10000', message: 'Authentication error' });
    expect(() => convertWorkersAiCompletion({ success: true, errors: [] }, MODEL)).toThrow(
      /cannot read/,
    );
  });
});

describe('Workers AI completions: stream', () => {
  const body = fixture('text-generation.sse.txt');

  it('relays text_completion chunks, the stop chunk, the usage chunk and [DONE]', () => {
    const result = relay([body]);
    expect(result.text).toBe('Paris is the capital of France — oui.');
    expect(result.finish).toEqual(['stop']);
    expect(result.objects).toEqual(new Set(['text_completion']));
    expect(result.usage).toMatchObject({ prompt_tokens: 18, completion_tokens: 8 });
    expect(result.done).toBe(true);
    expect(result.tracked.text).toBe('Paris is the capital of France — oui.');
    expect(relay([body], false).usage).toBeUndefined();
  });

  it('gives the same answer whatever the chunk boundaries', () => {
    const whole = JSON.stringify({ ...relay([body]), objects: undefined });
    for (let cut = 1; cut < body.length; cut += 1) {
      const split = relay([body.subarray(0, cut), body.subarray(cut)]);
      const text = JSON.stringify({ ...split, objects: undefined });
      if (text !== whole) expect(text).toBe(whole);
    }
  });

  it('ends on an error event, writing it as an OpenAI error frame', () => {
    const errorBody = Buffer.from(
      'data: {"response":"Par"}\n\ndata: {"errors":[{"code":3040,"message":"Capacity temporarily exceeded"}]}\n\ndata: {"response":"is"}\n\n',
    );
    const parser = new SseParser();
    const converter = new WorkersAiCompletionStream(completionsCall(true));
    let out = '';
    for (const event of parser.push(errorBody)) out += converter.onEvent(event);
    expect(converter.upstreamError).toMatchObject({
      code: '3040',
      message: 'Capacity temporarily exceeded',
    });
    expect(out).toContain('"error":{"message":"Capacity temporarily exceeded"');
    expect(out).not.toContain('"is"');
    expect(converter.finish({ clean: true, usage: converter.usage! })).toBe('');
    expect(converter.completionText()).toBe('Par');
  });
});
