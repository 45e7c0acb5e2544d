/**
 * What a third-party identity does once the provider vouched for it (reference §8.5–§8.7): sign
 * in the account bound to it, bind it to the signed-in account, or make a new account for it.
 *
 * A new account is written in one transaction — the row, its identity, the inviter's reward and
 * the gift log rows — so a failure half-way leaves no account behind. Sign-ups and bindings of the
 * same identity take turns through a short claim in the shared limiter, so two at once (two
 * nodes, two tabs) cannot give one identity to two accounts; the identity columns have no unique
 * index (new-api's databases hold '' for every unbound account).
 */
import { DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, ROLE, USER_STATUS } from '@tollgate/contracts';
import type { Transaction } from 'kysely';
import { isUniqueViolation, nowSeconds } from '../db/dialect-helpers.js';
import type { Database, UserRow } from '../db/schema.js';
import { AppError, failure } from '../errors/app-error.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { randomAlphanumeric } from '../lib/random.js';
import { writeLogRows, type LogDestination } from '../logs/log-destination.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { accountLogRow, LOG_TYPE } from '../logs/log-writer.js';
import { countInvitation } from './invitation-reward.js';
import * as users from './user-repository.js';
import { acceptableUsername, quotaText, type UserServiceDeps } from './user-rules.js';
import {
  affCodeTaken,
  emailTaken,
  identityStore,
  maxUserId,
} from '../accounts/oauth/identity-repository.js';
import type {
  ExternalIdentity,
  IdentityAccountKind as IdentityProvider,
} from '../accounts/oauth/identity-providers.js';

export interface OAuthAccountDeps extends UserServiceDeps {
  /** The shared limiter (Redis, cluster primary or memory) that holds the identity claims. */
  rateLimiter: RateLimiter;
}

const DEREGISTERED = '用户已注销';
const BANNED = '用户已被封禁';
const REGISTRATION_CLOSED = '管理员关闭了新用户注册';
const BUSY = '该账户正在处理另一个请求，请稍后重试';
/** Seconds an identity claim lasts at most (a sign-up takes far less). */
const CLAIM_SECONDS = 60;

/**
 * The live, enabled account bound to the identity; undefined when none is. Refuses an identity
 * whose only account was deregistered, and a disabled account.
 */
export async function findBoundAccount(
  deps: OAuthAccountDeps,
  provider: IdentityProvider,
  identityId: string,
): Promise<UserRow | undefined> {
  const { db } = deps.database;
  const holders = await identityStore(provider).holders(db, identityId);
  if (holders.length === 0) return undefined;
  const live = holders.find((holder) => holder.deleted_at === null);
  if (!live) throw failure(DEREGISTERED);
  const user = await users.findUserById(db, live.id);
  if (!user) throw failure(DEREGISTERED);
  if (user.status !== USER_STATUS.enabled) throw failure(BANNED);
  return user;
}

/**
 * Signs in with an identity: the bound account, or a new one when registration is open.
 * `inviteCode` is the code kept with the OAuth state (used only if the provider honours invites).
 */
export async function signInWithIdentity(
  deps: OAuthAccountDeps,
  provider: IdentityProvider,
  identity: ExternalIdentity,
  inviteCode = '',
): Promise<UserRow> {
  const bound = await findBoundAccount(deps, provider, identity.id);
  if (bound) return bound;
  if (!deps.options.getBoolean('RegisterEnabled')) throw failure(REGISTRATION_CLOSED);
  await withIdentityClaim(deps, provider, identity.id, () =>
    createAccount(deps, provider, identity, provider.honoursInvites ? inviteCode : ''),
  );
  // Made just now, or by a sign-up that finished first.
  const account = await findBoundAccount(deps, provider, identity.id);
  if (!account) throw new Error(`the ${provider.key} account just made cannot be read back`);
  return account;
}

/**
 * Binds an identity to the signed-in account `userId`. Refuses one held by another account
 * (deregistered ones included); binding the identity the account already has changes nothing.
 */
export async function bindIdentity(
  deps: OAuthAccountDeps,
  provider: IdentityProvider,
  userId: number,
  identityId: string,
): Promise<void> {
  const { db } = deps.database;
  await withIdentityClaim(deps, provider, identityId, async () => {
    const holders = await identityStore(provider).holders(db, identityId);
    if (holders.some((holder) => holder.id !== userId)) {
      throw failure(provider.alreadyBoundMessage);
    }
    if (holders.length > 0) return;
    if (!(await identityStore(provider).attach(db, userId, identityId))) {
      throw failure(DEREGISTERED);
    }
  });
}

async function withIdentityClaim<T>(
  deps: OAuthAccountDeps,
  provider: IdentityProvider,
  identityId: string,
  work: () => Promise<T>,
): Promise<T> {
  const key = `OI${provider.key}:${identityId}`;
  const slot = await deps.rateLimiter.take(key, 1, CLAIM_SECONDS);
  if (slot === undefined) throw failure(BUSY);
  try {
    return await work();
  } finally {
    deps.rateLimiter.giveBack(key, slot);
  }
}

