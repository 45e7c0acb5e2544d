import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import type { AccessToken } from '../access-token-cache.js';
import type { RelayCallInput, RelayMode } from '../provider-adaptor.js';
import { SseParser } from '../sse-parser.js';
import { relayToOpenAiClient } from '../__fixtures__/relay-to-openai-client.js';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { BaiduTokenCache, parseBaiduKey, type BaiduCredential } from './baidu-access-token.js';
import { BaiduAdaptor } from './baidu-adaptor.js';
import { ernieEndpoint } from './baidu-endpoints.js';

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** A token cache whose fetcher counts calls and records the credentials it was given. */
function countingTokens() {
  const state = { calls: 0, credentials: [] as BaiduCredential[] };
  const cache = new BaiduTokenCache(async (credential): Promise<AccessToken> => {
    state.calls += 1;
    state.credentials.push(credential);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { token: `24.token-${state.calls}`, expiresAt: Date.now() + 30 * 86_400_000 };
  });
  return { state, cache };
}

function call(
  mode: RelayMode,
  body: Record<string, unknown>,
  stream = false,
  model = 'ERNIE-4.0-8K',
): RelayCallInput {
  return makeCallInput({
    mode,
    stream,
    upstreamModel: model,
    body: { model, ...body },
    channel: makeChannel({ type: 15, key: 'api-key|secret-key', baseUrl: '' }),
  });
}

function requestBody(request: { body: unknown }): Record<string, unknown> {
  return JSON.parse(String(request.body)) as Record<string, unknown>;
}

describe('BaiduAdaptor requests', () => {
  const adaptor = new BaiduAdaptor(countingTokens().cache);

  it('maps models to wenxinworkshop endpoints', () => {
    expect(ernieEndpoint('ERNIE-4.0-8K')).toBe('completions_pro');
    expect(ernieEndpoint('ERNIE-3.5-8K')).toBe('completions');
    expect(ernieEndpoint('ERNIE-Speed-8K')).toBe('ernie_speed');
    expect(ernieEndpoint('ERNIE-4.0-Turbo-8K')).toBe('ernie-4.0-turbo-8k');
  });

  it('converts a chat call to an ERNIE body', () => {
    const request = adaptor.buildRequest(
      call('chat', {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: 'Answer in English.' },
          { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
          { role: 'user', content: 'In Paris.' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"c":1}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
        ],
        tools: [
          {
            type: 'function',
            function: { name: 'weather', description: 'Weather', parameters: { type: 'object' } },
          },
        ],
        tool_choice: { type: 'function', function: { name: 'weather' } },
        temperature: 1.5,
        top_p: 0.5,
        frequency_penalty: 0.5,
        max_completion_tokens: 100,
        stop: 'END',
        user: 'u-1',
        response_format: { type: 'json_object' },
      }),
    );
    expect(request.url).toBe(
      'https://aip.baidubce.com/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/completions_pro',
    );
    expect(requestBody(request)).toEqual({
      system: 'Be brief.\n\nAnswer in English.',
      messages: [
        { role: 'user', content: 'Weather?\nIn Paris.' },
        {
          role: 'assistant',
          content: '',
          function_call: { name: 'weather', arguments: '{"c":1}' },
        },
        { role: 'function', name: 'weather', content: 'sunny' },
      ],
      temperature: 1,
      top_p: 0.5,
      penalty_score: 1,
      max_output_tokens: 100,
      stop: ['END'],
      user_id: 'u-1',
      response_format: 'json_object',
      functions: [{ name: 'weather', description: 'Weather', parameters: { type: 'object' } }],
      tool_choice: { type: 'function', function: { name: 'weather' } },
    });
  });

  it('leaves functions out for models without them, and with tool_choice none', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const speed = adaptor.buildRequest(
      call('chat', { messages: [{ role: 'user', content: 'hi' }], tools }, true, 'ERNIE-Speed-8K'),
    );
    expect(speed.url).toMatch(/\/chat\/ernie_speed$/);
    expect(requestBody(speed)).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const none = adaptor.buildRequest(
      call('chat', { messages: [{ role: 'user', content: 'hi' }], tools, tool_choice: 'none' }),
    );
    expect(requestBody(none)).not.toHaveProperty('functions');
  });

  it('converts embeddings and refuses other modes and bodies', () => {
    const request = adaptor.buildRequest(
      call('embeddings', { input: 'hello' }, false, 'Embedding-V1'),
    );
    expect(request.url).toBe(
      'https://aip.baidubce.com/rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1',
    );
    expect(requestBody(request)).toEqual({ input: ['hello'] });
    expect(() => adaptor.buildRequest(call('embeddings', { input: [1, 2] }))).toThrow(RelayError);
    expect(() => adaptor.buildRequest(call('chat', { messages: [] }))).toThrow(RelayError);
    expect(adaptor.supports('images')).toBe(false);
  });

  it('refuses a key that is not APIKey|SecretKey as a rejected credential', () => {
    for (const key of ['only-one-part', 'a|b|c', '|secret']) {
      try {
        parseBaiduKey(key, 'https://aip.baidubce.com');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(RelayError);
        expect((error as RelayError).status).toBe(401);
      }
    }
  });
});

