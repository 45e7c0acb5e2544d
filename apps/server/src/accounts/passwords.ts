import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** Password length rules shared by register, setup, admin edit and self edit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;

/** bcrypt cost; new-api uses the library default (10), so hashes stay interchangeable. */
const BCRYPT_COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, BCRYPT_COST);
}

/** Constant-time check against a stored bcrypt hash ($2a$/$2b$/$2y$); false for anything malformed. */
export async function verifyPassword(
  plain: string,
  hash: string | null | undefined,
): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false;
  try {
    return await bcrypt.compare(plain, hash);
  } catch {
    return false;
  }
}

/** A hash of a random password, compared against when there is no account (see below). */
let dummyHash: Promise<string> | undefined;

/**
 * Checks `plain` against the account's hash, or — when there is no account or it has no
 * password — against a dummy hash of the same cost, so a sign-in takes the same time whether the
 * account exists or not (no user enumeration by timing). False in the second case.
 */
export async function verifyPasswordOf(
  plain: string,
  hash: string | null | undefined,
): Promise<boolean> {
  if (hash && hash.startsWith('$2')) return verifyPassword(plain, hash);
  dummyHash ??= bcrypt.hash(randomBytes(16).toString('hex'), BCRYPT_COST);
  await verifyPassword(plain, await dummyHash);
  return false;
}

/** Returns the reason a password is unacceptable, or undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `密码长度不能小于 ${PASSWORD_MIN_LENGTH} 位`;
  if (length > PASSWORD_MAX_LENGTH) return `密码长度不能大于 ${PASSWORD_MAX_LENGTH} 位`;
  return undefined;
}
