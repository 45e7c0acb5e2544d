import { describe, expect, it } from 'vitest';
import { createProviderRegistry } from '../providers/registry.js';

const { getAdaptor } = createProviderRegistry();
import { RelayError } from '../errors/relay-error.js';
import { mapStatusCode, shouldRetry } from './retry-policy.js';

const upstream = (status: number) => RelayError.upstream(status, 'upstream failed');
const OPENAI = 1;
const ANTHROPIC = 14;

function retries(status: number, channelType = OPENAI, attemptsLeft = 1, pinned = false): boolean {
  const error = upstream(status);
  const classification = getAdaptor(channelType).classifyError(error);
  return shouldRetry(error, classification, attemptsLeft, pinned);
}

describe('retry policy', () => {
  it('retries server errors, 429 and auth failures, not client mistakes or timeouts', () => {
    for (const status of [429, 500, 502, 503, 401, 403, 404])
      expect(retries(status), String(status)).toBe(true);
    for (const status of [400, 408, 504, 524]) expect(retries(status), String(status)).toBe(false);
  });

  it('retries a 400 from an Anthropic channel', () => {
    expect(retries(400, ANTHROPIC)).toBe(true);
  });

  it('never retries local errors, pinned channels or without attempts left', () => {
    const local = new RelayError(500, 'local');
    expect(shouldRetry(local, { retryable: true, credentialRejected: false }, 3, false)).toBe(
      false,
    );
    expect(retries(500, OPENAI, 3, true)).toBe(false);
    expect(retries(500, OPENAI, 0)).toBe(false);
  });

  it('maps status codes with the channel mapping', () => {
    expect(mapStatusCode(429, { '429': '503' })).toBe(503);
    expect(mapStatusCode(500, { '429': '503' })).toBe(500);
    expect(mapStatusCode(429, { '429': 'nonsense' })).toBe(429);
  });
});
