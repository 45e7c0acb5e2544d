import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** `GET /api/user/passkey` data. */
export interface PasskeyStatus {
  enabled: boolean;
  /** ISO time of the last sign-in or verification with it; null when never used. */
  last_used_at: string | null;
}

export async function fetchPasskeyStatus(): Promise<PasskeyStatus> {
  const data = await http.get<unknown>('/api/user/passkey');
  const record = isRecord(data) ? data : {};
  return {
    enabled: record.enabled === true,
    last_used_at: typeof record.last_used_at === 'string' ? record.last_used_at : null,
  };
}

export const removeOwnPasskey = () => http.delete<unknown>('/api/user/passkey');

/** `DELETE /api/user/:id/reset_passkey` (admin). */
export const resetUserPasskey = (userId: number) =>
  http.delete<unknown>(`/api/user/${userId}/reset_passkey`);
