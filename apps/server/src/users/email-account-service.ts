/**
 * Accounts by email (reference §8.2, §8.3, §8.8): the verification code that registration and
 * email binding ask for, the password reset link and the reset itself, and binding an address to
 * a signed-in account. Codes and reset tokens are one-time and shared by every node (see
 * EmailCodeStore); mail goes out through the SMTP options.
 */
import { randomBytes } from 'node:crypto';
import { EMAIL_MAX_LENGTH } from '@tollgate/contracts';
import { hashPassword } from '../accounts/passwords.js';
import type { EmailCodeStore } from '../accounts/email-code-store.js';
import { failure } from '../errors/app-error.js';
import { sendEmail, smtpSettings, SMTP_NOT_CONFIGURED } from '../notifications/email-sender.js';
import { splitDomainList } from '../options/option-rules.js';
import type { OptionStore } from '../options/option-store.js';
import * as users from './user-repository.js';
import type { UserServiceDeps } from './user-rules.js';
import { escapeHtml } from '../lib/escape-html.js';

/** How long a verification code and a reset link stay valid (new-api's VerificationValidMinutes). */
export const EMAIL_CODE_VALID_MINUTES = 10;

export const INVALID_PARAMETER = '无效的参数';
export const DOMAIN_NOT_ALLOWED =
  "The administrator has enabled the email domain name whitelist, and your email address is not allowed due to special symbols or it's not in the whitelist.";
export const ALIAS_NOT_ALLOWED =
  '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝。';
export const EMAIL_TAKEN = '邮箱地址已被占用';
export const CODE_WRONG = '验证码错误或已过期';
export const RESET_LINK_INVALID = '重置链接非法或已过期';

/** The account services plus the one-time code store. */
export interface EmailAccountDeps extends UserServiceDeps {
  codes: EmailCodeStore;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trimmed address that fits the users table, or undefined. */
export function cleanEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const email = raw.trim();
  if (email === '' || [...email].length > EMAIL_MAX_LENGTH || !emailPattern.test(email)) {
    return undefined;
  }
  return email;
}

/** The whitelist and alias rules of the system settings (§8.2); throws the refusal. */
function checkEmailRules(options: OptionStore, email: string): void {
  const at = email.lastIndexOf('@');
  const localPart = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (options.getBoolean('EmailDomainRestrictionEnabled')) {
    const allowed = splitDomainList(options.get('EmailDomainWhitelist'));
    if (!allowed.some((entry) => entry.toLowerCase() === domain.toLowerCase())) {
      throw failure(DOMAIN_NOT_ALLOWED);
    }
  }
  if (options.getBoolean('EmailAliasRestrictionEnabled') && /[+.]/.test(localPart)) {
    throw failure(ALIAS_NOT_ALLOWED);
  }
}

function systemName(options: OptionStore): string {
  return options.get('SystemName');
}

/**
 * `GET /api/verification`: mails a 6-character code to an address no account uses yet (for
 * registration or binding). The SMTP server's refusal is the answer's message.
 */
export async function sendVerificationCode(deps: EmailAccountDeps, raw: unknown): Promise<void> {
  const email = cleanEmail(raw);
  if (!email) throw failure(INVALID_PARAMETER);
  checkEmailRules(deps.options, email);
  if (await users.emailTaken(deps.database.db, email)) throw failure(EMAIL_TAKEN);
  const code = randomBytes(3).toString('hex');
  await deps.codes.put('verification', email, code, EMAIL_CODE_VALID_MINUTES * 60);
  const name = escapeHtml(systemName(deps.options));
  await sendEmail(smtpSettings(deps.options), {
    to: email,
    subject: `${systemName(deps.options)}邮箱验证邮件`,
    html:
      `<p>您好，你正在进行${name}邮箱验证。</p>` +
      `<p>您的验证码为：<strong>${code}</strong></p>` +
      `<p>验证码 ${EMAIL_CODE_VALID_MINUTES} 分钟内有效，如果不是本人操作，请忽略。</p>`,
  });
}

