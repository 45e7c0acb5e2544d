import type { Redis } from 'ioredis';
import type {
  CounterReservation,
  CounterSettlement,
  LimitStore,
  ReserveReply,
} from './limit-store.js';

/*
 * A counter is a hash `<key>` (`used`, `held`, and `r:<reservation>` = amount per live
 * reservation) and a sorted set `<key>:x` of its reservations scored by their expiry. Each script
 * runs atomically in Redis, so every process and node sees one order of admissions.
 */

/**
 * KEYS: the counters' hashes, then their expiry sets. ARGV: now, reservation expiry, reservation
 * id, then max, amount and counter expiry per counter. Sweeps dead reservations, then reserves on
 * all counters or on none. Reply: {1, 0, level…} or {0, index, level}.
 */
const RESERVE_SCRIPT = `
local n = #KEYS / 2
local now = tonumber(ARGV[1])
local id = ARGV[3]
local levels = {}
for i = 1, n do
  local hash, expiry = KEYS[i], KEYS[n + i]
  local dead = redis.call('ZRANGEBYSCORE', expiry, '-inf', now)
  for _, deadId in ipairs(dead) do
    local amount = redis.call('HGET', hash, 'r:' .. deadId)
    if amount then
      redis.call('HINCRBY', hash, 'held', -tonumber(amount))
      redis.call('HDEL', hash, 'r:' .. deadId)
    end
  end
  if #dead > 0 then redis.call('ZREMRANGEBYSCORE', expiry, '-inf', now) end
  local values = redis.call('HMGET', hash, 'used', 'held')
  local level = (tonumber(values[1]) or 0) + (tonumber(values[2]) or 0)
  local max = tonumber(ARGV[1 + i * 3])
  local amount = tonumber(ARGV[2 + i * 3])
  if level >= max or level + amount > max then return {0, i - 1, level} end
  levels[i] = level + amount
end
for i = 1, n do
  local hash, expiry = KEYS[i], KEYS[n + i]
  local amount = tonumber(ARGV[2 + i * 3])
  local expireAt = tonumber(ARGV[3 + i * 3])
  redis.call('HINCRBY', hash, 'held', amount)
  redis.call('HSET', hash, 'r:' .. id, amount)
  redis.call('ZADD', expiry, ARGV[2], id)
  redis.call('EXPIREAT', hash, expireAt)
  redis.call('EXPIREAT', expiry, expireAt)
end
local reply = {1, 0}
for i = 1, n do reply[i + 2] = levels[i] end
return reply
`;

/**
 * KEYS: hashes, then expiry sets. ARGV: reservation id, then actual amount and counter expiry per
 * counter. Drops the reservation (if not swept already) and adds the actual use.
 */
const SETTLE_SCRIPT = `
local n = #KEYS / 2
local id = ARGV[1]
for i = 1, n do
  local hash, expiry = KEYS[i], KEYS[n + i]
  local amount = redis.call('HGET', hash, 'r:' .. id)
  if amount then
    redis.call('HINCRBY', hash, 'held', -tonumber(amount))
    redis.call('HDEL', hash, 'r:' .. id)
  end
  redis.call('ZREM', expiry, id)
  local actual = tonumber(ARGV[i * 2])
  if actual > 0 then
    redis.call('HINCRBY', hash, 'used', actual)
    redis.call('EXPIREAT', hash, tonumber(ARGV[i * 2 + 1]))
  end
end
return n
`;

/**
 * KEYS: hashes. ARGV: now. Levels with dead reservations left out (read-only: the next
 * admission sweeps them).
 */
const LEVELS_SCRIPT = `
local now = tonumber(ARGV[1])
local levels = {}
for i = 1, #KEYS do
  local hash = KEYS[i]
  local values = redis.call('HMGET', hash, 'used', 'held')
  local level = (tonumber(values[1]) or 0) + (tonumber(values[2]) or 0)
  local dead = redis.call('ZRANGEBYSCORE', hash .. ':x', '-inf', now)
  for _, deadId in ipairs(dead) do
    level = level - (tonumber(redis.call('HGET', hash, 'r:' .. deadId)) or 0)
  end
  levels[i] = level
end
return levels
`;

interface LimitScripts {
  limitReserve(...args: (string | number)[]): Promise<unknown>;
  limitSettle(...args: (string | number)[]): Promise<unknown>;
  limitLevels(...args: (string | number)[]): Promise<unknown>;
}

/** Counters in Redis: one script per admission, one per settlement. */
export class RedisLimitStore implements LimitStore {
  private readonly scripts: LimitScripts;

  constructor(
    redis: Redis,
    private readonly onError: (error: unknown) => void,
  ) {
    redis.defineCommand('limitReserve', { lua: RESERVE_SCRIPT });
    redis.defineCommand('limitSettle', { lua: SETTLE_SCRIPT });
    redis.defineCommand('limitLevels', { lua: LEVELS_SCRIPT });
    this.scripts = redis as unknown as LimitScripts;
  }

  async reserve(
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
    reservationExpiresAt: number,
  ): Promise<ReserveReply> {
    const args: (string | number)[] = [counters.length * 2];
    for (const counter of counters) args.push(counter.key);
    for (const counter of counters) args.push(`${counter.key}:x`);
    args.push(nowSeconds, reservationExpiresAt, reservation);
    for (const counter of counters) args.push(counter.max, counter.amount, counter.expiresAt);
    const reply = (await this.scripts.limitReserve(...args)) as number[];
    return {
      admitted: reply[0] === 1,
      refusedIndex: reply[1],
      levels: reply.slice(2).map(Number),
    };
  }

  settle(reservation: string, counters: readonly CounterSettlement[]): void {
    const args: (string | number)[] = [counters.length * 2];
    for (const counter of counters) args.push(counter.key);
    for (const counter of counters) args.push(`${counter.key}:x`);
    args.push(reservation);
    for (const counter of counters) args.push(counter.actual, counter.expiresAt);
    this.scripts.limitSettle(...args).catch(this.onError);
  }

  async levels(keys: readonly string[], nowSeconds: number): Promise<number[]> {
    if (keys.length === 0) return [];
    const reply = (await this.scripts.limitLevels(keys.length, ...keys, nowSeconds)) as number[];
    return reply.map(Number);
  }

  async flush(): Promise<void> {
    // Settlements are sent at once; nothing waits in this process.
  }
}