describe('BaiduAdaptor access tokens', () => {
  it('gets one token for concurrent calls, sends it as access_token and reuses it', async () => {
    const { state, cache } = countingTokens();
    const adaptor = new BaiduAdaptor(cache);
    const input = call('chat', { messages: [{ role: 'user', content: 'hi' }] });
    const built = adaptor.buildRequest(input);
    const requests = await Promise.all([1, 2, 3].map(() => adaptor.authorize(input, built)));
    expect(requests.map((request) => request.url)).toEqual(
      Array(3).fill(`${built.url}?access_token=24.token-1`),
    );
    expect(state.calls).toBe(1);
    expect(state.credentials[0]).toEqual({
      apiKey: 'api-key',
      secretKey: 'secret-key',
      oauthBase: 'https://aip.baidubce.com',
    });
  });

  it('drops a token ERNIE refuses (110) once, so the next call refreshes it', async () => {
    const { state, cache } = countingTokens();
    const adaptor = new BaiduAdaptor(cache);
    const first = call('chat', { messages: [{ role: 'user', content: 'hi' }] });
    const second = call('chat', { messages: [{ role: 'user', content: 'hi' }] });
    await adaptor.authorize(first, adaptor.buildRequest(first));
    await adaptor.authorize(second, adaptor.buildRequest(second));
    for (const input of [first, second]) {
      try {
        adaptor.readAnswer(input, fixture('ernie-error-110.json'), 'application/json');
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ status: 401, type: 'baidu_error', code: '110' });
        expect(adaptor.classifyError(error as RelayError)).toEqual({
          retryable: true,
          credentialRejected: false,
        });
      }
    }
    const third = call('chat', { messages: [{ role: 'user', content: 'hi' }] });
    const request = await adaptor.authorize(third, adaptor.buildRequest(third));
    expect(request.url).toMatch(/access_token=24\.token-2$/);
    expect(state.calls).toBe(2);
  });
});

