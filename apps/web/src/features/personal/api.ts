import type {
  AffTransferRequest,
  UpdateSelfRequest,
  UserOAuthBindingView,
} from '@tollgate/contracts';
import { http } from '../../lib/http-client';

export type { SelfUser } from '../../session/self-user';
import type { UserSettingRequest } from './rules/user-setting';

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

/**
 * `PUT /api/user/self {username, display_name[, password, original_password]}`: the own profile
 * (the `/user/edit` page; `profileChangeRequest` builds the body).
 */
export function updateOwnProfile(request: UpdateSelfRequest): Promise<unknown> {
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

/** `GET /api/user/oauth/bindings`: the user's custom-provider bindings. */
export async function fetchOwnOAuthBindings(): Promise<UserOAuthBindingView[]> {
  const data = await http.get<unknown>('/api/user/oauth/bindings');
  return Array.isArray(data) ? (data as UserOAuthBindingView[]) : [];
}

/** `DELETE /api/user/oauth/bindings/:provider_id`: removes one of the user's bindings. */
export function unbindOwnOAuth(providerId: number): Promise<unknown> {
  return http.delete<unknown>(`/api/user/oauth/bindings/${providerId}`);
}
