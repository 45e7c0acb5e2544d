import {
  type BuiltInBindingType,
  type UserOAuthBindingView,
  GROUP_LIMITS_OPTION,
  type CreateUserRequest,
  type ManageUserAction,
  type UpdateUserRequest,
  type UsageLimits,
} from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import { readGroupLimits, readUsageLimits } from '../../lib/usage-limits';

/** A user as the admin list and `GET /api/user/{id}` return it (password never included). */
export interface ManagedUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_count: number;
  aff_history_quota: number;
  inviter_id: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  discord_id: string;
  /** Set when the user deregistered (soft delete); such rows have no actions. */
  DeletedAt: string | null;
  /** The user's own limits and budgets (absent on servers without limits). */
  limits?: UsageLimits;
}

export interface UserPage {
  items: ManagedUser[];
  total: number;
}

export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
}

/** `POST /api/user/` body as the add drawer sends it. */
export type NewUser = Required<Pick<CreateUserRequest, 'username' | 'display_name' | 'password'>>;

/**
 * `PUT /api/user/` body as the edit drawer sends it; an empty password keeps the current one.
 * `limits` only when one is set or was changed (new-api's body otherwise).
 */
export type UserUpdate = Required<
  Pick<UpdateUserRequest, 'id' | 'username' | 'display_name' | 'password' | 'group' | 'quota'>
> & { limits?: UsageLimits };

export type ManageAction = ManageUserAction;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** Converts one row of the answer, tolerating missing fields. */
export function toManagedUser(value: unknown): ManagedUser | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    username: text(value.username),
    display_name: text(value.display_name),
    role: number(value.role),
    status: number(value.status),
    group: text(value.group),
    quota: number(value.quota),
    used_quota: number(value.used_quota),
    request_count: number(value.request_count),
    aff_count: number(value.aff_count),
    aff_history_quota: number(value.aff_history_quota),
    inviter_id: number(value.inviter_id),
    email: text(value.email),
    github_id: text(value.github_id),
    oidc_id: text(value.oidc_id),
    wechat_id: text(value.wechat_id),
    telegram_id: text(value.telegram_id),
    linux_do_id: text(value.linux_do_id),
    discord_id: text(value.discord_id),
    // Any set value (a date text, whatever the database's format) marks a deregistered user.
    DeletedAt:
      value.DeletedAt === null || value.DeletedAt === undefined || value.DeletedAt === ''
        ? null
        : String(value.DeletedAt),
    limits: readUsageLimits(value.limits),
  };
}

function toUserPage(data: unknown): UserPage {
  if (!isRecord(data)) return { items: [], total: 0 };
  const rows = Array.isArray(data.items) ? data.items : [];
  return {
    items: rows.map(toManagedUser).filter((user): user is ManagedUser => user !== null),
    total: number(data.total),
  };
}

/**
 * `GET /api/user/?p=&page_size=` (1-based page), or `GET /api/user/search` with keyword and
 * group when either is set. Data: `{items, total, page}`.
 */
export async function fetchUsers(query: UserListQuery): Promise<UserPage> {
  const paging = { p: query.page, page_size: query.pageSize };
  if (query.keyword === '' && query.group === '') {
    return toUserPage(await http.get<unknown>('/api/user/', { query: paging }));
  }
  return toUserPage(
    await http.get<unknown>('/api/user/search', {
      query: { keyword: query.keyword, group: query.group, ...paging },
    }),
  );
}

/** `GET /api/user/{id}`. */
export async function fetchUser(id: number): Promise<ManagedUser> {
  const user = toManagedUser(await http.get<unknown>(`/api/user/${id}`));
  if (!user) throw new Error('Unexpected user data');
  return user;
}

/** `GET /api/group/`: group names. */
export async function fetchGroups(): Promise<string[]> {
  const data = await http.get<unknown>('/api/group/');
  return Array.isArray(data)
    ? data.filter((group): group is string => typeof group === 'string')
    : [];
}

/** `POST /api/user/`. */
export function createUser(user: NewUser): Promise<unknown> {
  return http.post<unknown>('/api/user/', user);
}

/** `PUT /api/user/`. */
export function updateUser(update: UserUpdate): Promise<unknown> {
  return http.put<unknown>('/api/user/', update);
}

/** `POST /api/user/manage {id, action}`: data carries the user's new role and status. */
export async function manageUser(
  id: number,
  action: ManageAction,
): Promise<{ role: number; status: number } | null> {
  const data = await http.post<unknown>('/api/user/manage', { id, action });
  if (!isRecord(data)) return null;
  return { role: number(data.role), status: number(data.status) };
}

/**
 * The per-group default limits (option `GroupLimits`), which the user drawer shows as placeholders.
 * Only the root may read options: for anyone else, and on servers without the option, no defaults.
 */
export async function fetchGroupLimits(): Promise<Record<string, UsageLimits>> {
  const data = await http
    .get<unknown>('/api/option/', { notifyErrors: false })
    .catch(() => undefined);
  if (!Array.isArray(data)) return {};
  const entry = data.find((row) => isRecord(row) && row.key === GROUP_LIMITS_OPTION);
  return isRecord(entry) && typeof entry.value === 'string' ? readGroupLimits(entry.value) : {};
}

/** `GET /api/user/:id/oauth/bindings`: a user's custom-provider bindings (admin). */
export async function fetchUserOAuthBindings(id: number): Promise<UserOAuthBindingView[]> {
  const data = await http.get<unknown>(`/api/user/${id}/oauth/bindings`);
  return Array.isArray(data) ? (data as UserOAuthBindingView[]) : [];
}

/** `DELETE /api/user/:id/oauth/bindings/:provider_id`: removes a user's binding (admin). */
export function unbindUserOAuth(target: { userId: number; providerId: number }): Promise<unknown> {
  return http.delete<unknown>(`/api/user/${target.userId}/oauth/bindings/${target.providerId}`);
}

/** `DELETE /api/user/:id/bindings/:binding_type`: clears a built-in binding of a user (admin). */
export function clearUserBinding(target: {
  userId: number;
  type: BuiltInBindingType;
}): Promise<unknown> {
  return http.delete<unknown>(`/api/user/${target.userId}/bindings/${target.type}`);
}
