import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';

const adaptor = createProviderRegistry().getAdaptor(39);
const ACCOUNT = '0123456789abcdef0123456789abcdef';
const BASE = `https://api.cloudflare.com/client/v4/accounts/${ACCOUNT}/ai`;
const MODEL = '@cf/meta/llama-3.1-8b-instruct';

function call(overrides: Partial<RelayCallInput>, other = ACCOUNT): RelayCallInput {
  return makeCallInput({
    upstreamModel: MODEL,
    channel: makeChannel({ type: 39, key: 'cf-token', baseUrl: '', other }),
    ...overrides,
  });
}

describe('CloudflareAdaptor requests', () => {
  it('sends chat and embeddings to the account OpenAI-compatible endpoints', () => {
    const chat = adaptor.buildRequest(call({ stream: true }));
    expect(chat.url).toBe(`${BASE}/v1/chat/completions`);
    expect(chat.headers.Authorization).toBe('Bearer cf-token');
    // Workers AI streams report usage when asked: Tollgate asks.
    expect(adaptor.supportsStreamOptions(makeChannel({ type: 39 }))).toBe(true);
    const embeddings = adaptor.buildRequest(
      call({
        mode: 'embeddings',
        path: '/v1/embeddings',
        body: { model: '@cf/baai/bge-m3', input: 'x' },
      }),
    );
    expect(embeddings.url).toBe(`${BASE}/v1/embeddings`);
  });

  it('sends completions to /ai/run/{model} with the Workers AI body', () => {
    const request = adaptor.buildRequest(
      call({
        mode: 'completions',
        path: '/v1/completions',
        stream: true,
        body: { model: MODEL, prompt: 'Hi', max_tokens: 5, stream: true },
      }),
    );
    expect(request.url).toBe(`${BASE}/run/${MODEL}`);
    expect(request.headers).toMatchObject({
      Authorization: 'Bearer cf-token',
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    });
    expect(JSON.parse(String(request.body))).toEqual({ prompt: 'Hi', max_tokens: 5, stream: true });
  });

  it('fails locally, naming the field, when the account id is missing', () => {
    let caught: unknown;
    try {
      adaptor.buildRequest(call({}, '  '));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    expect(caught).toMatchObject({ local: true, code: 'channel_account_id_missing' });
    expect((caught as Error).message).toContain('"other" field');
  });

  it('refuses the modes Workers AI is not wired for, locally', () => {
    for (const mode of ['images', 'speech', 'rerank', 'moderations'] as const) {
      expect(adaptor.supports(mode)).toBe(false);
      expect(() => adaptor.buildRequest(call({ mode }))).toThrow(
        /not supported by this channel type/,
      );
    }
  });
});

describe('CloudflareAdaptor answers', () => {
  it('passes chat answers through and converts native completions', () => {
    const chatBody = Buffer.from(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }],
        usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
      }),
    );
    const chat = adaptor.passThroughAnswer!(call({}), chatBody, 'application/json');
    expect(chat.body).toBe(chatBody);
    expect(chat.usage).toMatchObject({ promptTokens: 3, completionTokens: 1 });

    const native = adaptor.passThroughAnswer!(
      call({ mode: 'completions', path: '/v1/completions', body: { model: MODEL, prompt: 'x' } }),
      Buffer.from(JSON.stringify({ result: { response: 'ok' }, success: true, errors: [] })),
      'application/json',
    );
    expect(JSON.parse(String(native.body))).toMatchObject({
      object: 'text_completion',
      choices: [{ text: 'ok' }],
    });
    expect(native.completionText).toBe('ok');
  });

  it('reads the Cloudflare error envelope on every endpoint', () => {
    const error = adaptor.parseError(
      401,
      Buffer.from('{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}'),
    );
    expect(error).toMatchObject({ code: '10000', message: 'Authentication error' });
    expect(adaptor.classifyError(error).credentialRejected).toBe(true);
  });
});
