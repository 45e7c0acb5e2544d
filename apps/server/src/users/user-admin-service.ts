/** User administration by admins and root (reference §8.3). */
import {
  ROLE,
  USER_STATUS,
  type CreateUserRequest,
  type ManageUserAction,
  type UpdateUserRequest,
} from '@tollgate/contracts';
import { hashPassword } from '../accounts/passwords.js';
import { heldForUser } from '../billing/held-quota.js';
import type { UserRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import { storedLimitsText } from '../limits/applied-limits.js';
import { profileColumns, validatedProfileChange } from './profile-change.js';
import * as users from './user-repository.js';
import { normalizeUsername } from './username-rules.js';
import {
  validateProfile,
  acceptableUsername,
  quotaText,
  insertWithAffCode,
  canManage,
  INVALID_INPUT,
  characters,
  NO_PERMISSION_SAME_LEVEL,
  NO_PERMISSION_UPDATE,
  type UserServiceDeps,
} from './user-rules.js';

export async function getUserForAdmin(
  deps: UserServiceDeps,
  actorRole: number,
  id: number,
): Promise<UserRow> {
  const user = await users.findUserByIdIncludingDeleted(deps.database.db, id);
  if (!user) throw failure('用户不存在');
  if (!canManage(actorRole, user.role)) throw failure(NO_PERMISSION_SAME_LEVEL);
  return user;
}

/** Admin creates a user (reference §2.4): the new role must be below the admin's own. */
export async function createUserByAdmin(
  deps: UserServiceDeps,
  actorRole: number,
  request: CreateUserRequest,
): Promise<number> {
  const username = normalizeUsername(request.username);
  if (username === '' || request.password === '') throw failure('用户名和密码不能为空');
  const role = request.role ?? ROLE.common;
  if (role >= actorRole) throw failure('无法创建权限大于等于自己的用户');
  if (!([ROLE.common, ROLE.admin, ROLE.root] as number[]).includes(role))
    throw failure(`${INVALID_INPUT} 角色无效`);
  const displayName = request.display_name?.trim() || username;
  validateProfile({ username, password: request.password, display_name: displayName });
  await acceptableUsername(deps.database.db, username);
  return insertWithAffCode(deps, {
    username,
    password: await hashPassword(request.password),
    display_name: displayName,
    role,
    status: USER_STATUS.enabled,
    quota: deps.options.getNumber('QuotaForNewUser'),
    group: 'default',
    inviter_id: 0,
    limits: storedLimitsText(request.limits),
  });
}

/** Admin edits a user's profile, group and quota; a quota change leaves a manage log. */
export async function updateUserByAdmin(
  deps: UserServiceDeps,
  actor: { id: number; role: number; username: string },
  request: UpdateUserRequest,
): Promise<void> {
  const { db } = deps.database;
  const target = await users.findUserById(db, request.id);
  if (!target) throw failure('用户不存在');
  if (!canManage(actor.role, target.role)) throw failure(NO_PERMISSION_UPDATE);
  if (request.role !== undefined && !canManage(actor.role, request.role)) {
    throw failure(NO_PERMISSION_UPDATE);
  }
  const change = validatedProfileChange(request);
  const { username, password } = change;
  if (username !== undefined && username !== target.username) {
    await acceptableUsername(db, username, target.id);
  }
  const group = request.group?.trim();
  if (group !== undefined && (group === '' || characters(group) > 64)) {
    throw failure(`${INVALID_INPUT} 分组无效`);
  }

  const values = await profileColumns(change);
  if (group !== undefined) values.group = group;
  // Absent keeps the user's limits; null or {} removes them (the group's defaults apply).
  if (request.limits !== undefined) values.limits = storedLimitsText(request.limits);
  if (Object.keys(values).length > 0) await users.updateUserColumns(db, target.id, values);
  if (password !== '') await users.endSessions(db, target.id);
  // The admin sets the whole balance, as the console shows it (what is held for calls in flight
  // included): the stored part is that less the holds, written in one statement.
  const oldQuota = Number(target.quota) + (await heldForUser(db, target.id));
  if (request.quota !== undefined && request.quota !== oldQuota) {
    await users.setUserBalance(db, target.id, request.quota);
    await recordAccountLog(deps.logDatabase.db, {
      userId: target.id,
      username: target.username,
      type: LOG_TYPE.manage,
      content: `管理员将用户额度从 ${quotaText(deps, oldQuota)}修改为 ${quotaText(deps, request.quota)}`,
    });
  }
}

/** `POST /api/user/manage`: returns the target's new role and status. */
export async function manageUser(
  deps: UserServiceDeps,
  actorRole: number,
  id: number,
  action: ManageUserAction,
): Promise<{ role: number; status: number }> {
  const { db } = deps.database;
  const target = await users.findUserByIdIncludingDeleted(db, id);
  if (!target) throw failure('用户不存在');
  if (!canManage(actorRole, target.role)) throw failure(NO_PERMISSION_UPDATE);
  if (target.deleted_at !== null && target.deleted_at !== undefined) throw failure('用户已注销');
  let { role, status } = target;
  switch (action) {
    case 'disable':
      if (target.role === ROLE.root) throw failure('无法禁用超级管理员用户');
      status = USER_STATUS.disabled;
      break;
    case 'enable':
      status = USER_STATUS.enabled;
      break;
    case 'delete':
      if (target.role === ROLE.root) throw failure('无法删除超级管理员用户');
      await users.softDeleteUser(deps.database, id);
      await users.endSessions(db, id);
      return { role, status };
    case 'promote':
      if (actorRole !== ROLE.root) throw failure('普通管理员用户无法提升其他用户为管理员');
      if (target.role >= ROLE.admin) throw failure('该用户已经是管理员');
      role = ROLE.admin;
      break;
    case 'demote':
      if (target.role === ROLE.root) throw failure('无法降级超级管理员用户');
      if (target.role === ROLE.common) throw failure('该用户已经是普通用户');
      role = ROLE.common;
      break;
  }
  await users.updateUserColumns(db, id, { role, status });
  if (status === USER_STATUS.disabled) await users.endSessions(db, id);
  return { role, status };
}

/**
 * `DELETE /api/user/:id`: permanent removal; the actor's role must be strictly higher (root included:
 * nobody can hard-delete a root). Answers properly on failure, unlike new-api's silent success.
 */
export async function hardDeleteUserByAdmin(
  deps: UserServiceDeps,
  actorRole: number,
  id: number,
): Promise<void> {
  const target = await users.findUserByIdIncludingDeleted(deps.database.db, id);
  if (!target) throw failure('用户不存在');
  if (actorRole <= target.role) throw failure('无权删除同权限等级或更高权限等级的用户');
  await users.hardDeleteUser(deps.database.db, id);
}
