/**
 * Two-factor sign-in with TOTP (beyond the reference; the routes and messages follow later new-api
 * versions): setup, enabling with a first code, backup codes, disabling, an admin reset, and the
 * second step of a password sign-in.
 *
 * Every code check goes through `verifySecondFactor`: a TOTP code is good once (its time step is
 * recorded atomically), a backup code once (marked used atomically), and failed checks per user
 * are limited across nodes.
 */
import { USER_STATUS } from '@tollgate/contracts';
import type { SecretBox } from '../accounts/secret-box.js';
import {
  backupCodeMatches,
  hashBackupCode,
  newBackupCodes,
  normalizeBackupCode,
} from '../accounts/two-factor/backup-codes.js';
import {
  PENDING_SIGN_IN_LIFETIME_SECONDS,
  PENDING_SIGN_IN_MAX_ATTEMPTS,
  type PendingSignIn,
} from '../accounts/two-factor/pending-sign-in.js';
import {
  newTotpSecret,
  normalizeTotpCode,
  totpUri,
  verifyTotp,
} from '../accounts/two-factor/totp.js';
import * as twoFactor from '../accounts/two-factor/two-factor-repository.js';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { UserRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import type { OptionStore } from '../options/option-store.js';
import { findUserById, sessionIsCurrent } from './user-repository.js';
import { canManage } from './user-rules.js';

/** What the two-factor rules need. */
export interface TwoFactorDeps {
  database: DatabaseHandle;
  logDatabase: DatabaseHandle;
  options: OptionStore;
  /** Shared attempt counters (Redis, the cluster primary or memory). */
  rateLimiter: RateLimiter;
  /** Seals TOTP secrets at rest. */
  secrets: SecretBox;
}

/** `GET /api/user/2fa/status` data. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Setup started but not yet confirmed with a code. */
  pending: boolean;
  /** Unused backup codes (0 when not enabled). */
  backup_codes_remaining: number;
}

/** `POST /api/user/2fa/setup` data: shown once, to be scanned or typed into an authenticator. */
export interface TwoFactorSetup {
  secret: string;
  /** The `otpauth://` URI the console draws as a QR code. */
  qr_code_data: string;
}

export const WRONG_CODE = '验证码或备用码错误，请重试';
export const NOT_ENABLED = '用户未启用2FA';
export const SIGN_IN_EXPIRED = '会话已过期，请重新登录';

/** Failed code checks a user may make per window, whatever route they come through. */
const USER_FAILURE_LIMIT = 10;
const USER_FAILURE_WINDOW_SECONDS = 900;

export async function twoFactorStatus(
  deps: TwoFactorDeps,
  userId: number,
): Promise<TwoFactorStatus> {
  const { db } = deps.database;
  const row = await twoFactor.findTwoFactor(db, userId);
  const enabled = row?.enabled === true;
  return {
    enabled,
    pending: row !== undefined && !enabled,
    backup_codes_remaining: enabled ? await twoFactor.countUnusedBackupCodes(db, userId) : 0,
  };
}

/** A new secret for the user, not in force until `enableTwoFactor` confirms a code of it. */
export async function startTwoFactorSetup(
  deps: TwoFactorDeps,
  user: { id: number; username: string },
): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const started = await twoFactor.startTwoFactorSetup(
    deps.database.db,
    user.id,
    deps.secrets.seal(secret),
    nowSeconds(),
  );
  if (!started) throw failure('用户已启用2FA，请先禁用后重新设置');
  const issuer = deps.options.get('SystemName').trim() || 'Tollgate';
  return { secret, qr_code_data: totpUri(issuer, user.username, secret) };
}

/** Turns a pending setup on with a code of its secret; returns the backup codes (shown once). */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  user: { id: number; username: string },
  code: string,
): Promise<string[]> {
  const { db } = deps.database;
  const row = await twoFactor.findTwoFactor(db, user.id);
  if (!row) throw failure('请先完成2FA初始化设置');
  if (row.enabled) throw failure('2FA已经启用');
  const failures = await countFailure(deps, user.id);
  const secret = deps.secrets.open(row.secret);
  const step =
    secret === undefined ? undefined : await verifyTotp(secret, code, row.last_used_step);
  if (step === undefined) throw failure(WRONG_CODE);
  // Codes first: a second factor is never on without its way back in.
  const codes = await storeNewBackupCodes(deps, user.id);
  if (!(await twoFactor.useTimeStep(db, user.id, step, nowSeconds(), true))) {
    throw failure(WRONG_CODE);
  }
  failures.succeeded();
  await log(deps, user, LOG_TYPE.system, '启用两步验证');
  return codes;
}

/** Turns the second factor off after a TOTP or backup code. */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  user: { id: number; username: string },
  code: string,
): Promise<void> {
  await verifySecondFactor(deps, user.id, code);
  await twoFactor.deleteTwoFactor(deps.database.db, user.id);
  await log(deps, user, LOG_TYPE.system, '关闭两步验证');
}

/** New backup codes (the old ones stop working) after a TOTP or backup code. */
export async function regenerateBackupCodes(
  deps: TwoFactorDeps,
  userId: number,
  code: string,
): Promise<string[]> {
  await verifySecondFactor(deps, userId, code);
  return storeNewBackupCodes(deps, userId);
}

