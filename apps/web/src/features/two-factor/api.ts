import type {
  TwoFactorBackupCodesData,
  TwoFactorSetupData,
  TwoFactorStatusData,
} from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function codesOf(data: unknown): string[] {
  const codes = isRecord(data) ? data.backup_codes : undefined;
  return Array.isArray(codes)
    ? codes.filter((code): code is string => typeof code === 'string')
    : [];
}

/** `GET /api/user/2fa/status`. */
export async function fetchTwoFactorStatus(): Promise<TwoFactorStatusData> {
  const data = await http.get<unknown>('/api/user/2fa/status');
  if (!isRecord(data)) throw new Error('Unexpected two-factor status');
  return {
    enabled: data.enabled === true,
    pending: data.pending === true,
    backup_codes_remaining:
      typeof data.backup_codes_remaining === 'number' ? data.backup_codes_remaining : 0,
  };
}

/** `POST /api/user/2fa/setup`: a new secret, not in force until confirmed. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetupData> {
  const data = await http.post<unknown>('/api/user/2fa/setup');
  const record = isRecord(data) ? data : {};
  return { secret: text(record.secret), qr_code_data: text(record.qr_code_data) };
}

/** `POST /api/user/2fa/enable {code}`: the backup codes, shown once. */
export async function enableTwoFactor(code: string): Promise<TwoFactorBackupCodesData> {
  return { backup_codes: codesOf(await http.post<unknown>('/api/user/2fa/enable', { code })) };
}

/** `POST /api/user/2fa/disable {code}` (a TOTP or a backup code). */
export function disableTwoFactor(code: string): Promise<unknown> {
  return http.post<unknown>('/api/user/2fa/disable', { code });
}

/** `POST /api/user/2fa/backup_codes {code}`: new backup codes replacing the old ones. */
export async function regenerateBackupCodes(code: string): Promise<TwoFactorBackupCodesData> {
  return {
    backup_codes: codesOf(await http.post<unknown>('/api/user/2fa/backup_codes', { code })),
  };
}

/** `POST /api/user/login/2fa {code}`: completes a password sign-in; data is the user. */
export function completeTwoFactorLogin(code: string): Promise<unknown> {
  return http.post<unknown>('/api/user/login/2fa', { code });
}

/** `DELETE /api/user/:id/2fa` (admin). */
export function resetUserTwoFactor(userId: number): Promise<unknown> {
  return http.delete<unknown>(`/api/user/${userId}/2fa`);
}

/** Whether a `POST /api/user/login` answer asks for the second step instead of signing in. */
export function requiresTwoFactor(data: unknown): boolean {
  return isRecord(data) && data.require_2fa === true;
}
