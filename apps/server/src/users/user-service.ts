import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  ROLE,
  USER_STATUS,
  USERNAME_MAX_LENGTH,
  type CreateUserRequest,
  type ManageUserAction,
  type RegisterRequest,
  type UpdateSelfRequest,
  type UpdateUserRequest,
} from '@tollgate/contracts';
import { generateAccessToken, storedAccessToken } from '../accounts/access-tokens.js';
import {
  hashPassword,
  passwordProblem,
  verifyPassword,
  verifyPasswordOf,
} from '../accounts/passwords.js';
import { formatQuota } from '../billing/format-quota.js';
import { heldForUser } from '../billing/held-quota.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { UserRow } from '../db/schema.js';
import { AppError, failure } from '../errors/app-error.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import { randomAlphanumeric } from '../lib/random.js';
import type { OptionStore } from '../options/option-store.js';
import * as users from './user-repository.js';
import { normalizeUsername, usernameCharacterProblem, usernameKey } from './username-rules.js';

/** What the account rules need besides the database. */
export interface UserServiceDeps {
  database: DatabaseHandle;
  options: OptionStore;
}

const INVALID_INPUT = '输入不合法';

function characters(value: string): number {
  return [...value].length;
}

/** Checks the profile fields new-api validates on register and edit; throws "输入不合法 …". */
export function validateProfile(fields: {
  username?: string;
  password?: string;
  display_name?: string;
  email?: string;
}): void {
  if (fields.username !== undefined) {
    if (fields.username.trim() === '') throw failure(`${INVALID_INPUT} 用户名不能为空`);
    if (characters(fields.username) > USERNAME_MAX_LENGTH) {
      throw failure(`${INVALID_INPUT} 用户名长度不能超过 ${USERNAME_MAX_LENGTH} 个字符`);
    }
  }
  if (fields.password !== undefined) {
    const problem = passwordProblem(fields.password);
    if (problem) throw failure(`${INVALID_INPUT} ${problem}`);
  }
  if (
    fields.display_name !== undefined &&
    characters(fields.display_name) > DISPLAY_NAME_MAX_LENGTH
  ) {
    throw failure(`${INVALID_INPUT} 显示名称长度不能超过 ${DISPLAY_NAME_MAX_LENGTH} 个字符`);
  }
  if (fields.email !== undefined && fields.email !== '') {
    if (
      characters(fields.email) > EMAIL_MAX_LENGTH ||
      !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email)
    ) {
      throw failure(`${INVALID_INPUT} 邮箱地址无效`);
    }
  }
}

/**
 * A new or changed username, normalised; throws when it has invisible characters, is taken, or
 * looks like another account's name (`exceptUserId`: the account being renamed).
 */
async function acceptableUsername(
  db: DatabaseHandle['db'],
  raw: string,
  exceptUserId = 0,
): Promise<string> {
  const username = normalizeUsername(raw);
  const problem = usernameCharacterProblem(username);
  if (problem) throw failure(`${INVALID_INPUT} ${problem}`);
  validateProfile({ username });
  if (await users.usernameTaken(db, username, exceptUserId)) {
    throw failure('用户名已存在，或已注销');
  }
  if (await users.similarUsernameTaken(db, username, exceptUserId)) {
    throw failure('用户名与已有用户过于相似，请换一个');
  }
  return username;
}

function quotaText(deps: UserServiceDeps, quota: number): string {
  return formatQuota(
    quota,
    deps.options.getNumber('QuotaPerUnit'),
    deps.options.getBoolean('DisplayInCurrencyEnabled'),
  );
}

/** Inserts a user with a fresh invite code, retrying the rare invite-code collision. */
async function insertWithAffCode(
  deps: UserServiceDeps,
  user: Omit<users.NewUser, 'aff_code'>,
): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await users.insertUser(deps.database, { ...user, aff_code: randomAlphanumeric(4) });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await users.usernameTaken(deps.database.db, user.username)) {
        throw failure('用户名已存在，或已注销');
      }
      if (attempt >= 5) throw error;
    }
  }
}

