/** Self-registration with a password, and the invitation rewards it pays (reference §8.1). */
import { ROLE, USER_STATUS, type RegisterRequest } from '@tollgate/contracts';
import { hashPassword } from '../accounts/passwords.js';
import { failure } from '../errors/app-error.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import * as users from './user-repository.js';
import { normalizeUsername } from './username-rules.js';
import {
  validateProfile,
  acceptableUsername,
  quotaText,
  insertWithAffCode,
  type UserServiceDeps,
} from './user-rules.js';

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
    await recordAccountLog(deps.logDatabase.db, {
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
    await recordAccountLog(deps.logDatabase.db, {
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
    await recordAccountLog(deps.logDatabase.db, {
      userId: inviterId,
      type: LOG_TYPE.system,
      content: `邀请用户赠送 ${quotaText(deps, forInviter)}`,
    });
  }
}
