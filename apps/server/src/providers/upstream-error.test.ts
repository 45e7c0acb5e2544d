import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createProviderRegistry } from './registry.js';

const { getAdaptor } = createProviderRegistry();
import { parseUpstreamError, toRelayError } from './upstream-error.js';

const openAiErrorBody = readFileSync(
  new URL('./openai/__fixtures__/openai-error.1.json', import.meta.url),
);

describe('parseUpstreamError (reference §5.4)', () => {
  it('takes an OpenAI error object as upstream gave it', () => {
    expect(getAdaptor(1).parseError(429, openAiErrorBody)).toEqual({
      status: 429,
      message: expect.stringMatching(/^You exceeded your current quota/) as unknown as string,
      type: 'insufficient_quota',
      code: 'insufficient_quota',
      param: '',
    });
  });

  it('reads an Anthropic error body through the Anthropic adaptor', () => {
    const body = Buffer.from(
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    );
    expect(getAdaptor(14).parseError(529, body)).toEqual({
      status: 529,
      message: 'Overloaded',
      type: 'overloaded_error',
      code: '',
      param: '',
    });
  });

  it('keeps numeric codes as text and fills a missing type', () => {
    expect(
      parseUpstreamError(400, '{"error":{"message":"bad","code":1214,"param":"model"}}'),
    ).toEqual({
      status: 400,
      message: 'bad',
      type: 'upstream_error',
      code: '1214',
      param: 'model',
    });
  });

  it.each([
    ['message', '{"message":"from message"}', 'from message'],
    ['msg', '{"code":1,"msg":"from msg"}', 'from msg'],
    ['err', '{"err":"from err"}', 'from err'],
    ['error_msg', '{"error_code":17,"error_msg":"from error_msg"}', 'from error_msg'],
    ['header.message', '{"header":{"code":10013,"message":"from header"}}', 'from header'],
    [
      'response.error.message',
      '{"response":{"error":{"message":"from response"}}}',
      'from response',
    ],
    ['a string error', '{"error":"plain string"}', 'plain string'],
    ['an empty message before msg', '{"message":"","msg":"second"}', 'second'],
    [
      'a string detail (Jina)',
      '{"detail":"Unauthorized: invalid API key"}',
      'Unauthorized: invalid API key',
    ],
  ])('takes the message from %s with the default fields', (_label, body, message) => {
    expect(parseUpstreamError(503, body)).toEqual({
      status: 503,
      message,
      type: 'upstream_error',
      code: 'bad_response_status_code',
      param: '503',
    });
  });

  it('describes a non-JSON body by its status only', () => {
    expect(parseUpstreamError(502, '<html>Bad Gateway</html>')).toEqual({
      status: 502,
      message: 'bad response status code 502',
      type: 'upstream_error',
      code: 'bad_response_status_code',
      param: '502',
    });
    expect(parseUpstreamError(500, '').message).toBe('bad response status code 500');
    expect(parseUpstreamError(500, '[1,2]').message).toBe('bad response status code 500');
  });

  it('turns into a retryable (non-local) RelayError', () => {
    const error = toRelayError(
      parseUpstreamError(401, '{"error":{"message":"bad key","type":"invalid_request_error"}}'),
    );
    expect(error.local).toBe(false);
    expect(error.status).toBe(401);
    expect(error.toBody()).toEqual({
      error: { message: 'bad key', type: 'invalid_request_error', param: '', code: '' },
    });
  });
});
