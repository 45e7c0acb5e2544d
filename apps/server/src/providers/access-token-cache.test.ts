import { describe, expect, it } from 'vitest';
import { AccessTokenCache, type AccessToken, type SharedTokenStore } from './access-token-cache.js';

function counting() {
  const state = { calls: 0 };
  const fetcher = async (): Promise<AccessToken> => {
    state.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { token: `token-${state.calls}`, expiresAt: Date.now() + 3_600_000 };
  };
  return { state, fetcher };
}

function memoryStore() {
  const stored = new Map<string, AccessToken>();
  const store: SharedTokenStore = {
    get: async (key) => stored.get(key),
    set: async (key, token) => void stored.set(key, token),
    delete: async (key) => void stored.delete(key),
  };
  return { stored, store };
}

describe('AccessTokenCache.invalidate', () => {
  it('drops a refused token here and in the shared store: the next get refreshes once', async () => {
    const { state, fetcher } = counting();
    const { stored, store } = memoryStore();
    const cache = new AccessTokenCache<string>(fetcher, store);
    expect(await cache.get('key', 'credential')).toBe('token-1');
    await Promise.all([cache.invalidate('key', 'token-1'), cache.invalidate('key', 'token-1')]);
    expect(stored.size).toBe(0);
    const again = await Promise.all([cache.get('key', 'c'), cache.get('key', 'c')]);
    expect(again).toEqual(['token-2', 'token-2']);
    expect(state.calls).toBe(2);
  });

  it('leaves a token that already replaced the refused one', async () => {
    const { state, fetcher } = counting();
    const cache = new AccessTokenCache<string>(fetcher);
    await cache.get('key', 'c');
    await cache.invalidate('key', 'token-1');
    expect(await cache.get('key', 'c')).toBe('token-2');
    // A late report about the old token changes nothing.
    await cache.invalidate('key', 'token-1');
    expect(await cache.get('key', 'c')).toBe('token-2');
    expect(state.calls).toBe(2);
  });

  it('never takes the refused token back from a store that could not forget it', async () => {
    const { state, fetcher } = counting();
    const { stored, store } = memoryStore();
    const stubborn: SharedTokenStore = { get: store.get, set: store.set };
    const cache = new AccessTokenCache<string>(fetcher, stubborn);
    await cache.get('key', 'c');
    await cache.invalidate('key', 'token-1');
    expect(stored.size).toBe(1);
    expect(await cache.get('key', 'c')).toBe('token-2');
    expect(state.calls).toBe(2);
  });
});
