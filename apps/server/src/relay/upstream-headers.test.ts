import { describe, expect, it } from 'vitest';
import { clientVisibleHeaders } from './upstream-headers.js';

describe('clientVisibleHeaders', () => {
  it('passes request ids, timing and rate-limit headers and nothing else', () => {
    expect(
      clientVisibleHeaders({
        'x-request-id': 'req_1',
        'openai-processing-ms': '12',
        'x-ratelimit-remaining-requests': '99',
        'anthropic-ratelimit-tokens-remaining': '1000',
        'retry-after': '2',
        'set-cookie': ['a=b'],
        'content-length': '10',
        server: 'upstream',
      }),
    ).toEqual({
      'x-request-id': 'req_1',
      'openai-processing-ms': '12',
      'x-ratelimit-remaining-requests': '99',
      'anthropic-ratelimit-tokens-remaining': '1000',
      'retry-after': '2',
    });
  });

  it('answers undefined when upstream sent none of them', () => {
    expect(clientVisibleHeaders({ 'content-type': 'application/json' })).toBeUndefined();
  });
});
