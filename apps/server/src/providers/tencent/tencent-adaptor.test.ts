import { readFileSync } from 'node:fs';
import {
  MOCK_TENCENT_SECRET_ID,
  MOCK_TENCENT_SECRET_KEY,
  verifyTencentSignature,
} from '@tollgate/mock-upstream';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput, RelayMode, UpstreamRequest } from '../provider-adaptor.js';
import { SseParser } from '../sse-parser.js';
import { openAiChunks, relayToOpenAiClient } from '../__fixtures__/relay-to-openai-client.js';
import { fixtureLines, makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { TencentAdaptor } from './tencent-adaptor.js';
import { parseTencentKey } from './tencent-credentials.js';

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

const KEY = `1250000000|${MOCK_TENCENT_SECRET_ID}|${MOCK_TENCENT_SECRET_KEY}`;
/** 2024-05-07T07:33:00Z */
const NOW = 1715067180;
const adaptor = new TencentAdaptor(() => NOW);

function call(
  mode: RelayMode,
  body: Record<string, unknown>,
  stream = false,
  model = 'hunyuan-turbo',
  channel: Partial<Parameters<typeof makeChannel>[0]> = {},
): RelayCallInput {
  return makeCallInput({
    mode,
    stream,
    upstreamModel: model,
    body: { model, ...body },
    channel: makeChannel({ type: 23, key: KEY, baseUrl: '', ...channel }),
  });
}

function requestBody(request: UpstreamRequest): Record<string, unknown> {
  return JSON.parse(String(request.body)) as Record<string, unknown>;
}

/** The mock's independent check of a signed request, as the host would receive it. */
function verify(request: UpstreamRequest, now = NOW, body = Buffer.from(String(request.body))) {
  const url = new URL(request.url);
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return verifyTencentSignature(
    'POST',
    url.pathname + url.search,
    { ...headers, host: url.host },
    body,
    'hunyuan',
    now,
  );
}

describe('TencentAdaptor requests', () => {
  it('converts a chat call to a Hunyuan body with the action headers', () => {
    const request = adaptor.buildRequest(
      call('chat', {
        messages: [
          { role: 'developer', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
            ],
          },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'look', arguments: '{"a":1}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'c1', content: 'a cat' },
        ],
        tools: [
          {
            type: 'function',
            function: { name: 'look', description: 'Look', parameters: { type: 'object' } },
          },
        ],
        tool_choice: 'required',
        temperature: 0.3,
        top_p: 0.8,
        stop: 'END',
        seed: 7,
      }),
    );
    expect(request.url).toBe('https://hunyuan.tencentcloudapi.com/');
    expect(request.headers).toEqual({
      'Content-Type': 'application/json',
      'X-TC-Action': 'ChatCompletions',
      'X-TC-Version': '2023-09-01',
    });
    expect(requestBody(request)).toEqual({
      Model: 'hunyuan-turbo',
      Messages: [
        { Role: 'system', Content: 'Be brief.' },
        {
          Role: 'user',
          Contents: [
            { Type: 'text', Text: 'What is this?' },
            { Type: 'image_url', ImageUrl: { Url: 'https://example.com/cat.png' } },
          ],
        },
        {
          Role: 'assistant',
          Content: '',
          ToolCalls: [
            { Id: 'c1', Type: 'function', Function: { Name: 'look', Arguments: '{"a":1}' } },
          ],
        },
        { Role: 'tool', Content: 'a cat', ToolCallId: 'c1' },
      ],
      Stream: false,
      Temperature: 0.3,
      TopP: 0.8,
      Stop: ['END'],
      Seed: 7,
      Tools: [
        {
          Type: 'function',
          Function: { Name: 'look', Parameters: '{"type":"object"}', Description: 'Look' },
        },
      ],
      ToolChoice: 'auto',
    });
  });

  it('names a forced tool with CustomTool, sends the region, converts embeddings', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const forced = adaptor.buildRequest(
      call(
        'chat',
        {
          messages: [{ role: 'user', content: 'hi' }],
          tools,
          tool_choice: { type: 'function', function: { name: 'f' } },
        },
        true,
        'hunyuan-turbo',
        { other: 'ap-guangzhou' },
      ),
    );
    expect(forced.headers['X-TC-Region']).toBe('ap-guangzhou');
    expect(requestBody(forced)).toMatchObject({
      Stream: true,
      ToolChoice: 'custom',
      CustomTool: { Type: 'function', Function: { Name: 'f', Parameters: '{"type":"object"}' } },
    });
    const embedding = adaptor.buildRequest(
      call('embeddings', { input: 'hello' }, false, 'hunyuan-embedding'),
    );
    expect(embedding.headers['X-TC-Action']).toBe('GetEmbedding');
    expect(requestBody(embedding)).toEqual({ InputList: ['hello'] });
    expect(adaptor.supports('images')).toBe(false);
    expect(() => adaptor.buildRequest(call('chat', { messages: [] }))).toThrow(RelayError);
  });

  it('refuses a key that is not AppId|SecretId|SecretKey as a rejected credential', () => {
    for (const key of ['id|secret', 'a|b|c|d', 'app||secret']) {
      expect(() => parseTencentKey(key)).toThrow(
        expect.objectContaining({ status: 401, code: 'invalid_tencent_key' }),
      );
    }
  });
});

