import type { Redis } from 'ioredis';

/**
 * Sliding-window request limiter: a request is allowed when fewer than `limit` requests were
 * allowed for `key` in the last `windowSeconds`. Memory for one process, Redis across nodes.
 */
export interface RateLimiter {
  allow(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  close(): void;
}

/** Per-process limiter; timestamps are swept every few minutes so idle keys do not accumulate. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, number[]>();
  const sweep = setInterval(() => {
    const current = now();
    for (const [key, stamps] of windows) {
      if (stamps.length === 0 || current - stamps[stamps.length - 1] > 20 * 60_000)
        windows.delete(key);
    }
  }, 5 * 60_000);
  sweep.unref();

  return {
    async allow(key, limit, windowSeconds) {
      const current = now();
      const cutoff = current - windowSeconds * 1000;
      let stamps = windows.get(key);
      if (!stamps) {
        stamps = [];
        windows.set(key, stamps);
      }
      while (stamps.length > 0 && stamps[0] <= cutoff) stamps.shift();
      if (stamps.length >= limit) return false;
      stamps.push(current);
      return true;
    },
    close() {
      clearInterval(sweep);
    },
  };
}

// One atomic step per request, so two nodes can never both take the last slot.
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then return 0 end
redis.call('ZADD', key, now, now .. '-' .. ARGV[4])
redis.call('PEXPIRE', key, window)
return 1
`;

/** Limiter shared by every node through Redis (a sorted set of request times per key). */
export function createRedisRateLimiter(redis: Redis, prefix = 'tollgate:rl:'): RateLimiter {
  let sequence = 0;
  return {
    async allow(key, limit, windowSeconds) {
      sequence = (sequence + 1) % 1_000_000_000;
      const result = await redis.eval(
        SLIDING_WINDOW_SCRIPT,
        1,
        prefix + key,
        Date.now(),
        windowSeconds * 1000,
        limit,
        `${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}`,
      );
      return result === 1;
    },
    close() {},
  };
}
