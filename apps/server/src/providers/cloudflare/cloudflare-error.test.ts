import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyCloudflareFailure, parseCloudflareError } from './cloudflare-error.js';

const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('Cloudflare errors', () => {
  it('reads the envelope: every message, the first code', () => {
    expect(parseCloudflareError(401, fixture('error-authentication.json'))).toEqual({
      status: 401,
      message: 'Authentication error',
      type: 'cloudflare_error',
      code: '10000',
      param: '',
    });
    const badAccount = parseCloudflareError(400, fixture('error-bad-account.json'));
    expect(badAccount.code).toBe('7003');
    expect(badAccount.message).toMatch(/^Could not route to .*; No route for that URI$/);
  });

  it('reads OpenAI-style and unreadable bodies the standard way', () => {
    const openAi = parseCloudflareError(
      400,
      JSON.stringify({ error: { message: 'bad model', type: 'invalid_request_error' } }),
    );
    expect(openAi).toMatchObject({ message: 'bad model', type: 'invalid_request_error' });
    expect(parseCloudflareError(502, '<html>bad gateway</html>')).toMatchObject({
      message: 'bad response status code 502',
      code: 'bad_response_status_code',
    });
  });

  it('disables on code 10000, retries a 429, does not retry a 400', () => {
    const type = 'cloudflare_error';
    expect(classifyCloudflareFailure({ status: 403, type, code: '10000' })).toEqual({
      retryable: true,
      credentialRejected: true,
    });
    expect(classifyCloudflareFailure({ status: 429, type, code: '3040' })).toEqual({
      retryable: true,
      credentialRejected: false,
    });
    expect(classifyCloudflareFailure({ status: 400, type, code: '7003' })).toEqual({
      retryable: false,
      credentialRejected: false,
    });
  });
});
