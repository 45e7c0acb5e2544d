import { decodeCachedAnswer, encodeCachedAnswer, type CachedAnswer } from './cache-entry.js';
import { MAX_CACHED_ANSWER_BYTES, type ResponseCacheStore } from './cache-store.js';
import { MemoryCacheStore } from './memory-cache-store.js';

/**
 * The exact response cache of this process (docs/architecture.md "Response cache"): answers
 * looked up and stored by key in its store. Neither call fails a relay call: a store that
 * fails reads as a miss and loses the write.
 */
export class ResponseCache {
  constructor(readonly store: ResponseCacheStore) {}

  /** Entries and bytes held in this process's memory; undefined when answers live in Redis. */
  get localSize(): { entries: number; bytes: number } | undefined {
    const store = this.store;
    return store instanceof MemoryCacheStore
      ? { entries: store.count, bytes: store.size }
      : undefined;
  }

  /** The answer stored under `key`, or undefined; never rejects. */
  async lookup(key: string): Promise<CachedAnswer | undefined> {
    const bytes = await this.store.get(key);
    return bytes === undefined ? undefined : decodeCachedAnswer(bytes);
  }

  /** Stores `answer` under `key` for `ttlSeconds`; never rejects. */
  save(key: string, answer: CachedAnswer, ttlSeconds: number): Promise<void> {
    if (answer.body.length > MAX_CACHED_ANSWER_BYTES) return Promise.resolve();
    return this.store.set(key, encodeCachedAnswer(answer), ttlSeconds);
  }
}
