import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RelayCallInput, RelayMode } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';
import { SseParser } from '../sse-parser.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';

const adaptor = createProviderRegistry().getAdaptor(17);
const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

/** Reading a stream once per byte position is quadratic: allow for a loaded machine. */
const SPLIT_TEST_TIMEOUT_MS = 60_000;

function call(
  mode: RelayMode,
  body: Record<string, unknown>,
  extra: Partial<RelayCallInput> = {},
): RelayCallInput {
  const model = String(body.model ?? 'qwen-plus');
  return makeCallInput({
    mode,
    upstreamModel: model,
    body: { model, ...body },
    channel: makeChannel({ type: 17, key: 'sk-ds', baseUrl: '', other: '' }),
    ...extra,
  });
}

describe('Ali DashScope requests', () => {
  it('sends chat to the compatible mode with top_p clamped into [0.001, 0.999]', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    const high = adaptor.buildRequest(call('chat', { messages, top_p: 1 }));
    expect(high.url).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions');
    expect(high.headers).toMatchObject({ Authorization: 'Bearer sk-ds' });
    expect(high.headers['X-DashScope-SSE']).toBeUndefined();
    expect(high.headers['X-DashScope-Plugin']).toBeUndefined();
    expect(JSON.parse(String(high.body))).toMatchObject({ top_p: 0.999 });
    const low = adaptor.buildRequest(call('chat', { messages, top_p: 0 }));
    expect(JSON.parse(String(low.body))).toMatchObject({ top_p: 0.001 });
  });

  it('marks streams, asks for their usage and names the channel plugin', () => {
    const input = call(
      'chat',
      {
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      },
      {
        stream: true,
        channel: makeChannel({
          type: 17,
          key: 'sk-ds',
          baseUrl: 'https://ds.test/',
          other: 'pdf_extracter',
        }),
      },
    );
    // The relay adds include_usage for adaptors whose upstream honours it; this one keeps it.
    expect(adaptor.supportsStreamOptions(input.channel)).toBe(true);
    const request = adaptor.buildRequest(input);
    expect(request.url).toBe('https://ds.test/compatible-mode/v1/chat/completions');
    expect(request.headers).toMatchObject({
      'X-DashScope-SSE': 'enable',
      'X-DashScope-Plugin': 'pdf_extracter',
    });
    expect(JSON.parse(String(request.body))).toMatchObject({
      stream_options: { include_usage: true },
    });
  });

  it('sends embeddings to the native API', () => {
    const request = adaptor.buildRequest(
      call('embeddings', { model: 'text-embedding-v3', input: 'hello', dimensions: 512 }),
    );
    expect(request.url).toBe(
      'https://dashscope.aliyuncs.com/api/v1/services/embeddings/text-embedding/text-embedding',
    );
    expect(JSON.parse(String(request.body))).toEqual({
      model: 'text-embedding-v3',
      input: { texts: ['hello'] },
      parameters: { dimension: 512 },
    });
    const unnamed = adaptor.buildRequest({
      ...call('embeddings', { input: ['a', 'b'] }),
      upstreamModel: '',
    });
    expect(JSON.parse(String(unnamed.body))).toMatchObject({ model: 'text-embedding-v1' });
    expect(() => adaptor.buildRequest(call('embeddings', { input: [1, 2] }))).toThrow(/input/);
  });

  it('submits image generations as asynchronous tasks', () => {
    const request = adaptor.buildRequest(
      call('images', {
        model: 'wanx-v1',
        prompt: 'a cat',
        negative_prompt: 'dogs',
        size: '720x1280',
        n: 2,
      }),
    );
    expect(request.url).toBe(
      'https://dashscope.aliyuncs.com/api/v1/services/aigc/text2image/image-synthesis',
    );
    expect(request.headers).toMatchObject({ 'X-DashScope-Async': 'enable' });
    expect(JSON.parse(String(request.body))).toEqual({
      model: 'wanx-v1',
      input: { prompt: 'a cat', negative_prompt: 'dogs' },
      parameters: { size: '720*1280', n: 2 },
    });
    const plain = adaptor.buildRequest(call('images', { model: 'wanx-v1', prompt: 'a cat' }));
    expect(JSON.parse(String(plain.body))).toMatchObject({
      parameters: { size: '1024*1024', n: 1 },
    });
  });

  it('serves chat, embeddings and images only', () => {
    expect(
      ['chat', 'embeddings', 'images', 'rerank', 'speech'].map((mode) =>
        adaptor.supports(mode as RelayMode),
      ),
    ).toEqual([true, true, true, false, false]);
  });
});

