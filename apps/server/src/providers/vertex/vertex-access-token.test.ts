import { describe, expect, it } from 'vitest';
import {
  VertexTokenCache,
  REFRESH_MARGIN_MS,
  type AccessToken,
  type SharedTokenStore,
} from './vertex-access-token.js';
import type { VertexServiceAccount } from './vertex-service-account.js';
import { vertexClaudeModel, vertexRegion } from './vertex-location.js';

const account: VertexServiceAccount = {
  projectId: 'p',
  privateKeyId: undefined,
  privateKey: 'unused',
  clientEmail: 'sa@p.iam.gserviceaccount.com',
  tokenUri: 'https://token.example',
};

/** A fetcher that counts its calls and hands out tokens living `lifetimeMs`. */
function countingFetcher(lifetimeMs: number) {
  const state = { calls: 0, fail: false };
  const fetcher = async (): Promise<AccessToken> => {
    state.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (state.fail) throw new Error('token endpoint down');
    return { token: `token-${state.calls}`, expiresAt: Date.now() + lifetimeMs };
  };
  return { state, fetcher };
}

describe('Vertex AI access token cache', () => {
  it('shares one refresh between concurrent calls and reuses the token', async () => {
    const { state, fetcher } = countingFetcher(3_600_000);
    const cache = new VertexTokenCache(fetcher);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => cache.get('key-a', account)));
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
    expect(await cache.get('key-a', account)).toBe('token-1');
    expect(state.calls).toBe(1);
    expect(await cache.get('key-b', account)).toBe('token-2');
  });

  it('refreshes a token before it expires', async () => {
    const { state, fetcher } = countingFetcher(REFRESH_MARGIN_MS - 1000);
    const cache = new VertexTokenCache(fetcher);
    expect(await cache.get('key', account)).toBe('token-1');
    expect(await cache.get('key', account)).toBe('token-2');
    expect(state.calls).toBe(2);
  });

  it('does not keep a failed refresh: the next call tries again', async () => {
    const { state, fetcher } = countingFetcher(3_600_000);
    const cache = new VertexTokenCache(fetcher);
    state.fail = true;
    await expect(cache.get('key', account)).rejects.toThrow('token endpoint down');
    state.fail = false;
    expect(await cache.get('key', account)).toBe('token-2');
  });

  it('takes a token another process stored, and stores its own under the key hash', async () => {
    const stored = new Map<string, AccessToken>();
    const shared: SharedTokenStore = {
      get: async (key) => stored.get(key),
      set: async (key, token) => void stored.set(key, token),
    };
    const { state, fetcher } = countingFetcher(3_600_000);
    const first = new VertexTokenCache(fetcher, shared);
    expect(await first.get('secret-key', account)).toBe('token-1');
    expect([...stored.keys()]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const second = new VertexTokenCache(fetcher, shared);
    expect(await second.get('secret-key', account)).toBe('token-1');
    expect(state.calls).toBe(1);
  });
});

describe('Vertex AI locations and model names', () => {
  it('reads the region from a name or a per-model map with default', () => {
    expect(vertexRegion('', 'm')).toBe('us-central1');
    expect(vertexRegion('europe-west4', 'm')).toBe('europe-west4');
    const map = JSON.stringify({ default: 'us-central1', 'claude-x': 'us-east5' });
    expect(vertexRegion(map, 'claude-x')).toBe('us-east5');
    expect(vertexRegion(map, 'gemini-2.5-flash')).toBe('us-central1');
  });

  it('names Claude models as Vertex AI publishes them', () => {
    expect(vertexClaudeModel('claude-sonnet-4-20250514')).toBe('claude-sonnet-4@20250514');
    expect(vertexClaudeModel('claude-3-5-sonnet-20241022')).toBe('claude-3-5-sonnet-v2@20241022');
    expect(vertexClaudeModel('claude-opus-4@20250514')).toBe('claude-opus-4@20250514');
  });
});
