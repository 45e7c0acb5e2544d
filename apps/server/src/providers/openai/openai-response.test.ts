import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { createProviderRegistry } from '../registry.js';

const { getAdaptor } = createProviderRegistry();
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { readTrailingObject } from './openai-response.js';

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

function convert(
  body: Buffer | string,
  overrides: Partial<RelayCallInput> = {},
  contentType = 'application/json',
) {
  const input = makeCallInput(overrides);
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return getAdaptor(input.channel.type).passThroughAnswer!(input, bytes, contentType);
}

describe('OpenAI convertResponse', () => {
  it('passes a chat completion through byte for byte and reads its usage, not its text', () => {
    const body = fixture('openai-text.json');
    const converted = convert(body);
    expect(converted.body).toBe(body);
    expect(converted.contentType).toBe('application/json');
    expect(converted.usage).toEqual({
      promptTokens: 16,
      completionTokens: 363,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    });
    // With usage reported the text is never counted, so it is not assembled.
    expect(converted.completionText).toBe('');
  });

  it('reads the chat text when upstream reported no usage', () => {
    const json = JSON.parse(fixture('openai-text.json').toString('utf8')) as Record<
      string,
      unknown
    >;
    delete json.usage;
    const converted = convert(JSON.stringify(json));
    expect(converted.usage).toBeUndefined();
    expect(converted.completionText.startsWith('**Holiday Name:** Galaxy Day')).toBe(true);
  });

  it('reads completions usage, and their text when usage is missing', () => {
    const options = { mode: 'completions', path: '/v1/completions' } as const;
    const withUsage = convert(fixture('openai-completion-text.json'), options);
    expect(withUsage.usage?.completionTokens).toBe(16);
    const json = JSON.parse(fixture('openai-completion-text.json').toString('utf8')) as Record<
      string,
      unknown
    >;
    delete json.usage;
    expect(convert(JSON.stringify(json), options).completionText).toBe(
      'The new holiday is called "Gratitude Day" and it celebrates the importance of',
    );
  });

  it('treats zero usage as missing and keeps the text for local counting', () => {
    const body = JSON.stringify({
      choices: [
        {
          message: {
            content: 'Hi',
            reasoning_content: ' think',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
    const converted = convert(body);
    expect(converted.usage).toBeUndefined();
    expect(converted.completionText).toBe('Hi thinkf{"a":1}');
  });

  it('throws an upstream error for an error object inside a 200 body', () => {
    let caught: unknown;
    try {
      convert(fixture('openai-error.1.json'));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    const error = caught as RelayError;
    expect(error.local).toBe(false);
    expect(error.type).toBe('insufficient_quota');
    expect(error.code).toBe('insufficient_quota');
    expect(error.message).toMatch(/^You exceeded your current quota/);
  });

  it('ignores an error field without a type', () => {
    const body = JSON.stringify({
      error: { message: 'x' },
      choices: [{ message: { content: 'ok' } }],
    });
    expect(convert(body).completionText).toBe('ok');
  });

  it('throws an upstream error for a chat body that is not JSON', () => {
    expect(() => convert('<html>bad gateway</html>', {}, 'text/html')).toThrow(RelayError);
  });

  it('reads embeddings usage without parsing the vectors', () => {
    const body = fixture('openai-embedding.json');
    const converted = convert(body, { mode: 'embeddings', path: '/v1/embeddings' });
    expect(converted.body).toBe(body);
    expect(converted.usage).toMatchObject({ promptTokens: 12, completionTokens: 0 });
  });

  it('passes speech audio through with its content type and no usage', () => {
    const audio = Buffer.from([0xff, 0xfb, 0x90, 0x00]);
    const converted = convert(audio, { mode: 'speech', path: '/v1/audio/speech' }, 'audio/mpeg');
    expect(converted).toEqual({
      body: audio,
      contentType: 'audio/mpeg',
      usage: undefined,
      completionText: '',
    });
  });

  it('reads transcription duration usage and passes plain-text transcripts through', () => {
    const json = convert(fixture('openai-transcription.json'), {
      mode: 'transcription',
      path: '/v1/audio/transcriptions',
      body: undefined,
    });
    expect(json.usage?.promptTokens).toBe(Math.round((37 / 60) * 1000));
    const text = convert(
      'hello world',
      { mode: 'transcription', body: undefined },
      'text/plain; charset=utf-8',
    );
    expect(text.body.toString()).toBe('hello world');
    expect(text.usage).toBeUndefined();
  });

  it("reads DeepSeek's prompt_cache_hit_tokens as cached tokens", () => {
    const body = JSON.stringify({
      choices: [],
      usage: {
        prompt_tokens: 100,
        completion_tokens: 5,
        total_tokens: 105,
        prompt_cache_hit_tokens: 64,
        prompt_cache_miss_tokens: 36,
      },
    });
    expect(convert(body, { channel: makeChannel({ type: 43 }) }).usage).toMatchObject({
      promptTokens: 100,
      cachedTokens: 64,
    });
    expect(convert(body, { channel: makeChannel({ type: 1 }) }).usage?.cachedTokens).toBe(0);
  });

  it('counts xAI completion tokens as total minus prompt', () => {
    const body = JSON.stringify({
      choices: [],
      usage: {
        prompt_tokens: 10,
        completion_tokens: 3,
        total_tokens: 40,
        completion_tokens_details: { reasoning_tokens: 27 },
      },
    });
    expect(convert(body, { channel: makeChannel({ type: 48 }) }).usage).toMatchObject({
      promptTokens: 10,
      completionTokens: 30,
      reasoningTokens: 27,
    });
  });

  it('normalises Xinference rerank results and fills documents from the request', () => {
    const upstream = JSON.stringify({
      id: 'r1',
      results: [
        { index: 1, relevance_score: 0.9, document: null },
        { index: 0, relevance_score: 0.1, document: null },
      ],
      meta: { tokens: { input_tokens: 12 } },
    });
    const converted = convert(upstream, {
      mode: 'rerank',
      path: '/v1/rerank',
      channel: makeChannel({ type: 47 }),
      body: { model: 'bge', query: 'q', documents: ['first', 'second'], return_documents: true },
    });
    expect(JSON.parse(converted.body.toString())).toEqual({
      results: [
        { index: 1, relevance_score: 0.9, document: { text: 'second' } },
        { index: 0, relevance_score: 0.1, document: { text: 'first' } },
      ],
    });
    expect(converted.usage).toBeUndefined();
  });

  it('passes rerank answers of other types through with their usage', () => {
    const upstream = JSON.stringify({
      results: [{ index: 0, relevance_score: 0.5 }],
      usage: { total_tokens: 9 },
    });
    const converted = convert(upstream, {
      mode: 'rerank',
      path: '/v1/rerank',
      body: { model: 'r' },
    });
    expect(converted.body.toString()).toBe(upstream);
    expect(converted.usage?.promptTokens).toBe(9);
  });
});

describe('readTrailingObject', () => {
  it('extracts the last object after a key, ignoring braces inside strings', () => {
    const text = '{"data":[{"usage":"no"}],"usage" : {"prompt_tokens":3,"note":"}{\\"x"}}';
    expect(readTrailingObject(text, '"usage"')).toEqual({ prompt_tokens: 3, note: '}{"x' });
    expect(readTrailingObject('{"usage":null}', '"usage"')).toBeUndefined();
    expect(readTrailingObject('{"a":1}', '"usage"')).toBeUndefined();
  });
});
