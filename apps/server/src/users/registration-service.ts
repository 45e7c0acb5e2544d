/** Self-registration with a password, and the invitation rewards it pays (reference §8.1). */
import {
  ROLE,
  TOKEN_NEVER_EXPIRES,
  TOKEN_STATUS,
  USER_STATUS,
  type RegisterRequest,
} from '@tollgate/contracts';
import type { EmailCodeStore } from '../accounts/email-code-store.js';
import { hashPassword } from '../accounts/passwords.js';
import { isUniqueViolation, nowSeconds } from '../db/dialect-helpers.js';
import { failure } from '../errors/app-error.js';
import { randomAlphanumeric } from '../lib/random.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import { insertToken } from '../tokens/token-repository.js';
import { TOKEN_KEY_LENGTH } from '../tokens/token-service.js';
import { takeVerificationCode } from './email-account-service.js';
import { countInvitation } from './invitation-reward.js';
import * as users from './user-repository.js';
import { normalizeUsername } from './username-rules.js';
import {
  validateProfile,
  acceptableUsername,
  quotaText,
  insertWithAffCode,
  type UserServiceDeps,
} from './user-rules.js';

/** What registration does beyond the account rules. */
export interface RegistrationRules {
  /** Give the new user a first token (`GENERATE_DEFAULT_TOKEN`). */
  defaultToken: boolean;
  /** Where the email verification codes are (needed when `EmailVerificationEnabled`). */
  emailCodes?: EmailCodeStore;
}

/** Remaining quota of the first token; it is unlimited, so this is only what the console shows. */
const DEFAULT_TOKEN_REMAIN_QUOTA = 500_000;

/** Self-registration with a password (reference §8.1). Returns the new user's id. */
export async function registerUser(
  deps: UserServiceDeps,
  request: RegisterRequest,
  rules: RegistrationRules = { defaultToken: false },
): Promise<number> {
  const { options } = deps;
  const { db } = deps.database;
  if (!options.getBoolean('RegisterEnabled')) throw failure('管理员关闭了新用户注册');
  if (!options.getBoolean('PasswordRegisterEnabled')) {
    throw failure('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
  }
  const username = normalizeUsername(request.username);
  validateProfile({ username, password: request.password });
  // The address is kept only when it was proven by a code (as new-api does).
  let email: string | undefined;
  if (options.getBoolean('EmailVerificationEnabled')) {
    if (!request.email?.trim() || !request.verification_code?.trim()) {
      throw failure('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    }
    email = request.email.trim();
    validateProfile({ email });
  }
  await acceptableUsername(db, username);
  if (email !== undefined) {
    if (await users.emailTaken(db, email)) throw failure('用户名已存在，或已注销');
    // Taken last, so a refusal above leaves the code usable for a corrected form.
    if (!rules.emailCodes) throw failure('验证码错误或已过期');
    await takeVerificationCode(
      { ...deps, codes: rules.emailCodes },
      email,
      request.verification_code!,
    );
  }

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
    ...(email === undefined ? {} : { email }),
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
  if (rules.defaultToken) await createDefaultToken(deps, id, username);
  return id;
}

/**
 * The first token of a new user: "<username>的初始令牌", unlimited, never expiring. Written as
 * new-api writes it (the name is not held to the console's length rule).
 */
async function createDefaultToken(
  deps: UserServiceDeps,
  userId: number,
  username: string,
): Promise<void> {
  const now = nowSeconds();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await insertToken(deps.database, {
        user_id: userId,
        key: randomAlphanumeric(TOKEN_KEY_LENGTH),
        status: TOKEN_STATUS.enabled,
        name: `${username}的初始令牌`,
        created_time: now,
        accessed_time: now,
        expired_time: TOKEN_NEVER_EXPIRES,
        remain_quota: DEFAULT_TOKEN_REMAIN_QUOTA,
        unlimited_quota: true,
        model_limits_enabled: false,
        model_limits: '',
        allow_ips: '',
        used_quota: 0,
        group: '',
        deleted_at: null,
      });
      return;
    } catch (error) {
      // A 48-character key collision is practically impossible; a new key settles it.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw failure('创建默认令牌失败');
    }
  }
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
  await countInvitation(db, inviterId, forInviter);
  if (forInviter > 0) {
    const inviter = await users.findUserById(db, inviterId);
    await recordAccountLog(deps.logDatabase.db, {
      userId: inviterId,
      username: inviter?.username ?? '',
      type: LOG_TYPE.system,
      content: `邀请用户赠送 ${quotaText(deps, forInviter)}`,
    });
  }
}
