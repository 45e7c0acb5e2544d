import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../lib/rate-limiter.js';
import { createNotifyThrottle, notifyLimitKey } from './notify-throttle.js';

const limiters: RateLimiter[] = [];
afterEach(() => {
  for (const limiter of limiters.splice(0)) limiter.close();
});

describe('notification throttle', () => {
  it("keys by user, type and local hour like new-api's notify_limit", () => {
    expect(notifyLimitKey(5, 'quota_exceed', new Date(2025, 0, 9, 7, 59))).toBe(
      'notify_limit:5:quota_exceed:2025010907',
    );
  });

  it('allows NOTIFY_LIMIT_COUNT sends per user, type and hour within the window', async () => {
    let clock = new Date(2025, 0, 9, 7, 0).getTime();
    const limiter = createMemoryRateLimiter(() => clock);
    limiters.push(limiter);
    const throttle = createNotifyThrottle(limiter, { count: 2, windowMinutes: 10 }, () => {
      return new Date(clock);
    });
    expect(await throttle.allow(1, 'quota_exceed')).toBe(true);
    expect(await throttle.allow(1, 'quota_exceed')).toBe(true);
    expect(await throttle.allow(1, 'quota_exceed')).toBe(false);
    // Another type or user has its own allowance.
    expect(await throttle.allow(1, 'channel_update_3_3')).toBe(true);
    expect(await throttle.allow(2, 'quota_exceed')).toBe(true);
    // Once the window has passed, sends are allowed again.
    clock += 10 * 60_000 + 1;
    expect(await throttle.allow(1, 'quota_exceed')).toBe(true);
    // A new hour is a new key.
    clock = new Date(2025, 0, 9, 8, 0).getTime();
    expect(await throttle.allow(1, 'quota_exceed')).toBe(true);
    expect(await throttle.allow(1, 'quota_exceed')).toBe(true);
    expect(await throttle.allow(1, 'quota_exceed')).toBe(false);
  });

  it('sends nothing with a count of 0', async () => {
    const limiter = createMemoryRateLimiter();
    limiters.push(limiter);
    const throttle = createNotifyThrottle(limiter, { count: 0, windowMinutes: 10 });
    expect(await throttle.allow(1, 'quota_exceed')).toBe(false);
  });

  it('shares one allowance between processes through Redis', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
    const first = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    const second = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await first.connect();
      await second.connect();
    } catch {
      first.disconnect();
      second.disconnect();
      return; // no Redis here
    }
    try {
      const prefix = `tollgate:test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
      const nodeA = createNotifyThrottle(createRedisRateLimiter(first, prefix), {
        count: 2,
        windowMinutes: 10,
      });
      const nodeB = createNotifyThrottle(createRedisRateLimiter(second, prefix), {
        count: 2,
        windowMinutes: 10,
      });
      const answers = await Promise.all([
        nodeA.allow(9, 'quota_exceed'),
        nodeB.allow(9, 'quota_exceed'),
        nodeA.allow(9, 'quota_exceed'),
        nodeB.allow(9, 'quota_exceed'),
      ]);
      expect(answers.filter(Boolean)).toHaveLength(2);
      const keys = await first.keys(`${prefix}notify_limit:9:quota_exceed:*`);
      expect(keys).toHaveLength(1);
      await first.del(...keys);
    } finally {
      first.disconnect();
      second.disconnect();
    }
  });
});
