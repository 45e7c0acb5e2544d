import {
  TOKEN_NAME_SUFFIX_LENGTH,
  TOKEN_NEVER_EXPIRES,
  TOKEN_STATUS,
  type CreateTokenRequest,
  type Token,
  type UpdateTokenRequest,
  type UpdateTokenStatusRequest,
} from '@tollgate/contracts';
import { isUniqueViolation, nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { TokenRow, TokenUpdate } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { randomAlphanumeric } from '../lib/random.js';
import type { OptionStore } from '../options/option-store.js';
import {
  expiryProblem,
  modelLimitsProblem,
  normaliseAllowIps,
  remainQuotaProblem,
  tokenGroupProblem,
  tokenNameProblem,
} from './token-input-rules.js';
import * as tokens from './token-repository.js';
import { tokenRowToDto } from './token-dto.js';
import { withHeldTokenQuota } from '../billing/held-quota.js';
import { storedLimitsText } from '../limits/applied-limits.js';
import type { LimitEngine } from '../limits/limit-engine.js';
import { ownerLimits, tokenLimitsProblem, withLimitUsage } from './token-limit-rules.js';

/** What the token rules need. */
export interface TokenServiceDeps {
  database: DatabaseHandle;
  options: OptionStore;
  events: AppEvents;
  /** The relay's limit counters, for `limit_usage` in lists (absent: lists carry none). */
  relay?: { limits: LimitEngine };
}

/** The signed-in owner of the tokens being managed. */
export interface TokenOwner {
  id: number;
  /** The owner's user group, which decides the usable token groups. */
  group: string;
}

/** Length of a generated key (stored without `sk-`). */
export const TOKEN_KEY_LENGTH = 48;
/** Most rows a token search returns (new-api has no limit; this keeps the answer bounded). */
export const TOKEN_SEARCH_LIMIT = 1000;
const KEY_COLLISION_RETRIES = 3;

export const TOKEN_NOT_FOUND = '令牌不存在';
export const TOKEN_EXPIRED_CANNOT_ENABLE =
  '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期';
export const TOKEN_EXHAUSTED_CANNOT_ENABLE =
  '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度';

function check(problem: string | undefined): void {
  if (problem) throw failure(problem);
}

function changed(token: Token) {
  return { tokenId: token.id, tokenKey: token.key };
}

async function requireOwnToken(
  deps: TokenServiceDeps,
  ownerId: number,
  id: number,
): Promise<TokenRow> {
  const token = await tokens.findUserToken(deps.database.db, ownerId, id);
  if (!token) throw failure(TOKEN_NOT_FOUND);
  return token;
}

/** `GET /api/token/:id`. */
export async function getOwnToken(
  deps: TokenServiceDeps,
  ownerId: number,
  id: number,
): Promise<Token> {
  const [shown] = await withHeldTokenQuota(deps.database.db, [
    await requireOwnToken(deps, ownerId, id),
  ]);
  return tokenRowToDto(shown);
}

/** `GET /api/token/?p&size`: `page` is 0-based. */
export async function listOwnTokens(
  deps: TokenServiceDeps,
  ownerId: number,
  page: number,
  pageSize: number,
): Promise<Token[]> {
  const rows = await tokens.listUserTokens(deps.database.db, ownerId, page * pageSize, pageSize);
  return listedTokens(deps, ownerId, rows);
}

/** `GET /api/token/search`: `token` may carry the `sk-` prefix the console shows. */
export async function searchOwnTokens(
  deps: TokenServiceDeps,
  ownerId: number,
  keyword: string,
  token: string,
): Promise<Token[]> {
  const keyFragment = token.trim().replace(/^sk-/, '');
  const rows = await tokens.searchUserTokens(
    deps.database.db,
    ownerId,
    { keyword: keyword.trim(), keyFragment },
    TOKEN_SEARCH_LIMIT,
  );
  return listedTokens(deps, ownerId, rows);
}

/** Rows of a list or search as their owner sees them: held quota added, limit usage read. */
async function listedTokens(
  deps: TokenServiceDeps,
  ownerId: number,
  rows: TokenRow[],
): Promise<Token[]> {
  const shown = (await withHeldTokenQuota(deps.database.db, rows)).map(tokenRowToDto);
  if (deps.relay === undefined || rows.length === 0) return shown;
  const owner = await ownerLimits(deps.database.db, deps.options, ownerId);
  return withLimitUsage(deps.relay.limits, rows, shown, owner, ownerId);
}

/** The name of the `index`-th token of a batch: the first keeps the name, later ones get a suffix. */
function batchName(name: string, index: number): string {
  return index === 0 ? name : `${name}-${randomAlphanumeric(TOKEN_NAME_SUFFIX_LENGTH)}`;
}

/**
 * `POST /api/token/`: creates `count` tokens in one transaction with fresh 48-character keys. The
 * quota is not checked against the owner's balance (new-api's rule: a token only narrows the balance).
 */
export async function createOwnTokens(
  deps: TokenServiceDeps,
  owner: TokenOwner,
  request: CreateTokenRequest,
): Promise<Token[]> {
  const name = request.name.trim();
  // The longest name of the batch decides: every token of the batch must fit.
  const longestName = request.count > 1 ? `${name}-${'x'.repeat(TOKEN_NAME_SUFFIX_LENGTH)}` : name;
  check(tokenNameProblem(longestName));
  const now = nowSeconds();
  check(expiryProblem(request.expired_time, now));
  check(remainQuotaProblem(request.remain_quota, request.unlimited_quota));
  check(modelLimitsProblem(request.model_limits));
  const allowIps = normaliseAllowIps(request.allow_ips);
  if (!allowIps.ok) throw failure(allowIps.message);
  const group = request.group.trim();
  check(tokenGroupProblem(deps.options, owner.group, group));
  if (request.limits) {
    check(
      tokenLimitsProblem(
        request.limits,
        await ownerLimits(deps.database.db, deps.options, owner.id),
      ),
    );
  }
  const limits = storedLimitsText(request.limits);

  const { database } = deps;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const created = await database.db.transaction().execute(async (transaction) => {
        const rows: TokenRow[] = [];
        for (let index = 0; index < request.count; index += 1) {
          const row = {
            user_id: owner.id,
            key: randomAlphanumeric(TOKEN_KEY_LENGTH),
            status: TOKEN_STATUS.enabled,
            name: batchName(name, index),
            created_time: now,
            accessed_time: now,
            expired_time: request.expired_time,
            remain_quota: request.remain_quota,
            unlimited_quota: request.unlimited_quota,
            model_limits_enabled: request.model_limits_enabled,
            model_limits: request.model_limits,
            allow_ips: allowIps.value,
            used_quota: 0,
            group,
            deleted_at: null,
            limits,
          };
          const id = await tokens.insertToken({ db: transaction, dialect: database.dialect }, row);
          rows.push({ ...row, id });
        }
        return rows.map(tokenRowToDto);
      });
      for (const token of created) deps.events.emit('token-changed', changed(token));
      return created;
    } catch (error) {
      // A 48-character key collision is practically impossible; a retry with new keys settles it.
      if (!isUniqueViolation(error) || attempt >= KEY_COLLISION_RETRIES) throw error;
    }
  }
}

