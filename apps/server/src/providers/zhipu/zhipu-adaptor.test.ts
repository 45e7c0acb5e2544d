import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { streamForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput, SseEvent } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { parseZhipuError, zhipuBusinessError } from './zhipu-error.js';
import { ZhipuStreamParser } from './zhipu-stream-parser.js';

const registry = createProviderRegistry();
const v3 = registry.getAdaptor(16);
const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

function call(body: Record<string, unknown>, stream = false): RelayCallInput {
  return makeCallInput({
    stream,
    upstreamModel: 'chatglm_turbo',
    body: { model: 'chatglm_turbo', ...body },
    channel: makeChannel({ type: 16, key: 'key-id.key-secret', baseUrl: 'https://zhipu.test/' }),
  });
}

/** Reading a stream once per byte position is quadratic: allow for a loaded machine. */
const SPLIT_TEST_TIMEOUT_MS = 60_000;

function parse(pieces: Buffer[]): SseEvent[] {
  const parser = v3.createStreamParser!('text/event-stream; charset=utf-8')!;
  return [...pieces.flatMap((piece) => parser.push(piece)), ...parser.flush()];
}

describe('Zhipu v3 requests', () => {
  it('builds invoke and sse-invoke calls with the v3 body', () => {
    const messages = [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi ' },
          { type: 'text', text: 'there' },
        ],
      },
      { role: 'assistant', content: 'Hello' },
    ];
    const plain = v3.buildRequest(call({ messages, temperature: 0.5, top_p: 1, tools: [] }));
    expect(plain.url).toBe('https://zhipu.test/api/paas/v3/model-api/chatglm_turbo/invoke');
    expect(plain.headers.Authorization).toBeUndefined();
    expect(JSON.parse(String(plain.body))).toEqual({
      prompt: [
        { role: 'user', content: 'Be brief.' },
        { role: 'assistant', content: 'Okay' },
        { role: 'user', content: 'Hi there' },
        { role: 'assistant', content: 'Hello' },
      ],
      temperature: 0.5,
      top_p: 0.99,
    });
    const stream = v3.buildRequest(call({ messages, top_p: 0.7 }, true));
    expect(stream.url).toBe('https://zhipu.test/api/paas/v3/model-api/chatglm_turbo/sse-invoke');
    expect(JSON.parse(String(stream.body))).toMatchObject({ top_p: 0.7, incremental: true });
  });

  it('adds the signed token as the Authorization header, without Bearer', async () => {
    const input = call({ messages: [{ role: 'user', content: 'hi' }] });
    const request = await v3.authorize!(input, v3.buildRequest(input));
    expect(request.headers.Authorization).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(request.headers['Content-Type']).toBe('application/json');
  });

  it('serves chat only', () => {
    expect(v3.supports('chat')).toBe(true);
    expect(v3.supports('embeddings')).toBe(false);
    expect(() => v3.buildRequest({ ...call({}), mode: 'embeddings' })).toThrow(RelayError);
  });
});

