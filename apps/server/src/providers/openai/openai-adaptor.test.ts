import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { OpenAiAdaptor } from './openai-adaptor.js';
import { openRouterVendor } from './vendors/openrouter.js';

function build(
  overrides: Partial<RelayCallInput>,
  channel: Parameters<typeof makeChannel>[0] = {},
) {
  const input = makeCallInput({ ...overrides, channel: makeChannel(channel) });
  const request = getAdaptor(input.channel.type).buildRequest(input);
  const body =
    typeof request.body === 'string'
      ? (JSON.parse(request.body) as Record<string, unknown>)
      : undefined;
  return { request, body, input };
}

describe('OpenAiAdaptor headers', () => {
  it('sends a Bearer key and a JSON content type', () => {
    const { request } = build({});
    expect(request.method).toBe('POST');
    expect(request.headers).toEqual({
      Authorization: 'Bearer sk-test',
      'Content-Type': 'application/json',
    });
  });

  it('sends OpenAI-Organization on OpenAI channels only', () => {
    expect(
      build({}, { type: 1, organization: 'org-123' }).request.headers['OpenAI-Organization'],
    ).toBe('org-123');
    expect(
      build({}, { type: 7, organization: 'org-123' }).request.headers['OpenAI-Organization'],
    ).toBeUndefined();
  });

  it('sends the key as api-key on Azure', () => {
    const { request } = build(
      {},
      { type: 3, baseUrl: 'https://res.openai.azure.com', key: 'azure-key' },
    );
    expect(request.headers['api-key']).toBe('azure-key');
    expect(request.headers.Authorization).toBeUndefined();
  });

  it('adds OpenRouter attribution headers', () => {
    const { request } = build({}, { type: 20 });
    expect(request.headers['X-Title']).toBe('Tollgate');
    const withReferer = new OpenAiAdaptor(openRouterVendor.openAiProfile!, {
      azureDefaultApiVersion: '2024-12-01-preview',
      openRouterReferer: 'https://gateway.example.com',
    }).buildRequest(makeCallInput({ channel: makeChannel({ type: 20 }) }));
    expect(withReferer.headers['HTTP-Referer']).toBe('https://gateway.example.com');
    expect(withReferer.headers['X-Title']).toBe('Tollgate');
  });

  it("copies the client's Accept, or asks for an event stream when streaming", () => {
    expect(build({ clientHeaders: { accept: 'application/json' } }).request.headers.Accept).toBe(
      'application/json',
    );
    expect(build({ stream: true }).request.headers.Accept).toBe('text/event-stream');
  });

  it('omits Authorization when the channel has no key (Ollama)', () => {
    expect(build({}, { type: 4, key: '' }).request.headers.Authorization).toBeUndefined();
  });
});

