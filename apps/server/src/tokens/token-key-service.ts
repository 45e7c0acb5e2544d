/**
 * Reading tokens' full keys (new-api 1.0: lists show them masked, token-key-mask.ts) and deleting
 * several tokens at once. The owner reads their own keys; root may read any token's key, which is
 * recorded in the owner's logs.
 */
import { ROLE } from '@tollgate/contracts';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { AppEvents } from '../lib/app-events.js';
import { LOG_TYPE, recordAccountLog } from '../logs/log-writer.js';
import * as tokens from './token-repository.js';
import { TOKEN_NOT_FOUND } from './token-service.js';

/** Most tokens `POST /api/token/batch/keys` and `POST /api/token/batch` take at once. */
export const TOKEN_BATCH_MAX = 100;
export const NO_TOKEN_IDS = '无效的参数';
export const TOO_MANY_TOKEN_IDS = `一次最多处理 ${TOKEN_BATCH_MAX} 个令牌`;

export interface TokenKeyDeps {
  database: DatabaseHandle;
  logDatabase: DatabaseHandle;
  events: AppEvents;
}

/** Who asks. */
export interface TokenKeyReader {
  id: number;
  username: string;
  role: number;
}

/** `POST /api/token/:id/key`: the key (without `sk-`) of an own token, or any token for root. */
export async function revealTokenKey(
  deps: TokenKeyDeps,
  reader: TokenKeyReader,
  id: number,
): Promise<string> {
  const { db } = deps.database;
  const token =
    reader.role >= ROLE.root
      ? await tokens.findLiveToken(db, id)
      : await tokens.findUserToken(db, reader.id, id);
  if (!token) throw failure(TOKEN_NOT_FOUND);
  const ownerId = Number(token.user_id);
  if (ownerId !== reader.id) {
    await recordAccountLog(deps.logDatabase.db, {
      userId: ownerId,
      type: LOG_TYPE.manage,
      content: `管理员 ${reader.username} 查看了令牌 ${token.name ?? ''} (ID: ${token.id}) 的密钥`,
    });
  }
  return token.key;
}

function checkBatch(ids: readonly number[]): number[] {
  if (ids.length === 0) throw failure(NO_TOKEN_IDS);
  const unique = [...new Set(ids)];
  if (unique.length > TOKEN_BATCH_MAX) throw failure(TOO_MANY_TOKEN_IDS);
  return unique;
}

/** `POST /api/token/batch/keys {ids}`: `{id: key}` of the caller's own tokens among `ids`. */
export async function revealOwnTokenKeys(
  deps: TokenKeyDeps,
  ownerId: number,
  ids: readonly number[],
): Promise<Record<string, string>> {
  const rows = await tokens.findUserTokensByIds(deps.database.db, ownerId, checkBatch(ids));
  return Object.fromEntries(rows.map((row) => [String(row.id), row.key]));
}

/** `POST /api/token/batch {ids}`: soft-deletes the caller's own tokens among `ids`; the count. */
export async function deleteOwnTokens(
  deps: TokenKeyDeps,
  ownerId: number,
  ids: readonly number[],
): Promise<number> {
  const rows = await tokens.findUserTokensByIds(deps.database.db, ownerId, checkBatch(ids));
  const ownIds = rows.map((row) => row.id);
  const deleted = await tokens.softDeleteUserTokens(deps.database, ownerId, ownIds);
  for (const row of rows) deps.events.emit('token-changed', { tokenId: row.id, tokenKey: row.key });
  return deleted;
}
