import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { Database } from '../db/schema.js';

/**
 * Marks of notifications that go out once (a budget threshold per period): the first process to
 * claim a key sends, every other one — on any node — finds it taken. A claim lasts until
 * `expiresAt` (unix seconds), past the end of the period its key names.
 */
export interface NoticeClaims {
  /** True for the one caller that took the key; false when it was already taken. */
  claim(key: string, expiresAt: number): Promise<boolean>;
}

/** Claims in Redis: one `SET NX` with the claim's lifetime, shared by every node. */
export function redisNoticeClaims(
  redis: Redis,
  now: () => number = Date.now,
  prefix = 'tollgate:notice:',
): NoticeClaims {
  return {
    async claim(key, expiresAt) {
      const seconds = Math.max(1, expiresAt - Math.floor(now() / 1000));
      return (await redis.set(prefix + key, '1', 'EX', seconds, 'NX')) === 'OK';
    },
  };
}

/** Expired claims are deleted at most this often per process, by the next claim. */
const PRUNE_INTERVAL_MS = 3_600_000;

/**
 * Claims in the `notice_claims` table when no Redis is configured: the insert of the key is the
 * claim, its primary key refuses a second one from any process. Expired rows are deleted now and
 * then by a claim.
 */
export function databaseNoticeClaims(
  db: Kysely<Database>,
  now: () => number = Date.now,
): NoticeClaims {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return {
    async claim(key, expiresAt) {
      const current = now();
      if (current - prunedAt >= PRUNE_INTERVAL_MS) {
        prunedAt = current;
        await db
          .deleteFrom('notice_claims')
          .where('expires_at', '<', Math.floor(current / 1000))
          .execute();
      }
      try {
        await db
          .insertInto('notice_claims')
          .values({ claim_key: key, expires_at: expiresAt })
          .execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
