import { ApiError, http } from '../lib/http-client';
import { isRecord } from '../lib/local-store';

/**
 * Secure verification (`POST /api/verify`): before a sensitive read (a channel's key) the user
 * proves again who they are; the server keeps the proof in the session for five minutes.
 * `2fa` takes a TOTP or backup code; `password` (Tollgate) the password, for users without 2FA;
 * `passkey` needs the passkey ceremony first (`/api/user/passkey/verify/*`).
 */
export type SecureVerifyMethod = '2fa' | 'password' | 'passkey';

/** `POST /api/verify {method, code}`: resolves with when the proof expires (unix seconds). */
export async function secureVerify(method: SecureVerifyMethod, code = ''): Promise<number> {
  const data = await http.post<unknown>('/api/verify', { method, code }, { notifyErrors: false });
  return isRecord(data) && typeof data.expires_at === 'number' ? data.expires_at : 0;
}

/** Whether a call was refused for want of a (fresh) verification: 403 with `VERIFICATION_*`. */
export function needsSecureVerification(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 403;
}

/** `GET /api/user/2fa/status`: whether the user verifies with a 2FA code (else the password). */
export async function twoFactorIsOn(): Promise<boolean> {
  try {
    const data = await http.get<unknown>('/api/user/2fa/status', { notifyErrors: false });
    return isRecord(data) && data.enabled === true;
  } catch {
    return false;
  }
}
