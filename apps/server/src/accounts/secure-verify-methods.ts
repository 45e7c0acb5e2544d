/**
 * The ways `POST /api/verify` accepts to prove the user again (secure-verification.ts), by the
 * body's `method`. A method checks its proof and returns, or throws a business failure with the
 * message the console shows. To add one: import its handler and add one line to
 * SECURE_VERIFY_METHODS; an unknown method answers "不支持的验证方式: <m>".
 *
 * - `2fa` (new-api): a TOTP code or a backup code of the user's two-factor sign-in.
 * - `password` (Tollgate): the user's password, so users without 2FA can verify too; a user with
 *   2FA on must use `2fa` (or a passkey), so the password alone never weakens their account.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { verifyPassword } from './passwords.js';
import type { SessionData } from './session-cookie.js';
import { twoFactorEnabled } from './two-factor/two-factor-repository.js';
import { PASSKEY_NOT_REGISTERED } from './passkeys/passkey-authentication.js';

/** What the methods need. */
export interface SecureVerifyDeps {
  db: Kysely<Database>;
  /** Shared attempt counters (Redis, the cluster primary or memory). */
  rateLimiter: RateLimiter;
  /**
   * Checks a TOTP or backup code, using it up (users/two-factor-service.ts's
   * `verifySecondFactor`, handed in by the route: accounts/ sits below users/). Throws a failure
   * for a wrong code.
   */
  verifySecondFactor(userId: number, code: string): Promise<void>;
  /**
   * Takes the user's "passkey verified" marker, left by `POST /api/user/passkey/verify/finish`:
   * true once, within 60 s of it (accounts/passkeys/passkey-authentication.ts's
   * `takePasskeyVerifiedMarker`, over the store the route builds). Absent: no passkey method.
   */
  takePasskeyVerified?(userId: number): Promise<boolean>;
}

/** One verification attempt. */
export interface SecureVerifyAttempt {
  user: { id: number; username: string };
  /** The body's `code` as sent ('' when absent): a 2FA code, or the password. */
  code: string;
  /** The whole request body, for methods that read more than `code`. */
  body: Record<string, unknown>;
  /**
   * The caller's session. A method may change it (say, consume a one-time marker); the changes
   * are kept in the cookie re-issued on success.
   */
  session: SessionData;
}

export interface SecureVerifyMethod {
  /** How the system log names the method: "通用安全验证成功 (验证方式: <label>)". */
  label: string;
  verify(deps: SecureVerifyDeps, attempt: SecureVerifyAttempt): Promise<void>;
}

export const NO_METHOD_AVAILABLE = '用户未启用2FA或Passkey';
export const CODE_REQUIRED = '验证码不能为空';
export const WRONG_CODE = '验证失败，请检查验证码';
export const PASSWORD_REQUIRED = '密码不能为空';
export const WRONG_PASSWORD = '验证失败，请检查密码';
export const TWO_FACTOR_USERS_NEED_CODE = '已启用两步验证的用户请使用两步验证码或 Passkey 验证';
export const TOO_MANY_PASSWORD_FAILURES = '密码验证失败次数过多，请稍后再试';

/** Failed password checks a user may make per window (the 2FA code has its own count). */
const PASSWORD_FAILURE_LIMIT = 10;
const PASSWORD_FAILURE_WINDOW_SECONDS = 900;

const twoFactor: SecureVerifyMethod = {
  label: '2FA',
  async verify(deps, { user, code }) {
    if (!(await twoFactorEnabled(deps.db, user.id))) throw failure('用户未启用2FA');
    if (code.trim() === '') throw failure(CODE_REQUIRED);
    try {
      await deps.verifySecondFactor(user.id, code.trim());
    } catch (error) {
      // The wrong-code wording of new-api's verify route; a lockout keeps its own message.
      if (error instanceof Error && error.message === '验证码或备用码错误，请重试') {
        throw failure(WRONG_CODE);
      }
      throw error;
    }
  },
};

const password: SecureVerifyMethod = {
  label: '密码',
  async verify(deps, { user, code }) {
    const row = await deps.db
      .selectFrom('users')
      .select('password')
      .where('id', '=', user.id)
      .executeTakeFirst();
    const hasTwoFactor = await twoFactorEnabled(deps.db, user.id);
    if (hasTwoFactor) throw failure(TWO_FACTOR_USERS_NEED_CODE);
    // An account made through a provider has no password: it has nothing to verify with here.
    if (!row?.password) throw failure(NO_METHOD_AVAILABLE);
    if (code === '') throw failure(PASSWORD_REQUIRED);
    const key = `SVP${user.id}`;
    const slot = await deps.rateLimiter.take(
      key,
      PASSWORD_FAILURE_LIMIT,
      PASSWORD_FAILURE_WINDOW_SECONDS,
    );
    if (slot === undefined) throw failure(TOO_MANY_PASSWORD_FAILURES);
    if (!(await verifyPassword(code, row.password))) throw failure(WRONG_PASSWORD);
    deps.rateLimiter.giveBack(key, slot);
  },
};

export const PASSKEY_NOT_VERIFIED = '请先完成 Passkey 验证';

/**
 * `passkey` (new-api): the passkey ceremony itself ran before, in
 * `/api/user/passkey/verify/begin` and `/finish`; this takes the single-use marker it left.
 */
const passkey: SecureVerifyMethod = {
  label: 'Passkey',
  async verify(deps, { user }) {
    const credential = await deps.db
      .selectFrom('passkey_credentials')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!credential) throw failure(PASSKEY_NOT_REGISTERED);
    if (!(await deps.takePasskeyVerified?.(user.id))) throw failure(PASSKEY_NOT_VERIFIED);
  },
};

/** Method name → handler. */
export const SECURE_VERIFY_METHODS: Readonly<Record<string, SecureVerifyMethod>> = {
  '2fa': twoFactor,
  password,
  passkey,
};

/** The handler of `method`, or the "unsupported method" failure. */
export function secureVerifyMethod(method: string): SecureVerifyMethod {
  const handler = Object.hasOwn(SECURE_VERIFY_METHODS, method)
    ? SECURE_VERIFY_METHODS[method]
    : undefined;
  if (!handler) throw failure(`不支持的验证方式: ${method}`);
  return handler;
}
