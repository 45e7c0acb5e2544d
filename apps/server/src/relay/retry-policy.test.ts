import { describe, expect, it } from 'vitest';
import { RelayError } from './relay-error.js';
import { mapStatusCode, shouldRetry } from './retry-policy.js';

const upstream = (status: number) => RelayError.upstream(status, 'upstream failed');

describe('retry policy', () => {
  it('retries server errors, 429 and auth failures, not client mistakes or timeouts', () => {
    for (const status of [429, 500, 502, 503, 401, 403, 404])
      expect(shouldRetry(upstream(status), 1, 1, false), String(status)).toBe(true);
    for (const status of [400, 408, 504, 524])
      expect(shouldRetry(upstream(status), 1, 1, false), String(status)).toBe(false);
  });

  it('retries a 400 from an Anthropic channel', () => {
    expect(shouldRetry(upstream(400), 14, 1, false)).toBe(true);
  });

  it('never retries local errors, pinned channels or without attempts left', () => {
    expect(shouldRetry(new RelayError(500, 'local'), 1, 3, false)).toBe(false);
    expect(shouldRetry(upstream(500), 1, 3, true)).toBe(false);
    expect(shouldRetry(upstream(500), 1, 0, false)).toBe(false);
  });

  it('maps status codes with the channel mapping', () => {
    expect(mapStatusCode(429, { '429': '503' })).toBe(503);
    expect(mapStatusCode(500, { '429': '503' })).toBe(500);
    expect(mapStatusCode(429, { '429': 'nonsense' })).toBe(429);
  });
});
