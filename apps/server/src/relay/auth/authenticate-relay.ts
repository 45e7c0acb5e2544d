import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { ROLE, USER_STATUS } from '@tollgate/contracts';
import type { Database } from '../../db/schema.js';
import { RelayError } from '../../errors/relay-error.js';
import { extractTokenKey, maskTokenKey } from './extract-token-key.js';
import type { RelayCaller, RelayCallerCache } from './relay-caller-cache.js';

/** Token status values (`tokens.status`). */
export const TOKEN_STATUS = Object.freeze({ enabled: 1, disabled: 2, expired: 3, exhausted: 4 });

export interface AuthenticatedCall {
  caller: RelayCaller;
  /** Admin-only channel pinning from `sk-<key>-<channelId>`. */
  pinnedChannelId?: number;
}

function unauthorized(message: string): RelayError {
  return new RelayError(401, message, 'new_api_error', 'invalid_token');
}

/** Why a token cannot be used right now, or undefined when it can. */
function tokenProblem(
  caller: RelayCaller,
  nowSeconds: number,
): { message: string; status?: number } | undefined {
  const { token } = caller;
  if (token.status === TOKEN_STATUS.exhausted) {
    return { message: `该令牌额度已用尽 TokenStatusExhausted[${maskTokenKey(token.key)}]` };
  }
  if (token.status === TOKEN_STATUS.expired) return { message: '该令牌已过期' };
  if (token.status !== TOKEN_STATUS.enabled) return { message: '该令牌状态不可用' };
  if (token.expired_time !== -1 && token.expired_time < nowSeconds) {
    return { message: '该令牌已过期', status: TOKEN_STATUS.expired };
  }
  if (!token.unlimited_quota && Number(token.remain_quota) <= 0) {
    return {
      message: `该令牌额度已用尽 TokenStatusExhausted[${maskTokenKey(token.key)}]`,
      status: TOKEN_STATUS.exhausted,
    };
  }
  return undefined;
}

/**
 * Token auth for relay routes (reference §2.2): the token and its owner come from the cache; a
 * rejection is confirmed against the database before it is final, so a token topped up on another
 * node is never refused because of a stale cache entry.
 */
export async function authenticateRelay(
  headers: IncomingHttpHeaders,
  path: string,
  cache: RelayCallerCache,
  db: Kysely<Database>,
): Promise<AuthenticatedCall> {
  const presented = extractTokenKey(headers, path);
  if (!presented.key) throw unauthorized('未提供令牌');
  let caller = await cache.get(presented.key);
  if (!caller) throw unauthorized('无效的令牌');

  const now = Math.floor(Date.now() / 1000);
  let problem = tokenProblem(caller, now);
  if (problem) {
    cache.dropToken(caller.token.id, presented.key);
    caller = await cache.get(presented.key);
    if (!caller) throw unauthorized('无效的令牌');
    problem = tokenProblem(caller, now);
  }
  // Quota held for calls in flight is not in remain_quota: a token whose rest is all held is not
  // exhausted, and the ledger decides whether this call fits.
  if (problem?.status === TOKEN_STATUS.exhausted && (await heldForToken(db, caller)) > 0) {
    problem = undefined;
  }
  if (problem) {
    if (problem.status !== undefined) await markTokenStatus(db, caller, problem.status, now);
    throw unauthorized(problem.message);
  }
  if (caller.user.status !== USER_STATUS.enabled) {
    throw new RelayError(403, '用户已被封禁', 'new_api_error', 'user_banned');
  }
  if (presented.malformedPin) throw RelayError.badRequest('无效的渠道 Id', 'invalid_channel_id');
  if (presented.pinnedChannelId !== undefined && caller.user.role < ROLE.admin) {
    throw new RelayError(
      403,
      '普通用户不支持指定渠道',
      'new_api_error',
      'channel_pinning_forbidden',
    );
  }
  return { caller, pinnedChannelId: presented.pinnedChannelId };
}

/** What the token's remaining quota and its holds (calls in flight on any process) add up to. */
async function heldForToken(db: Kysely<Database>, caller: RelayCaller): Promise<number> {
  const row = await db
    .selectFrom('quota_holds')
    .select((select) => select.fn.sum<number | string | null>('amount').as('held'))
    .where('token_id', '=', caller.token.id)
    .executeTakeFirst();
  return Number(caller.token.remain_quota) + Number(row?.held ?? 0);
}

/** Records expiry/exhaustion in the database, only if the database agrees (never on stale data). */
async function markTokenStatus(
  db: Kysely<Database>,
  caller: RelayCaller,
  status: number,
  now: number,
): Promise<void> {
  let update = db
    .updateTable('tokens')
    .set({ status })
    .where('id', '=', caller.token.id)
    .where('status', '=', TOKEN_STATUS.enabled);
  update =
    status === TOKEN_STATUS.expired
      ? update.where('expired_time', '!=', -1).where('expired_time', '<', now)
      : update.where('unlimited_quota', '=', false).where('remain_quota', '<=', 0);
  await update.execute();
  caller.token.status = status;
}
