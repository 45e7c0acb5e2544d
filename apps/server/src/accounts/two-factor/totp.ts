/**
 * TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits, 30-second steps, a base32
 * secret of 20 random bytes. Codes of the previous and next step are accepted too (clock drift),
 * and a code is accepted only for a step later than the last one used, so a code cannot be
 * replayed while it is still valid.
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';

/** Seconds per step. */
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted on either side of the current one. */
const DRIFT_STEPS = 1;
const CODE_PATTERN = /^\d{6}$/;

/** A new random base32 secret (160 bits). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://totp/...` URI an authenticator app reads from a QR code. */
export function totpUri(issuer: string, account: string, secret: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** A code as the user typed it, without spaces; undefined unless it is six digits. */
export function normalizeTotpCode(code: string): string | undefined {
  const compact = code.replace(/\s+/g, '');
  return CODE_PATTERN.test(compact) ? compact : undefined;
}

/**
 * The time step `code` belongs to when it is valid now (within the drift) and later than
 * `afterStep`; undefined otherwise.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  afterStep: number,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<number | undefined> {
  const token = normalizeTotpCode(code);
  if (token === undefined) return undefined;
  try {
    const result = await verify({
      secret,
      token,
      epoch: nowSeconds,
      epochTolerance: DRIFT_STEPS * TOTP_PERIOD_SECONDS,
      afterTimeStep: afterStep,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // A malformed stored secret matches nothing.
    return undefined;
  }
}

/** The current code of `secret` (for tests and tools). */
export function currentTotp(secret: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return generate({ secret, epoch: nowSeconds });
}
