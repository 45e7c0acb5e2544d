/**
 * Seals small secrets stored in the database (TOTP secrets) with AES-256-GCM under a key derived
 * from `CRYPTO_SECRET` (or `SESSION_SECRET`), so a copy of the database alone does not reveal them.
 *
 * Sealed values read `v1.<iv>.<tag>.<ciphertext>` (base64url parts). Without a stable key (neither
 * secret configured: the session secret is random at every start) values are stored as they are,
 * since a key that changes at every restart would lock every user out; such values stay readable
 * once a key is configured.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const IV_BYTES = 12;
/** Separates this key from any other use of the same configured secret. */
const KEY_INFO = 'tollgate/secret-box/v1';

/** Seals and opens stored secrets. */
export interface SecretBox {
  /** The value to store for `plain`: sealed when the box has a key, else `plain` itself. */
  seal(plain: string): string;
  /**
   * The secret a stored value holds; undefined when it is sealed and cannot be opened (no key, or
   * a different one: the configured secret changed).
   */
  open(stored: string): string | undefined;
}

/** A box sealing with a key derived from `secret`, or storing as is when `secret` is undefined. */
export function createSecretBox(secret: string | undefined): SecretBox {
  const key =
    secret === undefined
      ? undefined
      : Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
  return {
    seal(plain) {
      if (!key) return plain;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
      return PREFIX + parts.join('.');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      if (!key) return undefined;
      const [iv, tag, sealed] = stored
        .slice(PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !sealed || iv.length !== IV_BYTES || tag.length !== 16) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
