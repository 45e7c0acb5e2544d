import { describe, expect, it } from 'vitest';
import { decodeCachedAnswer, encodeCachedAnswer, type CachedAnswer } from './cache-entry.js';
import { MemoryCacheStore } from './memory-cache-store.js';

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

describe('the in-memory response cache store', () => {
  it('evicts the least recently used entries to stay within its bytes', () => {
    const store = new MemoryCacheStore(() => 302);
    store.write('a', bytes(100), 60);
    store.write('b', bytes(100), 60);
    store.write('c', bytes(99), 60);
    expect(store.size).toBe(302);
    // Reading `a` makes `b` the oldest.
    expect(store.read('a')?.length).toBe(100);
    store.write('d', bytes(50), 60);
    expect(store.read('b')).toBeUndefined();
    expect(store.read('a')).toBeDefined();
    expect(store.read('c')).toBeDefined();
    expect(store.read('d')).toBeDefined();
    expect(store.size).toBeLessThanOrEqual(302);
  });

  it('does not keep an entry larger than its whole budget, and replaces a key in place', () => {
    const store = new MemoryCacheStore(() => 100);
    store.write('small', bytes(10), 60);
    store.write('huge', bytes(200), 60);
    expect(store.read('huge')).toBeUndefined();
    expect(store.read('small')).toBeDefined();
    store.write('small', bytes(20, 2), 60);
    expect(store.count).toBe(1);
    expect(store.size).toBe('small'.length + 20);
    expect(store.read('small')?.[0]).toBe(2);
  });

  it('expires entries after their ttl', () => {
    let now = 1_000_000;
    const store = new MemoryCacheStore(
      () => 1000,
      () => now,
    );
    store.write('k', bytes(10), 5);
    now += 4_999;
    expect(store.read('k')).toBeDefined();
    now += 1;
    expect(store.read('k')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('follows a smaller budget at the next write', () => {
    let limit = 1000;
    const store = new MemoryCacheStore(() => limit);
    for (const key of ['a', 'b', 'c']) store.write(key, bytes(200), 60);
    limit = 250;
    store.write('d', bytes(10), 60);
    expect(store.size).toBeLessThanOrEqual(250);
    expect(store.read('c')).toBeDefined();
    expect(store.read('a')).toBeUndefined();
  });
});

describe('a stored answer', () => {
  it('keeps its bytes and what it cost, and refuses bytes that do not read', () => {
    const answer: CachedAnswer = {
      status: 200,
      contentType: 'text/event-stream',
      stream: true,
      quota: 123,
      usage: {
        promptTokens: 5,
        completionTokens: 7,
        cachedTokens: 0,
        cacheCreationTokens: 0,
        reasoningTokens: 0,
      },
      channelId: 3,
      body: Buffer.from('data: {"x":"é"}\n\ndata: [DONE]\n\n'),
    };
    const decoded = decodeCachedAnswer(encodeCachedAnswer(answer));
    expect(decoded).toEqual(answer);
    expect(decodeCachedAnswer(Buffer.from('xx'))).toBeUndefined();
    expect(decodeCachedAnswer(Buffer.from([0, 0, 0, 2, 0x7b, 0x7d]))).toBeUndefined();
  });
});
