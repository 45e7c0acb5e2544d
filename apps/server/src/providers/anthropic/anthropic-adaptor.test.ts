import { answerForClient } from '../../relay/formats/client-side.js';
import { openAiFormat } from '../../relay/formats/openai/openai-format.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput, RelayMode } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { AnthropicAdaptor, DEFAULT_ANTHROPIC_SETTINGS } from './anthropic-adaptor.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

function input(overrides: Partial<RelayCallInput> = {}): RelayCallInput {
  return makeCallInput({
    upstreamModel: 'claude-sonnet-4-5',
    channel: makeChannel({ type: 14, key: 'sk-ant-test', baseUrl: '' }),
    ...overrides,
  });
}

function convert(body: Buffer | string) {
  return answerForClient(
    openAiFormat,
    getAdaptor(14),
    input(),
    typeof body === 'string' ? Buffer.from(body) : body,
    'application/json',
  );
}

interface Completion {
  id: string;
  object: string;
  model: string;
  choices: {
    message: {
      role: string;
      content: string | null;
      reasoning_content?: string;
      tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
    };
    finish_reason: string;
  }[];
  usage: Record<string, unknown>;
}

describe('AnthropicAdaptor.buildRequest', () => {
  it('posts to {base}/v1/messages with the key and the default version', () => {
    const request = getAdaptor(14).buildRequest(input());
    expect(request.url).toBe('https://api.anthropic.com/v1/messages');
    expect(request.headers).toEqual({
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2023-06-01',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(request.body))).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 8192,
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it("passes the client's anthropic-version and anthropic-beta through and streams", () => {
    const request = getAdaptor(14).buildRequest(
      input({
        stream: true,
        channel: makeChannel({ type: 14, baseUrl: 'https://proxy.example/' }),
        clientHeaders: {
          'anthropic-version': '2024-01-01',
          'anthropic-beta': 'prompt-caching-2024-07-31',
        },
      }),
    );
    expect(request.url).toBe('https://proxy.example/v1/messages');
    expect(request.headers['anthropic-version']).toBe('2024-01-01');
    expect(request.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
    expect(request.headers.Accept).toBe('text/event-stream');
    expect(JSON.parse(String(request.body))).toMatchObject({ stream: true });
  });

  it('adds per-model headers from the settings, merging betas', () => {
    const adaptor = new AnthropicAdaptor(() => ({
      ...DEFAULT_ANTHROPIC_SETTINGS,
      modelHeaders: {
        'claude-sonnet-4-5': { 'anthropic-beta': ['context-1m-2025-08-07'], 'x-extra': ['a', 'b'] },
      },
    }));
    const request = adaptor.buildRequest(
      input({ clientHeaders: { 'anthropic-beta': 'one, two' } }),
    );
    expect(request.headers['anthropic-beta']).toBe('one,two,context-1m-2025-08-07');
    expect(request.headers['x-extra']).toBe('a,b');
  });

  it('strips -thinking and enables thinking through the adaptor', () => {
    const request = getAdaptor(14).buildRequest(
      input({
        upstreamModel: 'claude-sonnet-4-thinking',
        body: { model: 'claude-sonnet-4-thinking', messages: [{ role: 'user', content: 'x' }] },
      }),
    );
    expect(JSON.parse(String(request.body))).toMatchObject({
      model: 'claude-sonnet-4',
      thinking: { type: 'enabled', budget_tokens: 6553 },
      temperature: 1,
    });
  });

  it.each([
    'completions',
    'embeddings',
    'moderations',
    'images',
    'speech',
    'transcription',
    'translation',
    'rerank',
  ] as RelayMode[])('refuses %s locally with 400', (mode) => {
    expect(getAdaptor(14).supports(mode)).toBe(false);
    let caught: unknown;
    try {
      getAdaptor(14).buildRequest(input({ mode }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    expect((caught as RelayError).status).toBe(400);
    expect((caught as RelayError).local).toBe(true);
    expect((caught as RelayError).message).toMatch(/not supported by this channel type/);
  });
});

describe('AnthropicAdaptor answers for an OpenAI client', () => {
  it('converts a text message', () => {
    const converted = convert(fixture('anthropic-text.json'));
    const completion = JSON.parse(String(converted.body)) as Completion;
    expect(converted.contentType).toBe('application/json');
    expect(completion).toMatchObject({
      id: 'chatcmpl-msg_01VdEjxAP5ahtHKrrRdNBteQ',
      system_fingerprint: null,
      object: 'chat.completion',
      model: 'claude-sonnet-4-5-20250929',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content:
              "Hello! I'm doing well, thanks for asking. How are you doing today? Is there anything I can help you with?",
          },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 29, total_tokens: 41 },
    });
    expect(converted.usage).toEqual({
      promptTokens: 12,
      completionTokens: 29,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
    expect(converted.completionText).toBe(completion.choices[0].message.content);
  });

  it('converts thinking to reasoning_content', () => {
    const completion = JSON.parse(
      String(convert(fixture('anthropic-clear-thinking.1.json')).body),
    ) as Completion;
    expect(completion.choices[0].message).toEqual({
      role: 'assistant',
      content: '925 ÷ 5 = 185',
      refusal: null,
      reasoning_content: '925 divided by 5 = 185',
    });
  });

  it('converts tool use to tool_calls with JSON-string arguments', () => {
    const converted = convert(fixture('anthropic-json-tool.1.json'));
    const completion = JSON.parse(String(converted.body)) as Completion;
    const message = completion.choices[0].message;
    expect(message.content).toBeNull();
    expect(completion.choices[0].finish_reason).toBe('tool_calls');
    expect(message.tool_calls).toHaveLength(1);
    expect(message.tool_calls?.[0]).toMatchObject({
      id: 'toolu_01Q9ExVZnzZj7E2QQYHYtNUa',
      type: 'function',
      function: { name: 'json' },
    });
    expect(JSON.parse(message.tool_calls?.[0].function.arguments ?? '')).toMatchObject({
      elements: expect.any(Array) as unknown,
    });

    const noArgs = JSON.parse(
      String(convert(fixture('anthropic-tool-no-args.json')).body),
    ) as Completion;
    expect(noArgs.choices[0].message.content).toMatch(/^<thinking>/);
    expect(noArgs.choices[0].message.tool_calls?.[0].function).toEqual({
      name: 'updateIssueList',
      arguments: '{}',
    });
  });

  it('counts cache reads and writes into the prompt and maps max_tokens to length', () => {
    const body = JSON.stringify({
      id: 'msg_cache',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'cut' }],
      stop_reason: 'max_tokens',
      usage: {
        input_tokens: 10,
        cache_read_input_tokens: 900,
        cache_creation_input_tokens: 90,
        output_tokens: 16,
      },
    });
    const converted = convert(body);
    expect(converted.usage).toEqual({
      promptTokens: 1000,
      completionTokens: 16,
      cachedTokens: 900,
      cacheCreationTokens: 90,
      reasoningTokens: 0,
    });
    const completion = JSON.parse(String(converted.body)) as Completion;
    expect(completion.choices[0].finish_reason).toBe('length');
    expect(completion.usage).toMatchObject({
      prompt_tokens: 1000,
      prompt_tokens_details: { cached_tokens: 900 },
    });
  });

  it('throws upstream errors for an error body or a body that is not JSON', () => {
    let caught: unknown;
    try {
      convert('{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    expect(caught).toMatchObject({
      status: 429,
      message: 'slow down',
      type: 'rate_limit_error',
      local: false,
    });
    expect(() => convert('oops')).toThrow(RelayError);
  });
});
