import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccessToken } from '../providers/access-token-cache.js';
import { BaiduTokenCache, type BaiduCredential } from '../providers/baidu/baidu-access-token.js';
import { redisTokenStores } from './shared-token-store.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('provider access tokens shared through Redis', () => {
  const connections: Redis[] = [];
  afterAll(() => {
    for (const connection of connections) connection.disconnect();
  });

  /** One process: its own Redis connection and its own in-memory cache. */
  function nodeProcess(fetched: string[]) {
    const redis = new Redis(redisUrl!);
    connections.push(redis);
    const cache = new BaiduTokenCache(async (): Promise<AccessToken> => {
      const token = `24.${randomUUID()}`;
      fetched.push(token);
      return { token, expiresAt: Date.now() + 3_600_000 };
    }, redisTokenStores(redis)('baidu'));
    return { redis, cache };
  }

  const credential: BaiduCredential = { apiKey: 'a', secretKey: 's', oauthBase: 'http://oauth' };

  it('exchanges a key once per node, and forgets a refused token for every process', async () => {
    const fetched: string[] = [];
    const first = nodeProcess(fetched);
    const second = nodeProcess(fetched);
    const channelKey = `test-${randomUUID()}`;
    const token = await first.cache.get(channelKey, credential);
    expect(await second.cache.get(channelKey, credential)).toBe(token);
    expect(fetched).toEqual([token]);
    const keys = await first.redis.keys('tollgate:baidu-token:*');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(channelKey))).toBe(false);

    await second.cache.invalidate(channelKey, token);
    const third = nodeProcess(fetched);
    const renewed = await third.cache.get(channelKey, credential);
    expect(renewed).not.toBe(token);
    expect(fetched).toEqual([token, renewed]);
  });
});
