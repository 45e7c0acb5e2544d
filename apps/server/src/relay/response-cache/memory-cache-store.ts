import type { ResponseCacheStore } from './cache-store.js';

interface MemoryEntry {
  bytes: Buffer;
  expiresAt: number;
}

/**
 * A least-recently-used store bounded by bytes, for a process without Redis: the Map's order is
 * the use order (a hit moves its entry to the end), and a write evicts from the front until the
 * total fits. `maxBytes` is read on every write, so a changed `ResponseCacheMaxMB` applies at
 * the next one. An entry larger than the whole budget is not stored.
 */
export class MemoryCacheStore implements ResponseCacheStore {
  private readonly entries = new Map<string, MemoryEntry>();
  private totalBytes = 0;

  constructor(
    private readonly maxBytes: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes held (keys counted as their length). */
  get size(): number {
    return this.totalBytes;
  }

  get count(): number {
    return this.entries.size;
  }

  get(key: string): Promise<Buffer | undefined> {
    return Promise.resolve(this.read(key));
  }

  /** The synchronous read behind `get`. */
  read(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.bytes;
  }

  set(key: string, bytes: Buffer, ttlSeconds: number): Promise<void> {
    this.write(key, bytes, ttlSeconds);
    return Promise.resolve();
  }

  /** The synchronous write behind `set`. */
  write(key: string, bytes: Buffer, ttlSeconds: number): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) this.remove(key, previous);
    const limit = this.maxBytes();
    const cost = weightOf(key, bytes);
    if (cost > limit) {
      this.evictDownTo(limit);
      return;
    }
    this.evictDownTo(limit - cost);
    this.entries.set(key, { bytes, expiresAt: this.now() + ttlSeconds * 1000 });
    this.totalBytes += cost;
  }

  private evictDownTo(target: number): void {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes <= target) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: MemoryEntry): void {
    this.entries.delete(key);
    this.totalBytes -= weightOf(key, entry.bytes);
  }
}

function weightOf(key: string, bytes: Buffer): number {
  return key.length + bytes.length;
}
