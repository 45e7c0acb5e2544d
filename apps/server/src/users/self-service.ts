/** A signed-in user's own account: profile, password, access token, invite code, deletion. */
import { ROLE, type UpdateSelfRequest } from '@tollgate/contracts';
import { generateAccessToken, storedAccessToken } from '../accounts/access-tokens.js';
import { verifyPassword } from '../accounts/passwords.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { AppError, failure } from '../errors/app-error.js';
import { randomAlphanumeric } from '../lib/random.js';
import { profileColumns, validatedProfileChange } from './profile-change.js';
import * as users from './user-repository.js';
import { acceptableUsername, type UserServiceDeps } from './user-rules.js';

/** `PUT /api/user/self`: username, display name and password, validated as on registration. */
export async function updateSelf(
  deps: UserServiceDeps,
  userId: number,
  request: UpdateSelfRequest,
): Promise<void> {
  const { db } = deps.database;
  const user = await users.findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', '用户不存在', 401);
  const change = validatedProfileChange(request);
  const { username, password } = change;
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
  const values = await profileColumns(change);
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
