import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { AccessToken, SharedTokenStore } from '../providers/vertex/vertex-access-token.js';

const PREFIX = 'tollgate:vertex-token:';
const storedSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });

/**
 * Vertex AI access tokens in Redis, shared by every process using it: keyed by the hash of the
 * channel key (never the key itself), expiring with the token.
 */
export function redisVertexTokenStore(redis: Redis): SharedTokenStore {
  return {
    async get(key: string): Promise<AccessToken | undefined> {
      const text = await redis.get(PREFIX + key);
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
      await redis.set(PREFIX + key, JSON.stringify(token), 'PX', ttl);
    },
  };
}