/**
 * An admin removes a user's second factor (a lost phone and lost backup codes). The same rule as
 * every admin action on users: only a higher role, or root.
 */
export async function resetTwoFactorByAdmin(
  deps: TwoFactorDeps,
  actor: { id: number; role: number; username: string },
  targetId: number,
): Promise<void> {
  const target = await findUserById(deps.database.db, targetId);
  if (!target) throw failure('用户不存在');
  // One's own second factor goes off with a code (personal settings), never by role alone.
  if (target.id === actor.id) throw failure('请在个人设置中使用验证码关闭两步验证');
  if (!canManage(actor.role, target.role)) throw failure('无权操作同级或更高级用户的2FA设置');
  if (!(await twoFactor.twoFactorEnabled(deps.database.db, targetId))) throw failure(NOT_ENABLED);
  await twoFactor.deleteTwoFactor(deps.database.db, targetId);
  await log(deps, target, LOG_TYPE.manage, `管理员 ${actor.username} 重置了两步验证`);
}

/**
 * The second step of a password sign-in: the pending sign-in must be current (same session
 * version, within its lifetime and attempt budget, used once) and the code good. Returns the user
 * to start a session for.
 */
export async function completeTwoFactorSignIn(
  deps: TwoFactorDeps,
  pending: PendingSignIn | undefined,
  code: string,
): Promise<UserRow> {
  if (!pending) throw failure(SIGN_IN_EXPIRED);
  const { rateLimiter } = deps;
  const lifetime = PENDING_SIGN_IN_LIFETIME_SECONDS;
  if (!(await rateLimiter.allow(`2FP${pending.nonce}`, PENDING_SIGN_IN_MAX_ATTEMPTS, lifetime))) {
    throw failure('尝试次数过多，请重新登录');
  }
  const user = await findUserById(deps.database.db, pending.userId);
  if (!user || !sessionIsCurrent(user, pending.version)) throw failure(SIGN_IN_EXPIRED);
  if (user.status !== USER_STATUS.enabled) throw failure('用户已被封禁');
  // Reset by an admin meanwhile: the password alone now signs in, after being given again.
  if (!(await twoFactor.twoFactorEnabled(deps.database.db, user.id))) {
    throw failure(SIGN_IN_EXPIRED);
  }
  // Held while the code is checked, so a spent (or concurrently used) pending sign-in is refused
  // before it can use up a code; given back when the code is wrong.
  const doneKey = `2FD${pending.nonce}`;
  const done = await rateLimiter.take(doneKey, 1, lifetime);
  if (done === undefined) throw failure(SIGN_IN_EXPIRED);
  try {
    await verifySecondFactor(deps, user.id, code);
  } catch (error) {
    rateLimiter.giveBack(doneKey, done);
    throw error;
  }
  return user;
}

/**
 * Accepts a TOTP code of a step not used before, or an unused backup code (then used up).
 * Throws the "wrong code" failure otherwise, or the lockout once too many checks failed.
 */
export async function verifySecondFactor(
  deps: TwoFactorDeps,
  userId: number,
  code: string,
): Promise<void> {
  const { db } = deps.database;
  const row = await twoFactor.findTwoFactor(db, userId);
  if (!row?.enabled) throw failure(NOT_ENABLED);
  const failures = await countFailure(deps, userId);
  const now = nowSeconds();

  if (normalizeTotpCode(code) !== undefined) {
    const secret = deps.secrets.open(row.secret);
    const step =
      secret === undefined ? undefined : await verifyTotp(secret, code, row.last_used_step);
    if (step !== undefined && (await twoFactor.useTimeStep(db, userId, step, now))) {
      failures.succeeded();
      return;
    }
    throw failure(WRONG_CODE);
  }

  const normalized = normalizeBackupCode(code);
  if (normalized !== undefined) {
    const unused = await twoFactor.listUnusedBackupCodes(db, userId);
    const match = unused.find((candidate) => backupCodeMatches(normalized, candidate.code_hash));
    if (match && (await twoFactor.useBackupCode(db, match.id, now))) {
      failures.succeeded();
      return;
    }
  }
  throw failure(WRONG_CODE);
}

/**
 * Takes a failure slot before a check, so concurrent guesses cannot all slip under the limit;
 * a successful check gives it back.
 */
async function countFailure(deps: TwoFactorDeps, userId: number) {
  const key = `2FU${userId}`;
  const slot = await deps.rateLimiter.take(key, USER_FAILURE_LIMIT, USER_FAILURE_WINDOW_SECONDS);
  if (slot === undefined) throw failure('两步验证失败次数过多，请稍后再试');
  return { succeeded: () => deps.rateLimiter.giveBack(key, slot) };
}

async function storeNewBackupCodes(deps: TwoFactorDeps, userId: number): Promise<string[]> {
  const codes = newBackupCodes();
  await twoFactor.replaceBackupCodes(
    deps.database.db,
    userId,
    codes.map(hashBackupCode),
    nowSeconds(),
  );
  return codes;
}

async function log(
  deps: TwoFactorDeps,
  user: { id: number; username: string },
  type: number,
  content: string,
): Promise<void> {
  await recordAccountLog(deps.logDatabase.db, {
    userId: user.id,
    username: user.username,
    type,
    content,
  });
}