describe('BaiduAdaptor answers', () => {
  const adaptor = new BaiduAdaptor(countingTokens().cache);

  it('reads a chat answer with its usage', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('ernie-chat.json'), '');
    expect(answer.completion).toMatchObject({
      id: 'chatcmpl-as-bcmt5ct4iy',
      object: 'chat.completion',
      created: 1680167072,
      model: 'ERNIE-4.0-8K',
      choices: [
        {
          message: { role: 'assistant', content: expect.stringContaining('文心一言') },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 4, completion_tokens: 36, total_tokens: 40 },
    });
    expect(answer.usage).toMatchObject({ promptTokens: 4, completionTokens: 36 });
  });

  it('reads a function call as a tool call with the thoughts as reasoning', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('ernie-function-call.json'), '');
    expect(answer.completion).toMatchObject({
      choices: [
        {
          message: {
            content: null,
            reasoning_content: expect.stringContaining('get_current_weather'),
            tool_calls: [
              {
                id: 'call_as-r19m2dni8y',
                type: 'function',
                function: {
                  name: 'get_current_weather',
                  arguments: '{"location":"深圳","unit":"摄氏度"}',
                },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
  });

  it('reads embeddings, as floats or base64', () => {
    const input = call('embeddings', { input: ['a', 'b'] }, false, 'Embedding-V1');
    const answer = adaptor.readAnswer(input, fixture('ernie-embeddings.json'), '');
    expect(answer.completion).toMatchObject({
      object: 'list',
      model: 'Embedding-V1',
      data: [
        {
          object: 'embedding',
          index: 0,
          embedding: [0.018314670771360397, 0.00942440889775753, -0.36294862627983093],
        },
        { object: 'embedding', index: 1 },
      ],
      usage: { prompt_tokens: 12, total_tokens: 12 },
    });
    const base64 = adaptor.readAnswer(
      call('embeddings', { input: ['a'], encoding_format: 'base64' }, false, 'Embedding-V1'),
      fixture('ernie-embeddings.json'),
      '',
    );
    const encoded = (base64.completion.data as { embedding: string }[])[0]!.embedding;
    expect(Buffer.from(encoded, 'base64').readFloatLE(0)).toBeCloseTo(0.0183146, 5);
  });

  it('gives ERNIE errors in 200 bodies their HTTP meaning and classification', () => {
    const cases: [number, number, { retryable: boolean; credentialRejected: boolean }][] = [
      [18, 429, { retryable: true, credentialRejected: false }],
      [336501, 429, { retryable: true, credentialRejected: false }],
      [336003, 400, { retryable: false, credentialRejected: false }],
      [14, 401, { retryable: true, credentialRejected: true }],
      [336100, 500, { retryable: true, credentialRejected: false }],
    ];
    for (const [code, status, classification] of cases) {
      const body = Buffer.from(JSON.stringify({ error_code: code, error_msg: `error ${code}` }));
      try {
        adaptor.readAnswer(call('chat', {}), body, 'application/json');
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ status, message: `error ${code}`, code: String(code) });
        expect(adaptor.classifyError(error as RelayError)).toEqual(classification);
      }
    }
    expect(adaptor.parseError(502, Buffer.from('bad gateway'))).toMatchObject({ status: 502 });
  });
});

/** Reading a stream once per byte position is quadratic: allow for a loaded machine. */
const SPLIT_TEST_TIMEOUT_MS = 60_000;

function sseBody(lines: string[]): Buffer {
  return Buffer.from(lines.map((line) => `data: ${line}\n\n`).join(''));
}

/** What an OpenAI client receives for the stream `pieces`. */
function relay(adaptor: BaiduAdaptor, pieces: Buffer[]) {
  return relayToOpenAiClient(
    adaptor,
    { ...call('chat', {}, true), clientWantsUsage: true },
    pieces,
  );
}

describe('ErnieStreamReader', () => {
  const adaptor = new BaiduAdaptor(countingTokens().cache);

  it(
    'relays ERNIE stream events the same at every chunk split point',
    () => {
      const body = sseBody(fixtureLines(fixture('ernie-stream.chunks.txt').toString('utf8')));
      const whole = relay(adaptor, [body]);
      const chunks = whole
        .split('\n\n')
        .filter((frame) => frame.startsWith('data: {'))
        .map(
          (frame) =>
            JSON.parse(frame.slice(6)) as {
              choices: { delta: { content?: string }; finish_reason: string | null }[];
              usage?: { prompt_tokens: number; completion_tokens: number };
            },
        );
      const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(text).toBe('您好，我是文心一言，有什么可以帮助你的吗？');
      expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason).filter(Boolean)).toEqual([
        'stop',
      ]);
      expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 2, completion_tokens: 16 });
      expect(whole.endsWith('data: [DONE]\n\n')).toBe(true);
      for (let cut = 1; cut < body.length; cut += 1) {
        const split = relay(adaptor, [body.subarray(0, cut), body.subarray(cut)]);
        // Ids and timestamps are the same: compare the frames without `created`.
        const strip = (text: string) => text.replace(/"created":\d+/g, '');
        if (strip(split) !== strip(whole)) expect(strip(split)).toBe(strip(whole));
      }
    },
    SPLIT_TEST_TIMEOUT_MS,
  );

  it('ends the stream with an ERNIE error event, and drops a refused token', async () => {
    const { state, cache } = countingTokens();
    const tokenAdaptor = new BaiduAdaptor(cache);
    const input = call('chat', { messages: [{ role: 'user', content: 'hi' }] }, true);
    await tokenAdaptor.authorize(input, tokenAdaptor.buildRequest(input));
    const reader = tokenAdaptor.createStreamReader(input);
    const lines = fixtureLines(fixture('ernie-stream.chunks.txt').toString('utf8'));
    const parser = new SseParser();
    const events = parser.push(
      sseBody([lines[0]!, '{"error_code":111,"error_msg":"Access token expired"}', lines[1]!]),
    );
    const read = events.flatMap((event) => reader.read(event));
    expect(read.map((event) => event.type)).toEqual(['chunk', 'chunk', 'error']);
    expect(reader.upstreamError).toMatchObject({ status: 401, code: '111' });
    const next = call('chat', { messages: [{ role: 'user', content: 'hi' }] });
    await tokenAdaptor.authorize(next, tokenAdaptor.buildRequest(next));
    expect(state.calls).toBe(2);
  });
});