describe('Zhipu v3 answers', () => {
  it('reads an invoke answer with JSON-quoted content and exact usage', () => {
    const answer = v3.readAnswer(call({}), fixture('zhipu-v3-invoke.json'), 'application/json');
    expect(answer.completion).toMatchObject({
      id: '75931252186628016897601864755556524089',
      object: 'chat.completion',
      model: 'chatglm_turbo',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: ' 你好👋！我是人工智能助手智谱清言，\n可以回答你的问题。',
          },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 2, completion_tokens: 16, total_tokens: 18 },
    });
    expect(answer.usage).toMatchObject({ promptTokens: 2, completionTokens: 16 });
  });

  it('throws business errors inside a 200 body with the status their code means', () => {
    const error = (() => {
      try {
        v3.readAnswer(call({}), fixture('zhipu-v3-error.json'), 'application/json');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toMatchObject({ status: 429, code: '1302', local: false });
    expect(v3.classifyError(error as RelayError)).toEqual({
      retryable: true,
      credentialRejected: false,
    });
  });

  it.each([
    [1000, 401, true, true],
    [1002, 401, true, true],
    [1112, 403, true, true],
    [1113, 402, true, true],
    [1234, 500, true, false],
    [1301, 400, false, false],
    [1261, 400, false, false],
    [1305, 429, true, false],
    [500, 500, true, false],
  ])('classifies code %i as HTTP %i', (code, status, retryable, credentialRejected) => {
    const parsed = zhipuBusinessError(code, 'm');
    expect(parsed.status).toBe(status);
    expect(v3.classifyError(parsed)).toEqual({ retryable, credentialRejected });
  });

  it('reads v3 and v4 error bodies and falls back to the standard reading', () => {
    const v3Body = parseZhipuError(
      200,
      Buffer.from('{"code":1002,"msg":"Token非法","success":false}'),
    );
    expect(v3Body).toMatchObject({ status: 401, code: '1002', message: 'Token非法' });
    const v4 = parseZhipuError(
      401,
      Buffer.from('{"error":{"code":"1003","message":"Authorization Token已过期。"}}'),
    );
    expect(v4).toMatchObject({ status: 401, code: '1003', type: 'authentication_error' });
    expect(parseZhipuError(502, Buffer.from('<html>bad gateway</html>'))).toMatchObject({
      status: 502,
      code: 'bad_response_status_code',
    });
  });
});

describe('Zhipu v3 streams', () => {
  it(
    'splits the sse-invoke body into the same events at every chunk split point',
    () => {
      const body = fixture('zhipu-v3-stream.txt');
      const whole = JSON.stringify(parse([body]));
      expect(JSON.parse(whole)).toEqual([
        { event: 'add', data: '你好' },
        { event: 'add', data: ' 我是智谱\nAI 助手' },
        { event: 'add', data: '。' },
        { event: 'finish', data: '' },
        {
          event: 'meta',
          data: '{"task_status":"SUCCESS","usage":{"completion_tokens":9,"prompt_tokens":5,"total_tokens":14},"task_id":"8311273847152231590","request_id":"req-1"}',
        },
      ]);
      for (let cut = 1; cut < body.length; cut += 1) {
        const split = JSON.stringify(parse([body.subarray(0, cut), body.subarray(cut)]));
        if (split !== whole) expect(split).toBe(whole);
      }
    },
    SPLIT_TEST_TIMEOUT_MS,
  );

  it('dispatches a last block the body did not end with a blank line', () => {
    const parser = new ZhipuStreamParser();
    expect(parser.push(Buffer.from('event:finish\ndata:bye\nmeta:{}'))).toEqual([]);
    expect(parser.flush()).toEqual([
      { event: 'finish', data: 'bye' },
      { event: 'meta', data: '{}' },
    ]);
  });

  it('relays the stream to an OpenAI client with the text, stop and usage', () => {
    const input = { ...call({}, true), clientWantsUsage: true };
    const converter = streamForClient(openAiFormat, v3, input);
    let output = '';
    for (const event of parse([fixture('zhipu-v3-stream.txt')])) output += converter.onEvent(event);
    output += converter.finish({ clean: true, usage: converter.usage! });
    const chunks = output
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: {'))
      .map(
        (frame) =>
          JSON.parse(frame.slice(6)) as {
            choices: { delta: { content?: string }; finish_reason: string | null }[];
            usage?: unknown;
          },
      );
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(
      '你好 我是智谱\nAI 助手。',
    );
    expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual([
      'stop',
    ]);
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 9 });
    expect(output.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('ends the stream with the upstream error of an error or interrupted event', () => {
    for (const name of ['error', 'interrupted']) {
      const reader = v3.createStreamReader(call({}, true));
      reader.read({ event: 'add', data: 'partial' });
      const events = reader.read({ event: name, data: 'model overloaded' });
      expect(events).toEqual([{ type: 'error', error: reader.upstreamError }]);
      expect(reader.upstreamError).toMatchObject({ status: 500, message: 'model overloaded' });
      expect(reader.completionText()).toBe('partial');
    }
  });
});