/** Self-registration with a password (reference §8.1). Returns the new user's id. */
export async function registerUser(
  deps: UserServiceDeps,
  request: RegisterRequest,
): Promise<number> {
  const { options } = deps;
  const { db } = deps.database;
  if (!options.getBoolean('RegisterEnabled')) throw failure('管理员关闭了新用户注册');
  if (!options.getBoolean('PasswordRegisterEnabled')) {
    throw failure('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
  }
  const username = normalizeUsername(request.username);
  validateProfile({ username, password: request.password });
  const emailVerification = options.getBoolean('EmailVerificationEnabled');
  if (emailVerification) {
    // Email codes arrive with the email feature; until then registration cannot satisfy this rule.
    if (!request.email || !request.verification_code) {
      throw failure('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    }
    throw failure('验证码错误或已过期');
  }
  await acceptableUsername(db, username);

  const inviterId = request.aff_code?.trim()
    ? ((await users.findUserIdByAffCode(db, request.aff_code.trim())) ?? 0)
    : 0;
  const quotaForNewUser = options.getNumber('QuotaForNewUser');
  const id = await insertWithAffCode(deps, {
    username,
    password: await hashPassword(request.password),
    display_name: username,
    role: ROLE.common,
    status: USER_STATUS.enabled,
    quota: quotaForNewUser,
    group: 'default',
    inviter_id: inviterId,
  });

  if (quotaForNewUser > 0) {
    await recordAccountLog(db, {
      userId: id,
      username,
      type: LOG_TYPE.system,
      content: `新用户注册赠送 ${quotaText(deps, quotaForNewUser)}`,
    });
  }
  if (inviterId > 0) await rewardInvitation(deps, id, username, inviterId);
  return id;
}

async function rewardInvitation(
  deps: UserServiceDeps,
  inviteeId: number,
  inviteeName: string,
  inviterId: number,
): Promise<void> {
  const { db } = deps.database;
  const forInvitee = deps.options.getNumber('QuotaForInvitee');
  const forInviter = deps.options.getNumber('QuotaForInviter');
  if (forInvitee > 0) {
    await users.addUserQuota(db, inviteeId, forInvitee);
    await recordAccountLog(db, {
      userId: inviteeId,
      username: inviteeName,
      type: LOG_TYPE.system,
      content: `使用邀请码赠送 ${quotaText(deps, forInvitee)}`,
    });
  }
  await db
    .updateTable('users')
    .set((update) => ({
      aff_count: update.eb('aff_count', '+', 1),
      aff_quota: update.eb('aff_quota', '+', forInviter),
      aff_history: update.eb('aff_history', '+', forInviter),
    }))
    .where('id', '=', inviterId)
    .execute();
  if (forInviter > 0) {
    await recordAccountLog(db, {
      userId: inviterId,
      type: LOG_TYPE.system,
      content: `邀请用户赠送 ${quotaText(deps, forInviter)}`,
    });
  }
}

const BAD_CREDENTIALS = '用户名或密码错误，或用户已被封禁';

/** Password sign-in by username or email (reference §8.4). */
export async function authenticate(
  deps: UserServiceDeps,
  login: string,
  password: string,
): Promise<UserRow> {
  if (!deps.options.getBoolean('PasswordLoginEnabled')) throw failure('管理员关闭了密码登录');
  if (login.trim() === '' || password === '') throw failure('无效的参数');
  const given = login.trim();
  // Names are stored normalised since Tollgate; names from before sign in as they were written.
  const user =
    (await users.findUserForLogin(deps.database.db, given)) ??
    (normalizeUsername(given) !== given
      ? await users.findUserForLogin(deps.database.db, normalizeUsername(given))
      : undefined);
  // The password is checked even without an account, so both cases take the same time.
  if (!(await verifyPasswordOf(password, user?.password)) || !user) throw failure(BAD_CREDENTIALS);
  if (user.status !== USER_STATUS.enabled) throw failure(BAD_CREDENTIALS);
  return user;
}

/**
 * An admin may act on a user only with a strictly higher role; root may act on anyone.
 * Used by get, edit and manage.
 */
export function canManage(actorRole: number, targetRole: number): boolean {
  return actorRole >= ROLE.root || actorRole > targetRole;
}

const NO_PERMISSION_SAME_LEVEL = '无权获取同级或更高等级用户的信息';
const NO_PERMISSION_UPDATE = '无权更新同权限等级或更高权限等级的用户信息';

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
  const username = request.username === undefined ? undefined : normalizeUsername(request.username);
  const password = request.password ?? '';
  validateProfile({
    username,
    display_name: request.display_name,
    password: password === '' ? undefined : password,
  });
  if (username !== undefined && username !== target.username) {
    await acceptableUsername(db, username, target.id);
  }
  const group = request.group?.trim();
  if (group !== undefined && (group === '' || characters(group) > 64)) {
    throw failure(`${INVALID_INPUT} 分组无效`);
  }

  const values: Partial<UserRow> = {};
  if (username !== undefined) {
    values.username = username;
    values.username_key = usernameKey(username);
  }
  if (request.display_name !== undefined) values.display_name = request.display_name;
  if (password !== '') values.password = await hashPassword(password);
  if (group !== undefined) values.group = group;
  if (Object.keys(values).length > 0) await users.updateUserColumns(db, target.id, values);
  if (password !== '') await users.endSessions(db, target.id);
  // The admin sets the whole balance, as the console shows it (what is held for calls in flight
  // included): the stored part is that less the holds, written in one statement.
  const oldQuota = Number(target.quota) + (await heldForUser(db, target.id));
  if (request.quota !== undefined && request.quota !== oldQuota) {
    await users.setUserBalance(db, target.id, request.quota);
    await recordAccountLog(db, {
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

/** `PUT /api/user/self`: username, display name and password, validated as on registration. */
export async function updateSelf(
  deps: UserServiceDeps,
  userId: number,
  request: UpdateSelfRequest,
): Promise<void> {
  const { db } = deps.database;
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', '用户不存在', 401);
  const username = request.username === undefined ? undefined : normalizeUsername(request.username);
  const password = request.password ?? '';
  validateProfile({
    username,
    display_name: request.display_name,
    password: password === '' ? undefined : password,
  });
  // A new password needs the current one, unless the account has none (signed up through
  // OAuth): whoever holds a session cookie alone cannot lock its owner out.
  if (password !== '' && user.password !== '') {
    const original = request.original_password ?? '';
    if (original === '' || !(await verifyPassword(original, user.password))) {
      throw failure('原密码错误');
    }
  }
  if (username !== undefined && username !== user.username) {
    await acceptableUsername(db, username, user.id);
  }
  const values: Partial<UserRow> = {};
  if (username !== undefined) {
    values.username = username;
    values.username_key = usernameKey(username);
  }
  if (request.display_name !== undefined) values.display_name = request.display_name;
  if (password !== '') values.password = await hashPassword(password);
  if (Object.keys(values).length > 0) await users.updateUserColumns(db, userId, values);
  if (password !== '') await users.endSessions(db, userId);
}

/** `DELETE /api/user/self`: soft delete; the root account cannot remove itself. */
export async function deleteSelf(deps: UserServiceDeps, userId: number): Promise<void> {
  const user = await users.findUserById(deps.database.db, userId);
  if (!user) throw failure('用户不存在');
  if (user.role === ROLE.root) throw failure('不能删除超级管理员账户');
  await users.softDeleteUser(deps.database, userId);
  await users.endSessions(deps.database.db, userId);
}

/**
 * `GET /api/user/token`: replaces the system access token with a new random one, returned this
 * once; only its hash is stored.
 */
export async function regenerateAccessToken(
  deps: UserServiceDeps,
  userId: number,
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const token = generateAccessToken();
    try {
      await users.updateUserColumns(deps.database.db, userId, {
        access_token: storedAccessToken(token),
      });
      return token;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** `GET /api/user/aff`: the caller's invite code, created when missing. */
export async function getAffCode(deps: UserServiceDeps, userId: number): Promise<string> {
  const user = await users.findUserById(deps.database.db, userId);
  if (!user) throw failure('用户不存在');
  if (user.aff_code) return user.aff_code;
  for (let attempt = 0; ; attempt += 1) {
    const code = randomAlphanumeric(4);
    try {
      await users.updateUserColumns(deps.database.db, userId, { aff_code: code });
      return code;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}
