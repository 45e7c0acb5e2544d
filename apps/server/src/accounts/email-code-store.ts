/**
 * One-time codes sent by email: the registration and binding code (reference §8.2) and the
 * password reset token (§8.3). Every process of every node checks the same codes: they live in
 * Redis when it is configured, otherwise in the `email_codes` table. Only a keyed hash of a code is
 * stored, never the code; a code is taken by the first check that matches, so it works once.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/open-database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';

/** What a code is for; a code of one purpose never satisfies another. */
export type EmailCodePurpose = 'verification' | 'reset';

/** Wrong codes tried against a live code before it is dropped (a new one must be requested). */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export interface EmailCodeStore {
  /** Stores `code` for the address, replacing any earlier code of the same purpose. */
  put(purpose: EmailCodePurpose, email: string, code: string, ttlSeconds: number): Promise<void>;
  /**
   * True when `code` is the live code of the address: the code is then gone, so of two checks
   * of the same code at once exactly one succeeds. A wrong code counts against the live one.
   */
  take(purpose: EmailCodePurpose, email: string, code: string): Promise<boolean>;
}

/** Codes are compared without case and surrounding blanks (people retype them from a mail). */
function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}

function emailKey(email: string): string {
  return createHash('sha256').update(email.trim()).digest('hex');
}

/** The stored form of a code: bound to the secret, the purpose and the address. */
function codeHash(secret: string, purpose: EmailCodePurpose, email: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`${purpose}\n${email.trim()}\n${normalizeCode(code)}`)
    .digest('hex');
}

function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Redis when given, else the database. `secret` keys the stored hashes (the session secret). */
export function createEmailCodeStore(
  secret: string,
  database: DatabaseHandle,
  redis?: Redis,
): EmailCodeStore {
  return redis ? redisEmailCodeStore(redis, secret) : databaseEmailCodeStore(database, secret);
}

// KEYS[1]: the code's hash key. ARGV: the offered hash, the attempt limit. One atomic step, so a
// code matches once and the attempt count cannot be outrun by parallel guesses.
const TAKE_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], 'hash')
if not stored then return 0 end
if stored == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
local attempts = redis.call('HINCRBY', KEYS[1], 'attempts', 1)
if attempts >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
return 0
`;

export function redisEmailCodeStore(
  redis: Redis,
  secret: string,
  prefix = 'tollgate:email-code:',
): EmailCodeStore {
  const key = (purpose: EmailCodePurpose, email: string) =>
    `${prefix}${purpose}:${emailKey(email)}`;
  return {
    async put(purpose, email, code, ttlSeconds) {
      const name = key(purpose, email);
      await redis
        .multi()
        .del(name)
        .hset(name, 'hash', codeHash(secret, purpose, email, code), 'attempts', 0)
        .expire(name, ttlSeconds)
        .exec();
    },
    async take(purpose, email, code) {
      if (normalizeCode(code) === '') return false;
      const result = await redis.eval(
        TAKE_SCRIPT,
        1,
        key(purpose, email),
        codeHash(secret, purpose, email, code),
        EMAIL_CODE_MAX_ATTEMPTS,
      );
      return Number(result) === 1;
    },
  };
}

export function databaseEmailCodeStore(
  database: DatabaseHandle,
  secret: string,
  now: () => number = () => Math.floor(Date.now() / 1000),
): EmailCodeStore {
  const { db } = database;
  return {
    async put(purpose, email, code, ttlSeconds) {
      const current = now();
      const row = {
        purpose,
        email_key: emailKey(email),
        code_hash: codeHash(secret, purpose, email, code),
        attempts: 0,
        expires_at: current + ttlSeconds,
        created_at: current,
      };
      // Expired codes of every address go as new ones come, so the table stays small.
      await db.deleteFrom('email_codes').where('expires_at', '<', current).execute();
      for (let attempt = 0; ; attempt += 1) {
        await db
          .deleteFrom('email_codes')
          .where('purpose', '=', purpose)
          .where('email_key', '=', row.email_key)
          .execute();
        try {
          await db.insertInto('email_codes').values(row).execute();
          return;
        } catch (error) {
          // Another request for the same address inserted in between: the later one wins.
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
    async take(purpose, email, code) {
      if (normalizeCode(code) === '') return false;
      const key = emailKey(email);
      const offered = codeHash(secret, purpose, email, code);
      const live = await db
        .selectFrom('email_codes')
        .select(['id', 'code_hash'])
        .where('purpose', '=', purpose)
        .where('email_key', '=', key)
        .where('expires_at', '>=', now())
        .where('attempts', '<', EMAIL_CODE_MAX_ATTEMPTS)
        .executeTakeFirst();
      if (!live) return false;
      if (sameHash(live.code_hash, offered)) {
        // Whoever deletes the row used the code; a parallel check of the same code deletes nothing.
        const deleted = await db
          .deleteFrom('email_codes')
          .where('id', '=', live.id)
          .where('code_hash', '=', offered)
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) === 1;
      }
      await db
        .updateTable('email_codes')
        .set((update) => ({ attempts: update.eb('attempts', '+', 1) }))
        .where('id', '=', live.id)
        .execute();
      return false;
    },
  };
}
