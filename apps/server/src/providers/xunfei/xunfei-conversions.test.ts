import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { classifyStandardFailure } from '../error-classification.js';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { SseParser } from '../sse-parser.js';
import { XunfeiAdaptor } from './xunfei-adaptor.js';
import { convertToSparkRequest } from './convert-to-xunfei-request.js';
import { parseSparkError, sparkErrorStatus } from './xunfei-errors.js';

const adaptor = new XunfeiAdaptor();
const CREDENTIALS = { appId: 'app-1', apiSecret: 'secret', apiKey: 'key' };

/** A fixture's frames as the websocket exchange hands them on: one `data:` event each. */
function framesBody(name: string): Buffer {
  const text = readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
  return Buffer.from(
    fixtureLines(text)
      .map((line) => `data: ${line}\n\n`)
      .join(''),
  );
}

function call(overrides: Partial<RelayCallInput> = {}): RelayCallInput {
  return makeCallInput({
    upstreamModel: 'SparkDesk-v3.5',
    channel: makeChannel({ type: 18, key: 'app-1|secret|key', baseUrl: '' }),
    ...overrides,
  });
}

/** The chunks' deltas, finish reasons, errors and the usage a reader makes of `pieces`. */
function readEvents(pieces: Buffer[]): string {
  const parser = new SseParser();
  const reader = adaptor.createStreamReader(call({ stream: true }));
  const seen: unknown[] = [];
  const take = (events: ReturnType<SseParser['push']>) => {
    for (const event of events) {
      for (const internal of reader.read(event)) {
        seen.push(
          internal.type === 'error'
            ? internal.error
            : [internal.chunk.id, (internal.chunk.choices as unknown[])[0]],
        );
      }
    }
  };
  for (const piece of pieces) take(parser.push(piece));
  take(parser.flush());
  seen.push(reader.usage, reader.completionText(), reader.upstreamError);
  return JSON.stringify(seen);
}

/** Reads the body whole, then cut at every byte: each split must read the same. */
function readAtEverySplit(body: Buffer): unknown[] {
  const whole = readEvents([body]);
  for (let cut = 1; cut < body.length; cut += 1) {
    const split = readEvents([body.subarray(0, cut), body.subarray(cut)]);
    if (split !== whole) expect(split).toBe(whole);
  }
  return JSON.parse(whole) as unknown[];
}

describe('Spark request frame', () => {
  it('converts messages, sampling and tools; tool results go back as user text', () => {
    const frame = convertToSparkRequest(
      {
        messages: [
          { role: 'developer', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Weather' },
              { type: 'text', text: '?' },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c', type: 'function', function: { name: 'w', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c', content: 'sunny' },
        ],
        temperature: 0.3,
        max_completion_tokens: 64,
        top_k: 4,
        user: 'a-very-long-end-user-name-that-goes-past-32-characters',
        tools: [
          {
            type: 'function',
            function: { name: 'w', description: 'weather', parameters: { type: 'object' } },
          },
        ],
      },
      CREDENTIALS,
      'v4.0',
    );
    expect(frame).toEqual({
      header: { app_id: 'app-1', uid: 'a-very-long-end-user-name-that-g' },
      parameter: { chat: { domain: '4.0Ultra', temperature: 0.3, max_tokens: 64, top_k: 4 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Weather?' },
            { role: 'user', content: 'sunny' },
          ],
        },
        functions: {
          text: [{ name: 'w', description: 'weather', parameters: { type: 'object' } }],
        },
      },
    });
  });

  it('builds the websocket URL (signed when opened) and refuses modes other than chat', () => {
    const request = adaptor.buildRequest(
      call({ body: { messages: [{ role: 'user', content: 'hi' }] } }),
    );
    expect(request.method).toBe('GET');
    expect(request.url).toBe('wss://spark-api.xf-yun.com/v3.5/chat');
    expect(JSON.parse(String(request.body))).toMatchObject({
      parameter: { chat: { domain: 'generalv3.5' } },
    });
    expect(adaptor.supports('embeddings')).toBe(false);
    expect(() => adaptor.buildRequest(call({ mode: 'embeddings' }))).toThrow(RelayError);
  });
});

