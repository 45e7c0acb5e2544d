import { describe, expect, it } from 'vitest';
import {
  backupCodeMatches,
  BACKUP_CODE_COUNT,
  hashBackupCode,
  newBackupCodes,
  normalizeBackupCode,
} from './backup-codes.js';
import {
  issuePendingSignIn,
  PENDING_SIGN_IN_LIFETIME_SECONDS,
  readPendingSignIn,
} from './pending-sign-in.js';
import { currentTotp, newTotpSecret, normalizeTotpCode, totpUri, verifyTotp } from './totp.js';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_015;
  const step = Math.floor(now / 30);

  it('makes a base32 secret of 160 bits and an authenticator URI', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri('Tollgate', 'alice', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Tollgate');
  });

  it('accepts the current code and one step of drift, and says which step it was', async () => {
    expect(await verifyTotp(secret, await currentTotp(secret, now), 0, now)).toBe(step);
    expect(await verifyTotp(secret, await currentTotp(secret, now - 30), 0, now)).toBe(step - 1);
    expect(await verifyTotp(secret, await currentTotp(secret, now + 30), 0, now)).toBe(step + 1);
    expect(await verifyTotp(secret, await currentTotp(secret, now - 90), 0, now)).toBeUndefined();
  });

  it('refuses a code of a step already used, and malformed codes', async () => {
    const code = await currentTotp(secret, now);
    expect(await verifyTotp(secret, code, step, now)).toBeUndefined();
    expect(await verifyTotp(secret, code, step - 1, now)).toBe(step);
    expect(await verifyTotp(secret, '12345', 0, now)).toBeUndefined();
    expect(await verifyTotp(secret, 'abcdef', 0, now)).toBeUndefined();
    expect(await verifyTotp('not base32!', code, 0, now)).toBeUndefined();
    expect(normalizeTotpCode(' 123 456 ')).toBe('123456');
  });
});

describe('backup codes', () => {
  it('are distinct, readable codes', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  it('match their salted hash however they are typed, and nothing else', () => {
    const [code, other] = newBackupCodes(2);
    const stored = hashBackupCode(code);
    expect(stored).not.toContain(code.replace('-', ''));
    expect(hashBackupCode(code)).not.toBe(stored);
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    expect(backupCodeMatches(normalizeBackupCode(typed)!, stored)).toBe(true);
    expect(backupCodeMatches(normalizeBackupCode(other)!, stored)).toBe(false);
    expect(backupCodeMatches(normalizeBackupCode(code)!, 'garbage')).toBe(false);
  });

  it('read look-alikes as what they resemble and refuse what cannot be a code', () => {
    expect(normalizeBackupCode('oIl23-45678')).toBe('0112345678');
    expect(normalizeBackupCode('123456')).toBeUndefined();
    expect(normalizeBackupCode('ABCDE-FGHU1')).toBeUndefined();
  });
});

describe('pending sign-in', () => {
  const now = 1_800_000_000_000;

  it('carries the user and session version until it expires', () => {
    const { pending, cookie } = issuePendingSignIn(7, 3, 'secret', now);
    expect(readPendingSignIn(cookie, 'secret', now)).toEqual(pending);
    expect(pending).toMatchObject({ userId: 7, version: 3 });
    const later = now + PENDING_SIGN_IN_LIFETIME_SECONDS * 1000;
    expect(readPendingSignIn(cookie, 'secret', later)).toBeUndefined();
    expect(readPendingSignIn(cookie, 'other secret', now)).toBeUndefined();
    expect(readPendingSignIn(undefined, 'secret', now)).toBeUndefined();
  });

  it('gives each sign-in its own id', () => {
    const first = issuePendingSignIn(7, 3, 'secret', now).pending.nonce;
    expect(issuePendingSignIn(7, 3, 'secret', now).pending.nonce).not.toBe(first);
  });
});
