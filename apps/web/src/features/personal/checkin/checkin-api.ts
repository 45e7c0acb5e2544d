import type { CheckinResult, CheckinStatus } from '@tollgate/contracts';
import { http } from '../../../lib/http-client';

/** `GET /api/user/checkin?month=YYYY-MM`: the month's check-ins, the totals and the range. */
export function fetchCheckinStatus(month: string): Promise<CheckinStatus> {
  return http.get<CheckinStatus>('/api/user/checkin', { query: { month } });
}

/**
 * `POST /api/user/checkin?turnstile=`: today's check-in; the token is sent only when the site
 * asks for the Turnstile check (a passed check is remembered for the session by the server).
 */
export function postCheckin(turnstileToken: string): Promise<CheckinResult> {
  return http.post<CheckinResult>('/api/user/checkin', undefined, {
    query: turnstileToken ? { turnstile: turnstileToken } : undefined,
  });
}
