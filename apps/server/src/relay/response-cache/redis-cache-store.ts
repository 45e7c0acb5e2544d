import type { Redis } from 'ioredis';
import type { ResponseCacheStore } from './cache-store.js';

const PREFIX = 'tollgate:response-cache:';

/**
 * Answers in Redis: one GET per lookup, one SET with EX per stored answer; shared by every
 * process of every node and kept across restarts. Errors are reported and read as a miss.
 */
export class RedisCacheStore implements ResponseCacheStore {
  constructor(
    private readonly redis: Redis,
    private readonly onError: (error: unknown) => void,
  ) {}

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return (await this.redis.getBuffer(PREFIX + key)) ?? undefined;
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  async set(key: string, bytes: Buffer, ttlSeconds: number): Promise<void> {
    try {
      await this.redis.set(PREFIX + key, bytes, 'EX', ttlSeconds);
    } catch (error) {
      this.onError(error);
    }
  }
}