describe('Spark answers', () => {
  it('collects a text answer split over frames into one completion', () => {
    const answer = adaptor.readAnswer(call(), framesBody('text-answer.jsonl'), '');
    expect(answer.completion).toMatchObject({
      id: 'chatcmpl-cht000cb087@dx18793cd421fb894542',
      object: 'chat.completion',
      model: 'SparkDesk-v3.5',
      choices: [
        {
          message: { role: 'assistant', content: '你好，我是科大讯飞研发的认知智能大模型。' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 16, total_tokens: 21 },
    });
    expect(answer.usage).toMatchObject({ promptTokens: 5, completionTokens: 16 });
  });

  it('returns a function call as a tool call', () => {
    const answer = adaptor.readAnswer(call(), framesBody('function-call-answer.jsonl'), '');
    const choice = (
      answer.completion.choices as { finish_reason: string; message: Record<string, unknown> }[]
    )[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([
      {
        id: 'call_cht000b41d5@dx18b8a9a7c0fb8f3540_0',
        type: 'function',
        function: { name: '天气查询', arguments: '{"datetime":"今天","location":"合肥"}' },
      },
    ]);
  });

  it('throws the error of an error frame, and a 502 for an answer without its last frame', () => {
    const error = (() => {
      try {
        adaptor.readAnswer(call(), framesBody('blocked-error.jsonl'), '');
      } catch (caught) {
        return caught as RelayError;
      }
    })();
    expect(error).toMatchObject({ status: 400, code: '10013', local: false });
    const firstTwo = Buffer.from(
      framesBody('text-answer.jsonl').toString().split('\n\n').slice(0, 2).join('\n\n') + '\n\n',
    );
    expect(() => adaptor.readAnswer(call(), firstTwo, '')).toThrow(/before the last answer frame/);
  });
});

describe('Spark stream reader (every split point)', { timeout: 60_000 }, () => {
  it('emits the role chunk, each frame’s text as it comes, the finish and the usage', () => {
    const seen = readAtEverySplit(framesBody('text-answer.jsonl'));
    const chunks = seen.slice(0, -3) as [
      string,
      { delta: Record<string, unknown>; finish_reason: string | null },
    ][];
    expect(chunks.map(([, choice]) => choice.delta.content ?? null)).toEqual([
      '',
      '你好',
      '，我是科大讯飞研发的认知智能大模型',
      '。',
      null,
    ]);
    expect(chunks.at(-1)![1].finish_reason).toBe('stop');
    expect(chunks.every(([id]) => id === 'chatcmpl-cht000cb087@dx18793cd421fb894542')).toBe(true);
    expect(seen.at(-3)).toMatchObject({ promptTokens: 5, completionTokens: 16 });
  });

  it('streams a function call as one tool call with finish tool_calls', () => {
    const seen = readAtEverySplit(framesBody('function-call-answer.jsonl'));
    const chunks = seen.slice(0, -3) as [
      string,
      { delta: Record<string, unknown>; finish_reason: string | null },
    ][];
    expect(chunks[1]![1].delta.tool_calls).toEqual([
      {
        index: 0,
        id: 'call_cht000b41d5@dx18b8a9a7c0fb8f3540_0',
        type: 'function',
        function: { name: '天气查询', arguments: '{"datetime":"今天","location":"合肥"}' },
      },
    ]);
    expect(chunks.at(-1)![1].finish_reason).toBe('tool_calls');
  });

  it('ends on an error frame with the upstream error', () => {
    const seen = readAtEverySplit(framesBody('blocked-error.jsonl'));
    expect(seen[0]).toMatchObject({ status: 400, code: '10013', type: 'xunfei_error' });
    expect(seen.at(-1)).toMatchObject({ status: 400, code: '10013' });
  });
});

describe('Spark errors', () => {
  it('maps error codes onto statuses the relay acts on', () => {
    expect(sparkErrorStatus(10013)).toBe(400);
    expect(sparkErrorStatus(10014)).toBe(400);
    expect(sparkErrorStatus(11200)).toBe(401);
    expect(sparkErrorStatus(11201)).toBe(403);
    expect(sparkErrorStatus(11202)).toBe(429);
    expect(sparkErrorStatus(11203)).toBe(429);
    expect(sparkErrorStatus(10907)).toBe(500);
  });

  it('classifies blocked content as final, auth and quota as rejecting the key, rate as retryable', () => {
    const classify = (status: number, code: number) =>
      classifyStandardFailure(
        parseSparkError(
          status,
          Buffer.from(JSON.stringify({ header: { code, message: 'm', status: 2 } })),
        ),
      );
    expect(classify(400, 10013)).toEqual({ retryable: false, credentialRejected: false });
    expect(classify(401, 11200)).toEqual({ retryable: true, credentialRejected: true });
    expect(classify(403, 11201)).toEqual({ retryable: true, credentialRejected: true });
    expect(classify(429, 11202)).toEqual({ retryable: true, credentialRejected: false });
  });

  it('reads a refused handshake (401/403) as a rejected key', () => {
    const refused = parseSparkError(
      403,
      Buffer.from('{"message":"HMAC signature cannot be verified"}'),
    );
    expect(refused).toMatchObject({
      status: 403,
      message: 'HMAC signature cannot be verified',
      type: 'authentication_error',
    });
    expect(classifyStandardFailure(refused).credentialRejected).toBe(true);
  });
});
