import type { Kysely } from 'kysely';
import { USER_STATUS } from '@tollgate/contracts';
import { fastifyCookie } from '@fastify/cookie';
import { decodeSession, SESSION_COOKIE_NAME } from '../../accounts/session-cookie.js';
import type { Database, TokenRow, UserRow } from '../../db/schema.js';
import type { RelayExchange } from '../relay-exchange.js';
import { usableGroups } from '../../groups/usable-groups.js';
import type { OptionStore } from '../../options/option-store.js';
import { RelayError } from '../../errors/relay-error.js';
import { sessionIsCurrent } from '../../users/user-repository.js';
import type { AuthenticatedCall } from './authenticate-relay.js';
import type { CachedUser } from './relay-caller-cache.js';
import { parseStoredLimits } from '../../limits/applied-limits.js';

/** The playground has no API token; its calls carry this id (no token row is charged). */
export const PLAYGROUND_TOKEN_ID = 0;

/**
 * The console playground (`POST /pg/chat/completions`, reference §3.15), first step, from the
 * headers alone: the signed-in user from the session cookie, who must also be named by the
 * `New-Api-User` header (a cross-site page cannot set it), and a JSON body. The body is read
 * only after this passed.
 */
export async function authenticatePlaygroundSession(
  exchange: RelayExchange,
  db: Kysely<Database>,
  sessionSecret: string,
): Promise<UserRow> {
  const session = decodeSession(
    fastifyCookie.parse(exchange.headers.cookie ?? '')[SESSION_COOKIE_NAME],
    sessionSecret,
  );
  if (!session) {
    if (exchange.headers.authorization) {
      throw RelayError.badRequest('暂不支持使用 access token', 'access_token_not_supported');
    }
    throw new RelayError(401, '无权进行此操作，未登录', 'new_api_error', 'unauthorized');
  }
  const claimed = exchange.headers['new-api-user'];
  if (String(Array.isArray(claimed) ? claimed[0] : (claimed ?? '')).trim() !== String(session.id)) {
    throw new RelayError(
      401,
      '无权进行此操作，New-Api-User 与登录用户不匹配',
      'new_api_error',
      'user_header_mismatch',
    );
  }
  const contentType = String(exchange.headers['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) {
    throw new RelayError(
      415,
      'Content-Type must be application/json',
      'invalid_request_error',
      'unsupported_media_type',
    );
  }
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row || !sessionIsCurrent(row, session.v)) {
    throw new RelayError(401, '无权进行此操作，未登录', 'new_api_error', 'unauthorized');
  }
  if (row.status !== USER_STATUS.enabled)
    throw new RelayError(403, '用户已被封禁', 'new_api_error', 'user_banned');
  return row;
}

/**
 * The playground's second step, once the body is read: a group from the body that the user may
 * use, and a stand-in unlimited token named `playground-<group>` so the call is logged like any
 * other. The user's balance is charged; no token is.
 */
export function playgroundCall(
  row: UserRow,
  body: Buffer,
  options: OptionStore,
): AuthenticatedCall {
  const userGroup = row.group || 'default';
  let requestedGroup = '';
  if (body.length > 0) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      const group = (parsed as { group?: unknown } | null)?.group;
      if (typeof group === 'string') requestedGroup = group.trim();
    } catch {
      // parseRelayBody reports malformed JSON with the usual message
    }
  }
  const group = requestedGroup || userGroup;
  if (group !== userGroup && !(group in usableGroups(options, userGroup))) {
    throw new RelayError(403, '无权访问该分组', 'new_api_error', 'group_forbidden');
  }

  let setting: CachedUser['setting'] = {};
  try {
    setting = row.setting ? (JSON.parse(row.setting) as CachedUser['setting']) : {};
  } catch {
    setting = {};
  }
  const token: TokenRow = {
    id: PLAYGROUND_TOKEN_ID,
    user_id: row.id,
    key: '',
    status: 1,
    name: `playground-${group}`,
    created_time: 0,
    accessed_time: 0,
    expired_time: -1,
    remain_quota: 0,
    unlimited_quota: true,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    used_quota: 0,
    group,
    deleted_at: null,
    limits: null,
  };
  return {
    caller: {
      token,
      user: {
        id: row.id,
        username: row.username,
        role: row.role,
        status: row.status,
        group: userGroup,
        quota: Number(row.quota),
        email: row.email ?? '',
        setting,
        limits: parseStoredLimits(row.limits),
      },
      modelLimits: new Set(),
      allowIps: new Set(),
    },
  };
}
