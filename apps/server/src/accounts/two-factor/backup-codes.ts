/**
 * Backup codes: single-use recovery codes for when the authenticator is lost. Ten characters from
 * an alphabet without look-alikes (about 50 bits each), shown as `XXXXX-XXXXX`; stored only as a
 * salted SHA-256 of the normalised code.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** How many codes a user gets at a time. */
export const BACKUP_CODE_COUNT = 8;
const CODE_LENGTH = 10;
/** Crockford-style base32: no I, L, O, U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `count` new codes, formatted for display. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let index = 0; index < CODE_LENGTH; index += 1) code += ALPHABET[randomInt(32)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * A code as typed (any case, spaces or dashes) in its canonical form; undefined when it cannot be
 * a backup code. Look-alikes are read as the character they resemble (O→0, I/L→1).
 */
export function normalizeBackupCode(code: string): string | undefined {
  const compact = code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== CODE_LENGTH) return undefined;
  for (const character of compact) if (!ALPHABET.includes(character)) return undefined;
  return compact;
}

function digest(salt: string, normalized: string): Buffer {
  return createHash('sha256').update(`${salt}:${normalized}`).digest();
}

/** The stored form of a code: `<salt hex>$<sha256 hex>`. */
export function hashBackupCode(code: string): string {
  const normalized = normalizeBackupCode(code);
  if (normalized === undefined) throw new Error('not a backup code');
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${digest(salt, normalized).toString('hex')}`;
}

/** Whether a normalised code is the one `stored` was made from (constant time). */
export function backupCodeMatches(normalized: string, stored: string): boolean {
  const [salt, hex] = stored.split('$');
  if (!salt || !hex || hex.length !== 64) return false;
  return timingSafeEqual(digest(salt, normalized), Buffer.from(hex, 'hex'));
}
