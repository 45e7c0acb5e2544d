import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { classifyStandardFailure } from '../error-classification.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { SseParser } from '../sse-parser.js';
import { DifyAdaptor } from './dify-adaptor.js';
import { parseDifyError } from './dify-errors.js';
import { decodeDataUrl } from './dify-image-upload.js';

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

function call(overrides: Partial<RelayCallInput> = {}): RelayCallInput {
  return makeCallInput({
    upstreamModel: 'dify',
    channel: makeChannel({ type: 37, key: 'app-key', baseUrl: '' }),
    requestId: '20260101000000123456789abcdefgh',
    ...overrides,
  });
}

/** Content, reasoning, finish, errors and usage a reader (debug on or off) makes of `pieces`. */
function readEvents(pieces: Buffer[], debug: boolean): string {
  const parser = new SseParser();
  const reader = new DifyAdaptor({ debug }).createStreamReader(call({ stream: true }));
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
  seen.push(reader.usage, reader.upstreamError);
  return JSON.stringify(seen);
}

function readAtEverySplit(body: Buffer, debug: boolean): unknown[] {
  const whole = readEvents([body], debug);
  for (let cut = 1; cut < body.length; cut += 1) {
    const split = readEvents([body.subarray(0, cut), body.subarray(cut)], debug);
    if (split !== whole) expect(split).toBe(whole);
  }
  return JSON.parse(whole) as unknown[];
}

type SeenChunk = [string, { delta: Record<string, string>; finish_reason: string | null }];

describe('Dify request', () => {
  it('flattens the conversation into one query and lists images as files', () => {
    const request = new DifyAdaptor().buildRequest(
      call({
        body: {
          messages: [
            { role: 'developer', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
                { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
                { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
              ],
            },
          ],
          conversation_id: 'conv-1',
        },
        stream: true,
      }),
    );
    expect(request.url).toBe('https://api.dify.ai/v1/chat-messages');
    expect(request.headers.Authorization).toBe('Bearer app-key');
    expect(JSON.parse(String(request.body))).toEqual({
      inputs: {},
      query: 'SYSTEM: \nBe brief.\nUSER: \nHi\nASSISTANT: \nHello!\nUSER: \nWhat is this?\n',
      response_mode: 'streaming',
      user: 'chatcmpl-20260101000000123456789abcdefgh',
      conversation_id: 'conv-1',
      files: [
        { type: 'image', transfer_method: 'local_file', upload_file_id: '' },
        { type: 'image', transfer_method: 'remote_url', url: 'https://example.com/a.png' },
      ],
    });
  });

  it('keeps the client’s user and leaves a call without data-URL images as built', async () => {
    const adaptor = new DifyAdaptor();
    const input = call({ body: { user: 'carol', messages: [{ role: 'user', content: 'x' }] } });
    const request = adaptor.buildRequest(input);
    expect(JSON.parse(String(request.body))).toMatchObject({
      user: 'carol',
      response_mode: 'blocking',
    });
    expect(await adaptor.authorize(input, request)).toBe(request);
  });

  it('decodes data URLs and refuses malformed ones as the client’s mistake', () => {
    expect(decodeDataUrl('data:image/png;base64,aGVsbG8=')).toEqual({
      mimeType: 'image/png',
      bytes: Buffer.from('hello'),
    });
    expect(decodeDataUrl('data:text/plain,a%20b').bytes.toString()).toBe('a b');
    expect(() => decodeDataUrl('data:image/png;base64')).toThrow(RelayError);
  });
});

describe('Dify answers', () => {
  it('converts a blocking answer with its usage', () => {
    const answer = new DifyAdaptor().readAnswer(call(), fixture('blocking-answer.json'), '');
    expect(answer.completion).toMatchObject({
      id: 'chatcmpl-9da23599-e713-473b-982c-4328d4f5c78a',
      object: 'chat.completion',
      choices: [
        {
          message: { role: 'assistant', content: 'iPhone 13 Pro Max specs are listed here:...' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 1033, completion_tokens: 128, total_tokens: 1161 },
    });
    expect(() => new DifyAdaptor().readAnswer(call(), Buffer.from('{"x":1}'), '')).toThrow(
      /unexpected shape/,
    );
  });
});

describe('Dify stream reader (every split point)', { timeout: 60_000 }, () => {
  it('shows workflow and node starts with DIFY_DEBUG, then the answer, finish and usage', () => {
    const seen = readAtEverySplit(fixture('chatflow-stream.txt'), true);
    const chunks = seen.slice(0, -2) as SeenChunk[];
    expect(chunks.map(([, choice]) => choice.delta.content ?? null)).toEqual([
      '',
      'Workflow: dfjasklfjdslag\n',
      'Node: Start\n',
      ' I',
      "'m",
      ' glad — 你好',
      null,
    ]);
    expect(chunks.at(-1)![1].finish_reason).toBe('stop');
    expect(chunks.at(-1)![0]).toBe('chatcmpl-5ad4cb98-f0c7-4085-b384-88c403be6290');
    expect(seen.at(-2)).toMatchObject({ promptTokens: 1033, completionTokens: 135 });
  });

  it('shows only the answer without DIFY_DEBUG', () => {
    const seen = readAtEverySplit(fixture('chatflow-stream.txt'), false);
    const contents = (seen.slice(0, -2) as SeenChunk[]).map(([, choice]) => choice.delta.content);
    expect(contents.join('')).toBe(" I'm glad — 你好");
  });

  it('turns Dify’s thinking block tags into <think> tags', () => {
    const event = (answer: string) =>
      `data: ${JSON.stringify({ event: 'message', message_id: 'm', answer })}\n\n`;
    const body = Buffer.from(
      event(
        '<details style="color:gray;background-color: #f8f8f8;padding: 8px;border-radius: 4px;" open> <summary> Thinking... </summary>\n',
      ) +
        event('hmm') +
        event('</details>') +
        event('Answer'),
    );
    const contents = (JSON.parse(readEvents([body], true)) as unknown[])
      .slice(0, -2)
      .map((seen) => (seen as SeenChunk)[1].delta.content);
    expect(contents.join('')).toBe('<think>hmm</think>Answer');
  });

  it('ends on an error event with Dify’s status and code', () => {
    const seen = readAtEverySplit(fixture('stream-error.txt'), true);
    expect(seen.at(-1)).toEqual({
      status: 400,
      message: '[openai] Error: quota exceeded',
      type: 'dify_error',
      code: 'completion_request_error',
      param: '400',
    });
  });
});

describe('Dify errors', () => {
  it('reads Dify’s error body and classifies it', () => {
    const unauthorized = parseDifyError(
      401,
      Buffer.from('{"code":"unauthorized","message":"Access token is invalid","status":401}'),
    );
    expect(unauthorized).toMatchObject({
      message: 'Access token is invalid',
      code: 'unauthorized',
      type: 'authentication_error',
    });
    expect(classifyStandardFailure(unauthorized)).toEqual({
      retryable: true,
      credentialRejected: true,
    });
    const invalid = parseDifyError(
      400,
      Buffer.from('{"code":"invalid_param","message":"query is required","status":400}'),
    );
    expect(classifyStandardFailure(invalid)).toEqual({
      retryable: false,
      credentialRejected: false,
    });
    const limited = parseDifyError(
      429,
      Buffer.from('{"code":"too_many_requests","message":"slow down","status":429}'),
    );
    expect(classifyStandardFailure(limited)).toEqual({
      retryable: true,
      credentialRejected: false,
    });
  });
});
