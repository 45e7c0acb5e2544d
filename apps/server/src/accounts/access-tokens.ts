import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * System access tokens (`Authorization: <token>` on console routes). Only a hash is stored, so a
 * database reader cannot sign in with what it reads; tokens new-api stored in plain text keep
 * working until their owner generates a new one.
 *
 * The column is 32 characters wide (new-api's `char(32)`): a stored hash is `h:` and 30
 * characters of the token's SHA-256 (180 bits). A real token never contains `:`, so a stored hash
 * presented as a token is refused outright.
 */

const HASH_PREFIX = 'h:';
/** Tokens Tollgate generates: 32 URL-safe characters. new-api's are 32 alphanumerics. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** A new random token: shown once to its owner, stored only as `storedAccessToken(token)`. */
export function generateAccessToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the database stores for `token`. */
export function storedAccessToken(token: string): string {
  return HASH_PREFIX + createHash('sha256').update(token).digest('base64url').slice(0, 30);
}

/**
 * The column values a presented token may match: its hash, and the token itself for a plain
 * token new-api stored. Undefined for something that cannot be a token (a stored hash included).
 */
export function accessTokenLookupValues(presented: string): string[] | undefined {
  if (!TOKEN_SHAPE.test(presented)) return undefined;
  return [storedAccessToken(presented), presented];
}

/** Whether `stored` (a column value) belongs to `presented`, compared in constant time. */
export function accessTokenMatches(stored: string, presented: string): boolean {
  const expected = stored.startsWith(HASH_PREFIX) ? storedAccessToken(presented) : presented;
  const left = Buffer.from(stored);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
