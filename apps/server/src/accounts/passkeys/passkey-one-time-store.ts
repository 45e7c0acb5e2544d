/**
 * Single-use WebAuthn values shared by every process of every node: the challenges handed out by
 * the begin steps (registration, login, verification) and the "passkey verified" marker that
 * `POST /api/user/passkey/verify/finish` leaves for `POST /api/verify`. A signed cookie cannot make
 * a value single-use across nodes, so they live where the email codes live: in Redis when it is
 * configured, otherwise in the `email_codes` table under purposes of their own (`pk-…`).
 *
 * Only an HMAC of (purpose, value, owner) is stored; taking it is one atomic delete, so of two
 * finish steps with the same challenge exactly one succeeds, and an expired value is never taken.
 */
import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/open-database.js';
import { isUniqueViolation } from '../../db/dialect-helpers.js';

/** What a stored value is for; a value of one purpose never satisfies another. */
export type PasskeyOneTimePurpose = 'pk-register' | 'pk-login' | 'pk-verify' | 'pk-verified';

export interface PasskeyOneTimeStore {
  /** Stores `value` for `owner` (a user id, or `login` before anyone is known) for `ttlSeconds`. */
  put(
    purpose: PasskeyOneTimePurpose,
    value: string,
    owner: string,
    ttlSeconds: number,
  ): Promise<void>;
  /** True once: when the value is live for that owner; it is then gone. */
  take(purpose: PasskeyOneTimePurpose, value: string, owner: string): Promise<boolean>;
}

/** The stored key: bound to the server secret, the purpose, the value and its owner. */
function slotOf(secret: string, purpose: PasskeyOneTimePurpose, value: string, owner: string) {
  return createHmac('sha256', secret)
    .update(`passkey\n${purpose}\n${owner}\n${value}`)
    .digest('hex');
}

/** Redis when given, else the database. `secret` keys the stored hashes (the session secret). */
export function createPasskeyOneTimeStore(
  secret: string,
  database: DatabaseHandle,
  redis?: Redis,
): PasskeyOneTimeStore {
  return redis ? redisPasskeyStore(redis, secret) : databasePasskeyStore(database, secret);
}

export function redisPasskeyStore(
  redis: Redis,
  secret: string,
  prefix = 'tollgate:passkey:',
): PasskeyOneTimeStore {
  const key = (purpose: PasskeyOneTimePurpose, value: string, owner: string) =>
    `${prefix}${purpose}:${slotOf(secret, purpose, value, owner)}`;
  return {
    async put(purpose, value, owner, ttlSeconds) {
      await redis.set(key(purpose, value, owner), '1', 'EX', ttlSeconds);
    },
    async take(purpose, value, owner) {
      // DEL answers 1 to exactly one caller; Redis drops the key itself when it expires.
      return (await redis.del(key(purpose, value, owner))) === 1;
    },
  };
}

export function databasePasskeyStore(
  database: DatabaseHandle,
  secret: string,
  now: () => number = () => Math.floor(Date.now() / 1000),
): PasskeyOneTimeStore {
  const { db } = database;
  return {
    async put(purpose, value, owner, ttlSeconds) {
      const current = now();
      const slot = slotOf(secret, purpose, value, owner);
      // Expired values of this purpose go as new ones come, so the table stays small.
      await db
        .deleteFrom('email_codes')
        .where('purpose', '=', purpose)
        .where('expires_at', '<', current)
        .execute();
      const row = {
        purpose,
        email_key: slot,
        code_hash: slot,
        attempts: 0,
        expires_at: current + ttlSeconds,
        created_at: current,
      };
      try {
        await db.insertInto('email_codes').values(row).execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same value again (a marker set twice): it lives from now on.
        await db
          .updateTable('email_codes')
          .set({ expires_at: row.expires_at, created_at: current })
          .where('purpose', '=', purpose)
          .where('email_key', '=', slot)
          .execute();
      }
    },
    async take(purpose, value, owner) {
      const deleted = await db
        .deleteFrom('email_codes')
        .where('purpose', '=', purpose)
        .where('email_key', '=', slotOf(secret, purpose, value, owner))
        .where('expires_at', '>=', now())
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },
  };
}
