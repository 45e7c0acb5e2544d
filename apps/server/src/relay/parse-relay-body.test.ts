import { describe, expect, it } from 'vitest';
import { multipartField, parseRelayBody } from './parse-relay-body.js';
import { RelayError } from '../errors/relay-error.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('relay body parsing', () => {
  it('reads model, stream and usage request of a chat call', () => {
    const parsed = parseRelayBody(
      'chat',
      json({
        model: 'gpt-4o',
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 9,
        messages: [{ role: 'user', content: 'x' }],
      }),
      'application/json',
    );
    expect(parsed).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      clientWantsUsage: true,
      maxTokens: 9,
    });
  });

  it('applies the per-mode default models', () => {
    expect(parseRelayBody('moderations', json({ input: 'x' }), 'application/json').model).toBe(
      'text-moderation-stable',
    );
    expect(
      parseRelayBody(
        'embeddings',
        json({ input: 'x' }),
        'application/json',
        'text-embedding-ada-002',
      ).model,
    ).toBe('text-embedding-ada-002');
    expect(parseRelayBody('speech', json({ input: 'x' }), 'application/json').model).toBe('tts-1');
  });

  it('refuses malformed and incomplete bodies with 400', () => {
    for (const [mode, body] of [
      ['chat', Buffer.from('{"model":')],
      ['chat', json({ messages: [{ role: 'user', content: 'x' }] })],
      ['chat', json({ model: 'm', messages: [] })],
      ['chat', json([1, 2])],
      ['chat', json({ model: 'm', messages: [{}], max_tokens: -1 })],
      ['completions', json({ model: 'm' })],
      ['embeddings', json({ model: 'm' })],
      ['images', json({ model: 'm' })],
      ['rerank', json({ model: 'm', query: 'q' })],
    ] as const) {
      expect(() => parseRelayBody(mode, body, 'application/json'), `${mode} ${body}`).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
  });

  it('reads the model of a multipart upload without decoding the file', () => {
    const boundary = 'XyZ';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\n`,
      ),
      Buffer.alloc(1000, 1),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-large\r\n--${boundary}--\r\n`,
      ),
    ]);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    expect(multipartField(body, contentType, 'model')).toBe('whisper-large');
    expect(parseRelayBody('transcription', body, contentType).model).toBe('whisper-large');
    expect(() => parseRelayBody('transcription', body, 'application/json')).toThrow();
  });
});

describe('field types', () => {
  const body = (fields: Record<string, unknown>) =>
    Buffer.from(
      JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], ...fields }),
    );
  const refusal = (fields: Record<string, unknown>) => {
    try {
      parseRelayBody('chat', body(fields), 'application/json');
    } catch (error) {
      return error as RelayError;
    }
    return undefined;
  };

  it('refuses fields of the wrong type with a 400 naming the field', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stream: 'yes' }, 'stream'],
      [{ model: 42 }, 'model'],
      [{ messages: 'hello' }, 'messages'],
      [{ messages: ['hello'] }, 'messages'],
      [{ messages: [null] }, 'messages'],
      [{ max_tokens: '100' }, 'max_tokens'],
      [{ stream_options: true }, 'stream_options'],
      [{ tools: {} }, 'tools'],
      [{ n: '2' }, 'n'],
    ];
    for (const [fields, field] of cases) {
      const error = refusal(fields);
      expect(error, JSON.stringify(fields)).toBeInstanceOf(RelayError);
      expect(error!.status).toBe(400);
      expect(error!.param).toBe(field);
      expect(error!.toBody().error.type).toBe('invalid_request_error');
    }
  });

  it('accepts the right types, and null where OpenAI allows it', () => {
    expect(refusal({ stream: true, stream_options: { include_usage: true } })).toBeUndefined();
    expect(refusal({ stream: null, max_tokens: null, tools: null })).toBeUndefined();
  });
});
