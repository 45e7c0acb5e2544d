/** Sign-in with a password (reference §8.1). */
import { USER_STATUS } from '@tollgate/contracts';
import { verifyPasswordOf } from '../accounts/passwords.js';
import type { UserRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import * as users from './user-repository.js';
import { normalizeUsername } from './username-rules.js';
import type { UserServiceDeps } from './user-rules.js';

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
