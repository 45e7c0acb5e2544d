import type { UpdateSelfRequest } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** The fields of `GET /api/user/self` the personal page shows. */
export interface SelfUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
}

const number = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** `GET /api/user/self`: the full own user row. */
export async function fetchSelf(): Promise<SelfUser> {
  const data = await http.get<unknown>('/api/user/self');
  if (!isRecord(data)) throw new Error('Unexpected user data');
  return {
    id: number(data.id),
    username: text(data.username),
    display_name: text(data.display_name),
    role: number(data.role),
    group: text(data.group),
    quota: number(data.quota),
    used_quota: number(data.used_quota),
    request_count: number(data.request_count),
  };
}

/** `GET /api/user/models`: model names the user may call. */
export async function fetchUserModels(): Promise<string[]> {
  const data = await http.get<unknown>('/api/user/models');
  return Array.isArray(data)
    ? data.filter((model): model is string => typeof model === 'string')
    : [];
}

/** `GET /api/user/token`: replaces the system access token and returns the new one. */
export async function generateAccessToken(): Promise<string> {
  const data = await http.get<unknown>('/api/user/token');
  return typeof data === 'string' ? data : '';
}

/**
 * `PUT /api/user/self {password, original_password}`: sets a new password, proving the current
 * one. Only these are sent: fields left out stay unchanged (and an old username longer than
 * today's limit is not re-validated).
 */
export function changeOwnPassword(change: {
  password: string;
  originalPassword: string;
}): Promise<unknown> {
  const request: UpdateSelfRequest = {
    password: change.password,
    original_password: change.originalPassword,
  };
  return http.put<unknown>('/api/user/self', request);
}

/** `DELETE /api/user/self`: deregisters the own account. */
export function deleteOwnAccount(): Promise<unknown> {
  return http.delete<unknown>('/api/user/self');
}
