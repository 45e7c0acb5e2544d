import { http } from '../../lib/http-client';

/** `GET /api/user/logout`: clears the server session. */
export function logout(): Promise<unknown> {
  return http.get<unknown>('/api/user/logout', { notifyErrors: false });
}