/**
 * Creates the account of a new identity in one transaction. A unique violation (a username or
 * invite code taken at the same moment) rolls everything back and the whole transaction runs
 * again; PostgreSQL cannot go on inside a transaction after a failed statement.
 */
async function createAccount(
  deps: OAuthAccountDeps,
  provider: IdentityProvider,
  identity: ExternalIdentity,
  inviteCode: string,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await deps.database.db
        .transaction()
        .execute((transaction) => writeAccount(deps, transaction, provider, identity, inviteCode));
      return;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 2) continue;
      throw error;
    }
  }
}

async function writeAccount(
  deps: OAuthAccountDeps,
  transaction: Transaction<Database>,
  provider: IdentityProvider,
  identity: ExternalIdentity,
  inviteCode: string,
): Promise<void> {
  // A sign-up that held the claim before this one may have bound the identity meanwhile.
  if ((await identityStore(provider).holders(transaction, identity.id)).length > 0) return;
  const { options } = deps;
  const username = await chooseUsername(transaction, provider, identity);
  const inviterId = inviteCode
    ? ((await users.findUserIdByAffCode(transaction, inviteCode)) ?? 0)
    : 0;
  const forNewUser = options.getNumber('QuotaForNewUser');
  const forInvitee = inviterId > 0 ? options.getNumber('QuotaForInvitee') : 0;
  const forInviter = inviterId > 0 ? options.getNumber('QuotaForInviter') : 0;

  const id = await users.insertUser(
    { ...deps.database, db: transaction },
    {
      username,
      // No password: signing in with one is impossible until the user sets one.
      password: '',
      display_name: displayName(identity.displayName, provider.defaultDisplayName),
      role: identity.role ?? ROLE.common,
      status: USER_STATUS.enabled,
      email: await usableEmail(transaction, identity.email),
      quota: forNewUser + forInvitee,
      group: identity.group ?? 'default',
      aff_code: await unusedAffCode(transaction),
      inviter_id: inviterId,
    },
  );
  await identityStore(provider).attach(transaction, id, identity.id);

  const now = nowSeconds();
  const logs: LogRow[] = [];
  if (forNewUser > 0) {
    logs.push(systemLog(id, username, `新用户注册赠送 ${quotaText(deps, forNewUser)}`, now));
  }
  if (inviterId > 0) {
    if (forInvitee > 0) {
      logs.push(systemLog(id, username, `使用邀请码赠送 ${quotaText(deps, forInvitee)}`, now));
    }
    await countInvitation(transaction, inviterId, forInviter);
    if (forInviter > 0) {
      const inviter = await users.findUserById(transaction, inviterId);
      logs.push(
        systemLog(
          inviterId,
          inviter?.username ?? '',
          `邀请用户赠送 ${quotaText(deps, forInviter)}`,
          now,
        ),
      );
    }
  }
  const destination: LogDestination =
    deps.logDatabase === deps.database
      ? { kind: 'table', dialect: deps.database.dialect }
      : { kind: 'outbox' };
  if (logs.length > 0) await writeLogRows(transaction, destination, logs, now);
}

/**
 * The provider's suggested username when it passes the rules for a new name (length, characters,
 * not taken, not a look-alike); otherwise new-api's `<prefix><max id + 1>`, counting on past
 * names that are taken.
 */
async function chooseUsername(
  transaction: Transaction<Database>,
  provider: IdentityProvider,
  identity: ExternalIdentity,
): Promise<string> {
  if (identity.preferredUsername) {
    try {
      return await acceptableUsername(transaction, identity.preferredUsername);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const first = (await maxUserId(transaction)) + 1;
  for (let number = first; number < first + 100; number += 1) {
    const candidate = `${provider.usernamePrefix}${number}`;
    if (!(await users.usernameTaken(transaction, candidate))) return candidate;
  }
  throw failure('用户名已存在，或已注销');
}

/** The provider's name cut to the display-name limit, or the provider's default. */
function displayName(given: string | undefined, fallback: string): string {
  const name = given?.trim() ?? '';
  return name === '' ? fallback : [...name].slice(0, DISPLAY_NAME_MAX_LENGTH).join('');
}

/**
 * The provider's email when it is a plausible address no other account uses; '' otherwise, so
 * a sign-in by email can never reach two accounts.
 */
async function usableEmail(
  transaction: Transaction<Database>,
  email: string | undefined,
): Promise<string> {
  const address = email?.trim() ?? '';
  if (address === '' || [...address].length > EMAIL_MAX_LENGTH) return '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return '';
  return (await emailTaken(transaction, address)) ? '' : address;
}

async function unusedAffCode(transaction: Transaction<Database>): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const code = randomAlphanumeric(4);
    if (!(await affCodeTaken(transaction, code))) return code;
  }
  // Left to the unique index: a collision rolls the transaction back and it runs again.
  return randomAlphanumeric(4);
}

function systemLog(userId: number, username: string, content: string, now: number): LogRow {
  return accountLogRow({ userId, username, type: LOG_TYPE.system, content, createdAt: now });
}
