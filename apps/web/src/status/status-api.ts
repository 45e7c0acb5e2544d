import { http } from '../lib/http-client';
import { parseStatusPayload, type StatusPayload } from './status-payload';

/** `GET /api/status` (public): site settings the console needs before anything else. */
export async function fetchStatus(): Promise<StatusPayload> {
  const data = await http.get<unknown>('/api/status', { notifyErrors: false });
  return parseStatusPayload(data) ?? {};
}