describe('TencentAdaptor signatures (checked by the mock upstream, an independent implementation)', () => {
  it('signs at send time with TC3-HMAC-SHA256 over the exact body', async () => {
    const input = call('chat', { messages: [{ role: 'user', content: '你好' }] });
    const signed = await adaptor.authorize(input, adaptor.buildRequest(input));
    expect(signed.headers['X-TC-Timestamp']).toBe(String(NOW));
    expect(signed.headers.Authorization).toMatch(
      new RegExp(
        `^TC3-HMAC-SHA256 Credential=${MOCK_TENCENT_SECRET_ID}/2024-05-07/hunyuan/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(verify(signed)).toBeUndefined();
  });

  it('is refused when the body, the time or the secret differ, or the signature is missing', async () => {
    const input = call('chat', { messages: [{ role: 'user', content: 'hi' }] });
    const signed = await adaptor.authorize(input, adaptor.buildRequest(input));
    expect(verify(signed, NOW, Buffer.from('{"Model":"other"}'))?.code).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect(verify(signed, NOW + 301)?.code).toBe('AuthFailure.SignatureExpire');
    const wrongSecret = makeChannel({ type: 23, key: `app|${MOCK_TENCENT_SECRET_ID}|nope` });
    const other = await adaptor.authorize(
      { ...input, channel: wrongSecret },
      adaptor.buildRequest(input),
    );
    expect(verify(other)?.code).toBe('AuthFailure.SignatureFailure');
    const unknownId = makeChannel({ type: 23, key: `app|AKIDunknown|${MOCK_TENCENT_SECRET_KEY}` });
    const stranger = await adaptor.authorize(
      { ...input, channel: unknownId },
      adaptor.buildRequest(input),
    );
    expect(verify(stranger)?.code).toBe('AuthFailure.SecretIdNotFound');
    const { Authorization: _dropped, ...unsigned } = signed.headers;
    expect(verify({ ...signed, headers: unsigned })?.code).toBe('AuthFailure.SignatureFailure');
  });
});

describe('TencentAdaptor answers', () => {
  it('reads a chat answer with its usage', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('hunyuan-chat.json'), '');
    expect(answer.completion).toMatchObject({
      id: 'e2d2f7c4-3e2f-4f0b-9f0c-2a7b7a6b0f3c',
      object: 'chat.completion',
      created: 1715067180,
      model: 'hunyuan-turbo',
      choices: [
        {
          message: { role: 'assistant', content: '您好！我是腾讯混元大模型，有什么可以帮您？' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 14, total_tokens: 17 },
    });
    expect(answer.usage).toMatchObject({ promptTokens: 3, completionTokens: 14 });
  });

  it('reads a tool call', () => {
    const answer = adaptor.readAnswer(call('chat', {}), fixture('hunyuan-tool-call.json'), '');
    expect(answer.completion).toMatchObject({
      choices: [
        {
          message: {
            content: null,
            tool_calls: [
              {
                id: 'call_cp7bc0c3ttnhdpcd9nvg',
                type: 'function',
                function: { name: 'get_current_weather', arguments: '{"location": "北京"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 125, completion_tokens: 17 },
    });
  });

  it('reads embeddings', () => {
    const input = call('embeddings', { input: ['a', 'b'] }, false, 'hunyuan-embedding');
    const answer = adaptor.readAnswer(input, fixture('hunyuan-embedding.json'), '');
    expect(answer.completion).toEqual({
      object: 'list',
      model: 'hunyuan-embedding',
      data: [
        { object: 'embedding', index: 0, embedding: [0.0134, -0.0232, 0.0518] },
        { object: 'embedding', index: 1, embedding: [-0.0089, 0.0411, 0.0127] },
      ],
      usage: { prompt_tokens: 8, total_tokens: 8 },
    });
  });

  it('gives Tencent errors in 200 bodies their HTTP meaning and classification', () => {
    const cases: [string, number, { retryable: boolean; credentialRejected: boolean }][] = [
      ['AuthFailure.SignatureFailure', 401, { retryable: true, credentialRejected: true }],
      ['AuthFailure.SecretIdNotFound', 401, { retryable: true, credentialRejected: true }],
      ['AuthFailure.SignatureExpire', 401, { retryable: true, credentialRejected: false }],
      ['LimitExceeded', 429, { retryable: true, credentialRejected: false }],
      [
        'RequestLimitExceeded.UinLimitExceeded',
        429,
        { retryable: true, credentialRejected: false },
      ],
      ['InvalidParameter', 400, { retryable: false, credentialRejected: false }],
      ['InvalidParameterValue.Model', 400, { retryable: false, credentialRejected: false }],
      [
        'ResourceInsufficient.ChargeResourceExhaust',
        403,
        { retryable: true, credentialRejected: true },
      ],
      ['InternalError', 500, { retryable: true, credentialRejected: false }],
    ];
    for (const [code, status, classification] of cases) {
      const body = Buffer.from(
        JSON.stringify({
          Response: { Error: { Code: code, Message: `m ${code}` }, RequestId: 'r' },
        }),
      );
      try {
        adaptor.readAnswer(call('chat', {}), body, 'application/json');
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ status, code, message: `m ${code}` });
        expect(adaptor.classifyError(error as RelayError)).toEqual(classification);
      }
    }
    expect(adaptor.parseError(502, fixture('tencent-error.json'))).toMatchObject({
      status: 502,
      code: 'AuthFailure.SignatureFailure',
    });
  });
});

/** Reading a stream once per byte position is quadratic: allow for a loaded machine. */
const SPLIT_TEST_TIMEOUT_MS = 60_000;

function sseBody(name: string): Buffer {
  const lines = fixtureLines(fixture(name).toString('utf8'));
  return Buffer.from(lines.map((line) => `data: ${line}\n\n`).join(''));
}

interface Chunk {
  choices: {
    delta: {
      content?: string;
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

/** What an OpenAI client receives for the stream `pieces`, as frames and their summary. */
function relay(pieces: Buffer[]) {
  const output = relayToOpenAiClient(
    adaptor,
    { ...call('chat', {}, true), clientWantsUsage: true },
    pieces,
  );
  const chunks = openAiChunks<Chunk>(output);
  let content = '';
  let name = '';
  let args = '';
  let id = '';
  let finish: string | null = null;
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      content += choice.delta.content ?? '';
      for (const toolCall of choice.delta.tool_calls ?? []) {
        id ||= toolCall.id ?? '';
        name += toolCall.function.name ?? '';
        args += toolCall.function.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
  }
  return {
    frames: output.replace(/"created":\d+/g, ''),
    summary: { content, id, name, args, finish, usage: chunks.at(-1)?.usage },
  };
}

function relayAtEverySplit(body: Buffer) {
  const whole = relay([body]);
  for (let cut = 1; cut < body.length; cut += 1) {
    const split = relay([body.subarray(0, cut), body.subarray(cut)]);
    if (split.frames !== whole.frames) expect(split.frames).toBe(whole.frames);
  }
  return whole.summary;
}

describe('HunyuanStreamReader', () => {
  it(
    'relays text deltas the same at every chunk split point',
    () => {
      expect(relayAtEverySplit(sseBody('hunyuan-stream.chunks.txt'))).toMatchObject({
        content: '您好！有什么可以帮您？',
        finish: 'stop',
        usage: { prompt_tokens: 3, completion_tokens: 9 },
      });
    },
    SPLIT_TEST_TIMEOUT_MS,
  );

  it(
    'relays a streamed tool call the same at every chunk split point',
    () => {
      expect(relayAtEverySplit(sseBody('hunyuan-tool-call.chunks.txt'))).toMatchObject({
        content: '',
        id: 'call_cp7bc0c3ttnhdpcd9nvg',
        name: 'get_current_weather',
        args: '{"location": "北京"}',
        finish: 'tool_calls',
        usage: { prompt_tokens: 125, completion_tokens: 17 },
      });
    },
    SPLIT_TEST_TIMEOUT_MS,
  );

  it('ends the stream on a Tencent error event', () => {
    const reader = adaptor.createStreamReader(call('chat', {}, true));
    const parser = new SseParser();
    const lines = fixtureLines(fixture('hunyuan-stream.chunks.txt').toString('utf8'));
    const error = JSON.stringify(JSON.parse(fixture('tencent-error.json').toString('utf8')));
    const events = parser.push(
      Buffer.from([lines[0], error, lines[1]].map((line) => `data: ${line}\n\n`).join('')),
    );
    const read = events.flatMap((event) => reader.read(event));
    expect(read.map((event) => event.type)).toEqual(['chunk', 'chunk', 'error']);
    expect(reader.upstreamError).toMatchObject({
      status: 401,
      code: 'AuthFailure.SignatureFailure',
    });
  });
});
