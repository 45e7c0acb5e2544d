/**
 * The account rules every user service shares: profile validation, usernames, who may manage whom.
 */
import {
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  ROLE,
  USERNAME_MAX_LENGTH,
} from '@tollgate/contracts';
import { passwordProblem } from '../accounts/passwords.js';
import { formatQuota } from '../billing/format-quota.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { failure } from '../errors/app-error.js';
import { randomAlphanumeric } from '../lib/random.js';
import type { OptionStore } from '../options/option-store.js';
import * as users from './user-repository.js';
import { normalizeUsername, usernameCharacterProblem } from './username-rules.js';

/** What the account rules need besides the database. */
export interface UserServiceDeps {
  database: DatabaseHandle;
  /** Where log rows go: the main database, or the one LOG_SQL_DSN names. */
  logDatabase: DatabaseHandle;
  options: OptionStore;
}

export const INVALID_INPUT = '输入不合法';

export function characters(value: string): number {
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
export async function acceptableUsername(
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

export function quotaText(deps: UserServiceDeps, quota: number): string {
  return formatQuota(
    quota,
    deps.options.getNumber('QuotaPerUnit'),
    deps.options.getBoolean('DisplayInCurrencyEnabled'),
  );
}

/** Inserts a user with a fresh invite code, retrying the rare invite-code collision. */
export async function insertWithAffCode(
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

/**
 * An admin may act on a user only with a strictly higher role; root may act on anyone.
 * Used by get, edit and manage.
 */
export function canManage(actorRole: number, targetRole: number): boolean {
  return actorRole >= ROLE.root || actorRole > targetRole;
}

export const NO_PERMISSION_SAME_LEVEL = '无权获取同级或更高等级用户的信息';
export const NO_PERMISSION_UPDATE = '无权更新同权限等级或更高权限等级的用户信息';