/** Takes the verification code of `email`; throws "验证码错误或已过期" when it is not the live one. */
export async function takeVerificationCode(
  deps: EmailAccountDeps,
  email: string,
  code: string,
): Promise<void> {
  if (!(await deps.codes.take('verification', email, code))) throw failure(CODE_WRONG);
}

/**
 * `GET /api/reset_password`: when an account uses the address, mails it a one-time link to
 * `<ServerAddress>/user/reset`. The answer is the same whether or not an account uses it, and
 * comes before the mail is sent (so its timing tells nothing either): the returned `delivery`
 * settles once the mail went out or failed.
 */
export async function requestPasswordReset(
  deps: EmailAccountDeps,
  raw: unknown,
): Promise<{ delivery: Promise<void> }> {
  const email = cleanEmail(raw);
  if (!email) throw failure(INVALID_PARAMETER);
  const settings = smtpSettings(deps.options);
  // Said to everyone alike, registered or not.
  if (settings.server === '') throw failure(SMTP_NOT_CONFIGURED);
  const delivery = (async () => {
    const accounts = await users.findLiveUserIdsByEmail(deps.database.db, email);
    if (accounts.length === 0) return;
    const token = randomBytes(16).toString('hex');
    await deps.codes.put('reset', email, token, EMAIL_CODE_VALID_MINUTES * 60);
    const base = deps.options.get('ServerAddress').replace(/\/+$/, '');
    const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
    const name = escapeHtml(systemName(deps.options));
    const shownLink = escapeHtml(link);
    await sendEmail(settings, {
      to: email,
      subject: `${systemName(deps.options)}密码重置`,
      html:
        `<p>您好，你正在进行${name}密码重置。</p>` +
        `<p>点击 <a href="${shownLink}">此处</a> 进行密码重置。</p>` +
        `<p>如果链接无法点击，请将下面的链接复制到浏览器中打开：<br>${shownLink}</p>` +
        `<p>重置链接 ${EMAIL_CODE_VALID_MINUTES} 分钟内有效，如果不是本人操作，请忽略。</p>`,
    });
  })();
  return { delivery };
}

/**
 * `POST /api/user/reset`: with the live reset token of `email`, gives every account using the
 * address a new random 12-character password (returned) and ends their sessions. The token works
 * once, and only for the address it was sent to.
 */
export async function resetPassword(
  deps: EmailAccountDeps,
  rawEmail: unknown,
  rawToken: unknown,
): Promise<{ password: string; userIds: number[] }> {
  const email = cleanEmail(rawEmail);
  const token = typeof rawToken === 'string' ? rawToken.trim() : '';
  if (!email || token === '') throw failure(INVALID_PARAMETER);
  if (!(await deps.codes.take('reset', email, token))) throw failure(RESET_LINK_INVALID);
  const password = randomBytes(6).toString('hex');
  const userIds = await users.setPasswordByEmail(
    deps.database.db,
    email,
    await hashPassword(password),
  );
  return { password, userIds };
}

/**
 * `GET /api/oauth/email/bind`: sets the signed-in account's email to an address whose
 * verification code it shows. An address another account uses (deregistered ones included) is
 * refused.
 */
export async function bindEmail(
  deps: EmailAccountDeps,
  userId: number,
  rawEmail: unknown,
  rawCode: unknown,
): Promise<void> {
  const email = cleanEmail(rawEmail);
  const code = typeof rawCode === 'string' ? rawCode : '';
  if (!email || code.trim() === '') throw failure(INVALID_PARAMETER);
  await takeVerificationCode(deps, email, code);
  if (await users.emailTaken(deps.database.db, email, userId)) throw failure(EMAIL_TAKEN);
  await users.updateUserColumns(deps.database.db, userId, { email });
}