/**
 * `PUT /api/token/`: edits an own token. Absent fields keep their value; a group or expiry is checked
 * only when it changes, so an old token stays editable after an administrator narrows the groups.
 * The status is left alone (the status-only form changes it), as in new-api.
 */
export async function updateOwnToken(
  deps: TokenServiceDeps,
  owner: TokenOwner,
  request: UpdateTokenRequest,
): Promise<Token> {
  const token = await requireOwnToken(deps, owner.id, request.id);
  const values: TokenUpdate = {};

  if (request.name !== undefined) {
    const name = request.name.trim();
    check(tokenNameProblem(name));
    values.name = name;
  }
  if (request.expired_time !== undefined) {
    if (request.expired_time !== Number(token.expired_time)) {
      check(expiryProblem(request.expired_time, nowSeconds()));
    }
    values.expired_time = request.expired_time;
  }
  const remainQuota = request.remain_quota ?? Number(token.remain_quota);
  const unlimited = request.unlimited_quota ?? Boolean(token.unlimited_quota);
  if (remainQuota !== Number(token.remain_quota) || unlimited !== Boolean(token.unlimited_quota)) {
    check(remainQuotaProblem(remainQuota, unlimited));
  }
  if (request.remain_quota !== undefined) values.remain_quota = request.remain_quota;
  if (request.unlimited_quota !== undefined) values.unlimited_quota = request.unlimited_quota;
  if (request.model_limits_enabled !== undefined) {
    values.model_limits_enabled = request.model_limits_enabled;
  }
  if (request.model_limits !== undefined) {
    check(modelLimitsProblem(request.model_limits));
    values.model_limits = request.model_limits;
  }
  if (request.allow_ips !== undefined) {
    const allowIps = normaliseAllowIps(request.allow_ips);
    if (!allowIps.ok) throw failure(allowIps.message);
    values.allow_ips = allowIps.value;
  }
  if (request.group !== undefined) {
    const group = request.group.trim();
    if (group !== (token.group ?? '')) check(tokenGroupProblem(deps.options, owner.group, group));
    values.group = group;
  }

  if (request.limits !== undefined) {
    if (request.limits !== null) {
      check(
        tokenLimitsProblem(
          request.limits,
          await ownerLimits(deps.database.db, deps.options, owner.id),
        ),
      );
    }
    values.limits = storedLimitsText(request.limits);
  }

  if (Object.keys(values).length > 0) {
    const updated = await tokens.updateUserToken(deps.database.db, owner.id, token.id, values);
    if (!updated) throw failure(TOKEN_NOT_FOUND);
  }
  const result = tokenRowToDto({ ...token, ...values } as TokenRow);
  deps.events.emit('token-changed', changed(result));
  return result;
}

