import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limiter.js';

async function exercise(limiter: RateLimiter, key: string, advance: (ms: number) => Promise<void>) {
  const first = [];
  for (let index = 0; index < 4; index += 1) first.push(await limiter.allow(key, 3, 1));
  expect(first).toEqual([true, true, true, false]);
  await advance(1100);
  expect(await limiter.allow(key, 3, 1)).toBe(true);
  expect(await limiter.allow(`${key}-other`, 3, 1)).toBe(true);
}

/** A slot given back frees its place in the window; an unknown slot changes nothing. */
async function exerciseGiveBack(limiter: RateLimiter, key: string) {
  const first = await limiter.take(key, 2, 30);
  const second = await limiter.take(key, 2, 30);
  expect(first).toBeTypeOf('string');
  expect(second).toBeTypeOf('string');
  expect(first).not.toBe(second);
  expect(await limiter.take(key, 2, 30)).toBeUndefined();
  limiter.giveBack(key, 'no-such-slot');
  expect(await limiter.take(key, 2, 30)).toBeUndefined();
  limiter.giveBack(key, first!);
  // Redis removes the slot asynchronously; the next command on the connection sees it gone.
  expect(await limiter.take(key, 2, 30)).toBeTypeOf('string');
  expect(await limiter.take(key, 2, 30)).toBeUndefined();
}

describe('sliding-window rate limiter', () => {
  it('in memory: allows the limit per window and per key', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    await exercise(limiter, 'GA1.2.3.4', async (ms) => {
      now += ms;
    });
    limiter.close();
  });

  it('in memory: a slot given back is free again', async () => {
    const limiter = createMemoryRateLimiter();
    await exerciseGiveBack(limiter, 'MRRL:success:1');
    limiter.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  const connections: Redis[] = [];
  afterAll(() => connections.forEach((connection) => connection.disconnect()));

  it.skipIf(!redisUrl)('in Redis: the same rules, shared by two nodes', async () => {
    const nodeA = new Redis(redisUrl!);
    const nodeB = new Redis(redisUrl!);
    connections.push(nodeA, nodeB);
    const prefix = `tollgate:test:${Date.now()}:`;
    await exercise(
      createRedisRateLimiter(nodeA, prefix),
      'CT9.9.9.9',
      (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    );
    const limiterA = createRedisRateLimiter(nodeA, prefix);
    const limiterB = createRedisRateLimiter(nodeB, prefix);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? limiterA : limiterB).allow('shared', 5, 30),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    await exerciseGiveBack(limiterA, 'give-back');
  });
});
