/**
 * Where cached answers live: Redis (shared by every process of every node, kept across restarts)
 * or this process's memory. Both are best-effort: a failure reads as a miss and a lost write.
 */
export interface ResponseCacheStore {
  /** The stored bytes under `key`, or undefined (missing, expired, or the store failed). */
  get(key: string): Promise<Buffer | undefined>;
  /** Stores `bytes` under `key` for `ttlSeconds`; never throws, never rejects. */
  set(key: string, bytes: Buffer, ttlSeconds: number): Promise<void>;
}

/** Largest answer stored (a bigger one is relayed but not kept). */
export const MAX_CACHED_ANSWER_BYTES = 16 * 1024 * 1024;
