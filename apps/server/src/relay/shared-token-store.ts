import type { Redis } from 'ioredis';
import { z } from 'zod';
import type {
  AccessToken,
  SharedTokenStore,
  SharedTokenStores,
} from '../providers/access-token-cache.js';

const storedSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });

/**
 * Provider access tokens (Vertex AI, Baidu) in Redis, shared by every process using it: under
 * `tollgate:<provider>-token:<hash of the channel key>` (never the key itself), expiring with the
 * token.
 */
export function redisTokenStores(redis: Redis): SharedTokenStores {
  const stores = new Map<string, SharedTokenStore>();
  return (provider) => {
    let store = stores.get(provider);
    if (!store) {
      store = redisTokenStore(redis, `tollgate:${provider}-token:`);
      stores.set(provider, store);
    }
    return store;
  };
}

function redisTokenStore(redis: Redis, prefix: string): SharedTokenStore {
  return {
    async get(key: string): Promise<AccessToken | undefined> {
      const text = await redis.get(prefix + key);
      if (!text) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return undefined;
      }
      const parsed = storedSchema.safeParse(json);
      return parsed.success ? parsed.data : undefined;
    },
    async set(key: string, token: AccessToken): Promise<void> {
      const ttl = Math.floor(token.expiresAt - Date.now());
      if (ttl <= 0) return;
      await redis.set(prefix + key, JSON.stringify(token), 'PX', ttl);
    },
    async delete(key: string): Promise<void> {
      await redis.del(prefix + key);
    },
  };
}