describe('OpenAiAdaptor request body', () => {
  it('sends the body unchanged for ordinary models and does not modify the input', () => {
    const original = {
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'be brief' }],
      max_tokens: 10,
      temperature: 0.2,
    };
    const { body, input } = build({ body: original, upstreamModel: 'gpt-4o' });
    expect(body).toEqual(original);
    expect(input.body).toEqual(original);
  });

  it("forwards the client's raw bytes when nothing had to change", () => {
    const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] };
    const rawBody = Buffer.from(' {"model":"gpt-4o","messages":[{"role":"user","content":"hi"}]}');
    const unchanged = build({
      body,
      rawBody,
      bodyUnchanged: true,
      upstreamModel: 'gpt-4o',
    }).request;
    expect(unchanged.body).toBe(rawBody);
    const changedByAdaptor = build({
      body: { ...body, stream_options: { include_usage: true } },
      rawBody,
      bodyUnchanged: true,
      upstreamModel: 'gpt-4o',
    }).request;
    expect(typeof changedByAdaptor.body).toBe('string');
    expect(build({ body, rawBody, bodyUnchanged: false }).request.body).not.toBe(rawBody);
  });

  it('applies the o1/o3 rules: max_completion_tokens, no temperature, effort suffix, developer role', () => {
    const { body, request } = build({
      upstreamModel: 'o3-mini-high',
      body: {
        model: 'o3-mini-high',
        messages: [
          { role: 'system', content: 'rules' },
          { role: 'user', content: 'hi' },
        ],
        max_tokens: 100,
        temperature: 0.5,
      },
    });
    expect(body).toEqual({
      model: 'o3-mini',
      reasoning_effort: 'high',
      messages: [
        { role: 'developer', content: 'rules' },
        { role: 'user', content: 'hi' },
      ],
      max_completion_tokens: 100,
    });
    expect(request.url).toBe('https://upstream.example/v1/chat/completions');
  });

  it('keeps the system role for o1-mini and o1-preview', () => {
    for (const model of ['o1-mini', 'o1-preview-low']) {
      const { body } = build({
        upstreamModel: model,
        body: { model, messages: [{ role: 'system', content: 's' }] },
      });
      expect((body?.messages as { role: string }[])[0].role).toBe('system');
    }
    const { body } = build({
      upstreamModel: 'o1',
      body: { model: 'o1', messages: [{ role: 'system', content: 's' }] },
    });
    expect((body?.messages as { role: string }[])[0].role).toBe('developer');
  });

  it('uses the stripped model for the Azure deployment', () => {
    const { request } = build(
      { upstreamModel: 'o1-2024-12-17-low', body: { model: 'o1-2024-12-17-low', messages: [] } },
      { type: 3, baseUrl: 'https://res.openai.azure.com' },
    );
    expect(request.url).toContain('/openai/deployments/o1-2024-12-17/chat/completions');
  });

  it('removes stream_options from non-stream calls and from upstreams that do not honour them', () => {
    const body = {
      model: 'm',
      messages: [],
      stream: true,
      stream_options: { include_usage: true },
    };
    expect(build({ body, stream: true }, { type: 1 }).body?.stream_options).toEqual({
      include_usage: true,
    });
    expect(
      build({ body, stream: true }, { type: 3, baseUrl: 'https://x' }).body?.stream_options,
    ).toBeDefined();
    expect(build({ body, stream: true }, { type: 25 }).body?.stream_options).toBeUndefined();
    expect(
      build({ body: { ...body, stream: false }, stream: false }, { type: 1 }).body?.stream_options,
    ).toBeUndefined();
  });

  it('clamps Perplexity top_p below 1', () => {
    expect(
      build({ body: { model: 'sonar', messages: [], top_p: 1 } }, { type: 27 }).body?.top_p,
    ).toBe(0.99);
    expect(
      build({ body: { model: 'sonar', messages: [], top_p: 0.5 } }, { type: 27 }).body?.top_p,
    ).toBe(0.5);
  });

  it('trims Mistral chat bodies and flattens image parts', () => {
    const { body } = build(
      {
        body: {
          model: 'pixtral',
          messages: [
            {
              role: 'user',
              content: [{ type: 'image_url', image_url: { url: 'https://img/x.png' } }],
            },
          ],
          stream_options: { include_usage: true },
          user: 'u1',
          temperature: 0.3,
        },
      },
      { type: 42 },
    );
    expect(body).toEqual({
      model: 'pixtral',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: 'https://img/x.png' }] },
      ],
      temperature: 0.3,
    });
  });

  it('gives grok-3-mini o-series style parameters and drops size from xAI image requests', () => {
    const chat = build(
      { body: { model: 'grok-3-mini-low', messages: [], max_tokens: 5 } },
      { type: 48 },
    ).body;
    expect(chat).toEqual({
      model: 'grok-3-mini',
      messages: [],
      max_completion_tokens: 5,
      reasoning_effort: 'low',
    });
    const image = build(
      {
        mode: 'images',
        path: '/v1/images/generations',
        body: { model: 'grok-2-image', prompt: 'cat', size: '1024x1024' },
      },
      { type: 48 },
    ).body;
    expect(image).toEqual({ model: 'grok-2-image', prompt: 'cat' });
  });

  it('forwards multipart audio uploads byte for byte with the client content type', () => {
    const rawBody = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--b--\r\n',
    );
    const { request } = build({
      mode: 'transcription',
      path: '/v1/audio/transcriptions',
      body: undefined,
      rawBody,
      contentType: 'multipart/form-data; boundary=b',
    });
    expect(request.body).toBe(rawBody);
    expect(request.headers['Content-Type']).toBe('multipart/form-data; boundary=b');
    expect(request.url).toBe('https://upstream.example/v1/audio/transcriptions');
  });

  it('posts rerank calls to /v1/rerank', () => {
    const { request } = build({
      mode: 'rerank',
      path: '/v1/rerank',
      body: { model: 'r', query: 'q', documents: ['a'] },
    });
    expect(request.url).toBe('https://upstream.example/v1/rerank');
  });

  it('rejects a JSON mode without a JSON body', () => {
    expect(() => build({ body: undefined })).toThrow(RelayError);
  });
});
