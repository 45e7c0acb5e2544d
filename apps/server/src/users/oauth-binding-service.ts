/**
 * Users' bindings: custom-provider bindings (`user_oauth_bindings`) a user lists and removes for
 * themself, or an admin for a user they may manage; and the built-in identity columns an admin
 * clears (`DELETE /api/user/:id/bindings/:binding_type`).
 */
import type { BuiltInBindingType, UserOAuthBindingView } from '@tollgate/contracts';
import {
  deleteUserBinding,
  listUserBindings,
} from '../accounts/oauth/custom-provider-repository.js';
import type { UsersTable } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { getUserForAdmin } from './user-admin-service.js';
import * as users from './user-repository.js';
import { canManage, NO_PERMISSION_UPDATE, type UserServiceDeps } from './user-rules.js';

const NOT_BOUND = '未绑定该 OAuth 提供商';

/** The users column behind each built-in binding type. */
const BINDING_COLUMNS: Record<BuiltInBindingType, keyof UsersTable & string> = {
  email: 'email',
  github: 'github_id',
  discord: 'discord_id',
  oidc: 'oidc_id',
  wechat: 'wechat_id',
  telegram: 'telegram_id',
  linuxdo: 'linux_do_id',
};

export async function bindingsOf(
  deps: UserServiceDeps,
  userId: number,
): Promise<UserOAuthBindingView[]> {
  const rows = await listUserBindings(deps.database.db, userId);
  return rows.map((row) => ({
    provider_id: Number(row.provider_id),
    provider_name: row.name,
    provider_slug: row.slug,
    provider_icon: row.icon ?? '',
    provider_user_id: row.provider_user_id,
    created_at: Number(row.created_at),
  }));
}

export async function unbind(
  deps: UserServiceDeps,
  userId: number,
  providerId: number,
): Promise<void> {
  if (!(await deleteUserBinding(deps.database.db, userId, providerId))) throw failure(NOT_BOUND);
}

/** An admin reads a user's bindings (same rule as reading the user). */
export async function bindingsForAdmin(deps: UserServiceDeps, actorRole: number, userId: number) {
  await getUserForAdmin(deps, actorRole, userId);
  return bindingsOf(deps, userId);
}

async function managedUser(deps: UserServiceDeps, actorRole: number, userId: number) {
  const user = await getUserForAdmin(deps, actorRole, userId);
  if (!canManage(actorRole, user.role)) throw failure(NO_PERMISSION_UPDATE);
  return user;
}

export async function unbindForAdmin(
  deps: UserServiceDeps,
  actorRole: number,
  userId: number,
  providerId: number,
): Promise<void> {
  await managedUser(deps, actorRole, userId);
  await unbind(deps, userId, providerId);
}

/** Clears one built-in identity column of a user the admin may manage. */
export async function clearBuiltInBinding(
  deps: UserServiceDeps,
  actorRole: number,
  userId: number,
  type: BuiltInBindingType,
): Promise<void> {
  await managedUser(deps, actorRole, userId);
  await users.updateUserColumns(deps.database.db, userId, { [BINDING_COLUMNS[type]]: '' });
}
