import type { Redis } from 'ioredis';

/**
 * Sliding-window request limiter: a request is allowed when fewer than `limit` requests were
 * allowed for `key` in the last `windowSeconds`. Memory for one process, Redis across nodes.
 *
 * A request that is allowed takes a slot; `giveBack` removes it again, for limits that count only
 * some requests (successful ones) but must reserve the slot up front so concurrent requests cannot
 * all pass a check-then-record race.
 */
export interface RateLimiter {
  /** Takes a slot: its id, or undefined when the window is full. Atomic across processes. */
  take(key: string, limit: number, windowSeconds: number): Promise<string | undefined>;
  /** Removes a slot taken from `key` (unknown or expired slots are ignored). */
  giveBack(key: string, slot: string): void;
  /** `take` when the slot itself is not needed. */
  allow(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  close(): void;
}

interface Slot {
  at: number;
  id: string;
}

/** Per-process limiter; timestamps are swept every few minutes so idle keys do not accumulate. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, Slot[]>();
  let sequence = 0;
  const sweep = setInterval(() => {
    const current = now();
    for (const [key, slots] of windows) {
      if (slots.length === 0 || current - slots[slots.length - 1].at > 20 * 60_000)
        windows.delete(key);
    }
  }, 5 * 60_000);
  sweep.unref();

  function take(key: string, limit: number, windowSeconds: number): string | undefined {
    const current = now();
    const cutoff = current - windowSeconds * 1000;
    let slots = windows.get(key);
    if (!slots) {
      slots = [];
      windows.set(key, slots);
    }
    while (slots.length > 0 && slots[0].at <= cutoff) slots.shift();
    if (slots.length >= limit) return undefined;
    sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(sequence);
    slots.push({ at: current, id });
    return id;
  }

  return {
    take: async (key, limit, windowSeconds) => take(key, limit, windowSeconds),
    allow: async (key, limit, windowSeconds) => take(key, limit, windowSeconds) !== undefined,
    giveBack(key, slot) {
      const slots = windows.get(key);
      const index = slots?.findIndex((entry) => entry.id === slot) ?? -1;
      if (index >= 0) slots?.splice(index, 1);
    },
    close() {
      clearInterval(sweep);
    },
  };
}

// One atomic step per request, so two nodes can never both take the last slot. Returns the
// slot's member name, or false when the window is full.
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then return false end
local member = now .. '-' .. ARGV[4]
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return member
`;

/** Limiter shared by every node through Redis (a sorted set of request times per key). */
export function createRedisRateLimiter(redis: Redis, prefix = 'tollgate:rl:'): RateLimiter {
  let sequence = 0;
  async function take(key: string, limit: number, windowSeconds: number) {
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
    return typeof result === 'string' ? result : undefined;
  }
  return {
    take,
    allow: async (key, limit, windowSeconds) =>
      (await take(key, limit, windowSeconds)) !== undefined,
    giveBack(key, slot) {
      // Best effort: a slot that cannot be removed expires with its window.
      redis.zrem(prefix + key, slot).catch(() => undefined);
    },
    close() {},
  };
}