describe('Ali DashScope answers', () => {
  it('converts native embeddings to OpenAI order and usage', () => {
    const input = call('embeddings', { model: 'text-embedding-v3', input: ['a', 'b'] });
    const answer = adaptor.readAnswer(
      input,
      fixture('dashscope-embedding.json'),
      'application/json',
    );
    expect(answer.completion).toEqual({
      object: 'list',
      model: 'text-embedding-v3',
      data: [
        { object: 'embedding', index: 0, embedding: [-0.0305, 0.0169, 0.0079] },
        { object: 'embedding', index: 1, embedding: [0.25, -0.5, 0.125] },
      ],
      usage: { prompt_tokens: 12, total_tokens: 12 },
    });
    expect(answer.usage).toMatchObject({ promptTokens: 12, completionTokens: 0 });
    const base64 = adaptor.readAnswer(
      call('embeddings', { input: ['a', 'b'], encoding_format: 'base64' }),
      fixture('dashscope-embedding.json'),
      'application/json',
    );
    const second = (base64.completion.data as { embedding: string }[])[1]!.embedding;
    const bytes = Buffer.from(second, 'base64');
    expect([0, 4, 8].map((offset) => bytes.readFloatLE(offset))).toEqual([0.25, -0.5, 0.125]);
  });

  it(
    'reads the compatible-mode stream and its usage chunk at every split point',
    () => {
      const body = fixture('dashscope-compatible-stream.txt');
      const read = (pieces: Buffer[]) => {
        const parser = new SseParser();
        const reader = adaptor.createStreamReader(call('chat', {}, { stream: true }));
        let text = '';
        const finishes: unknown[] = [];
        for (const event of [...pieces.flatMap((piece) => parser.push(piece)), ...parser.flush()]) {
          for (const internal of reader.read(event)) {
            if (internal.type !== 'chunk') continue;
            const choice = (
              internal.chunk.choices as { delta: { content?: string }; finish_reason: unknown }[]
            )[0];
            text += choice?.delta.content ?? '';
            if (choice?.finish_reason) finishes.push(choice.finish_reason);
          }
        }
        return JSON.stringify({ text, finishes, usage: reader.usage });
      };
      const whole = read([body]);
      expect(JSON.parse(whole)).toMatchObject({
        text: '我是来自阿里云的超大规模语言模型',
        finishes: ['stop'],
        usage: { promptTokens: 22, completionTokens: 17 },
      });
      for (let cut = 1; cut < body.length; cut += 1) {
        const split = read([body.subarray(0, cut), body.subarray(cut)]);
        if (split !== whole) expect(split).toBe(whole);
      }
    },
    SPLIT_TEST_TIMEOUT_MS,
  );
});

describe('Ali DashScope errors', () => {
  const error = (status: number, body: string | Buffer) =>
    adaptor.parseError(status, typeof body === 'string' ? Buffer.from(body) : body);

  it('rejects the key on InvalidApiKey (auto-disable)', () => {
    const parsed = error(401, fixture('dashscope-error-invalid-key.json'));
    expect(parsed).toMatchObject({
      status: 401,
      code: 'InvalidApiKey',
      message: 'Invalid API-key provided.',
    });
    expect(adaptor.classifyError(parsed)).toEqual({ retryable: true, credentialRejected: true });
  });

  it('retries throttling elsewhere as a 429', () => {
    const parsed = error(400, '{"code":"Throttling.AllocationQuota","message":"Too many tokens"}');
    expect(parsed.status).toBe(429);
    expect(adaptor.classifyError(parsed)).toEqual({ retryable: true, credentialRejected: false });
  });

  it('does not retry content refused by data inspection', () => {
    const native = error(
      400,
      '{"code":"DataInspectionFailed","message":"Input data may contain inappropriate content."}',
    );
    expect(native.status).toBe(400);
    expect(adaptor.classifyError(native)).toEqual({ retryable: false, credentialRejected: false });
    const compatible = error(
      400,
      '{"error":{"code":"data_inspection_failed","param":null,"message":"Input data may contain inappropriate content.","type":"data_inspection_failed"},"request_id":"x"}',
    );
    expect(compatible).toMatchObject({ status: 400, code: 'data_inspection_failed' });
    expect(adaptor.classifyError(compatible).retryable).toBe(false);
  });

  it('reads compatible-mode OpenAI errors and bodies that are not JSON', () => {
    const key = error(
      401,
      '{"error":{"message":"Incorrect API key provided. ","type":"invalid_request_error","param":null,"code":"invalid_api_key"},"request_id":"x"}',
    );
    expect(key).toMatchObject({ status: 401, code: 'invalid_api_key' });
    expect(adaptor.classifyError(key).credentialRejected).toBe(true);
    expect(error(503, 'upstream connect error')).toMatchObject({
      status: 503,
      code: 'bad_response_status_code',
    });
  });
});
