import type { AffTransferRequest, UpdateSelfRequest } from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import type { UserSettingRequest } from './rules/user-setting';

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
  email: string;
  /** Bound third-party identities ('' when none): GitHub login, OIDC subject, ids. */
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  /** How many users registered through the invite link. */
  aff_count: number;
  /** Invite reward not yet moved to the balance. */
  aff_quota: number;
  /** Invite reward earned in total. */
  aff_history_quota: number;
  /** The user setting as JSON text (read with `parseUserSetting`). */
  setting: string;
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
    email: text(data.email),
    github_id: text(data.github_id),
    oidc_id: text(data.oidc_id),
    wechat_id: text(data.wechat_id),
    telegram_id: text(data.telegram_id),
    linux_do_id: text(data.linux_do_id),
    aff_count: number(data.aff_count),
    aff_quota: number(data.aff_quota),
    aff_history_quota: number(data.aff_history_quota),
    setting: text(data.setting),
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

/** `GET /api/user/aff`: the own invite code (the server creates one on first use). */
export async function fetchAffCode(): Promise<string> {
  const data = await http.get<unknown>('/api/user/aff');
  return typeof data === 'string' ? data : '';
}

/** `POST /api/user/aff_transfer {quota}`: moves invite reward to the balance. */
export function transferAffQuota(quota: number): Promise<unknown> {
  const request: AffTransferRequest = { quota };
  return http.post<unknown>('/api/user/aff_transfer', request);
}

/** `PUT /api/user/setting`: replaces the whole user setting. */
export function updateUserSetting(request: UserSettingRequest): Promise<unknown> {
  return http.put<unknown>('/api/user/setting', request);
}
