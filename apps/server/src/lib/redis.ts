import { Redis } from 'ioredis';

/** Connects to Redis and fails within 5 s when it cannot be reached, as new-api does at start. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_CONN_STRING is not reachable: ${(error as Error).message}`);
  }
  return redis;
}
