import { describe, expect, it } from 'vitest';
import { clientVisibleHeaders } from './upstream-headers.js';

describe('clientVisibleHeaders', () => {
  it('passes request ids, timing, version and rate-limit headers, not the upstream account', () => {
    expect(
      clientVisibleHeaders({
        'x-request-id': 'req_1',
        'request-id': 'req_2',
        'openai-processing-ms': '12',
        'openai-version': '2020-10-01',
        'openai-organization': 'org-1',
        'openai-project': 'proj_1',
        'anthropic-organization-id': '7f1c',
        'x-ratelimit-remaining-requests': '99',
        'anthropic-ratelimit-tokens-remaining': '1000',
        'retry-after': '2',
        'retry-after-ms': '2000',
      }),
    ).toEqual({
      'x-request-id': 'req_1',
      'request-id': 'req_2',
      'openai-processing-ms': '12',
      'openai-version': '2020-10-01',
      'x-ratelimit-remaining-requests': '99',
      'anthropic-ratelimit-tokens-remaining': '1000',
      'retry-after': '2',
      'retry-after-ms': '2000',
    });
  });

  it('never passes framing, session or credential headers', () => {
    expect(
      clientVisibleHeaders({
        'set-cookie': ['__cf_bm=abc; HttpOnly', 'other=1'],
        'content-length': '10',
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        authorization: 'Bearer sk-upstream',
        'www-authenticate': 'Bearer',
        server: 'upstream',
        'cf-ray': '8f00',
      }),
    ).toBeUndefined();
  });

  it('joins a repeated header into one value', () => {
    expect(clientVisibleHeaders({ 'openai-version': ['a', 'b'] })).toEqual({
      'openai-version': 'a, b',
    });
  });
});