/**
 * `PUT /api/token/?status_only=true`: enables or disables an own token. Enabling is refused while the
 * token is past its expiry or, for a limited token, out of quota (new-api refuses only when the stored
 * status already says so; here the facts decide, so a disabled token cannot be revived in a state the
 * relay would reject anyway).
 */
export async function updateOwnTokenStatus(
  deps: TokenServiceDeps,
  ownerId: number,
  request: UpdateTokenStatusRequest,
): Promise<Token> {
  const token = await requireOwnToken(deps, ownerId, request.id);
  if (request.status === TOKEN_STATUS.enabled && token.status !== TOKEN_STATUS.enabled) {
    const expiredTime = Number(token.expired_time);
    if (expiredTime !== TOKEN_NEVER_EXPIRES && expiredTime <= nowSeconds()) {
      throw failure(TOKEN_EXPIRED_CANNOT_ENABLE);
    }
    if (!token.unlimited_quota && Number(token.remain_quota) <= 0) {
      throw failure(TOKEN_EXHAUSTED_CANNOT_ENABLE);
    }
  }
  const updated = await tokens.updateUserToken(deps.database.db, ownerId, token.id, {
    status: request.status,
  });
  if (!updated) throw failure(TOKEN_NOT_FOUND);
  const result = tokenRowToDto({ ...token, status: request.status });
  deps.events.emit('token-changed', changed(result));
  return result;
}

/** `DELETE /api/token/:id`: soft delete of an own token. */
export async function deleteOwnToken(
  deps: TokenServiceDeps,
  ownerId: number,
  id: number,
): Promise<void> {
  const token = await requireOwnToken(deps, ownerId, id);
  const deleted = await tokens.softDeleteUserToken(deps.database, ownerId, id);
  if (!deleted) throw failure(TOKEN_NOT_FOUND);
  deps.events.emit('token-changed', { tokenId: token.id, tokenKey: token.key });
}
