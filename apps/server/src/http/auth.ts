import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE, USER_STATUS } from '@tollgate/contracts';
import {
  decodeSession,
  SESSION_COOKIE_NAME,
  type SessionData,
} from '../accounts/session-cookie.js';
import { findUserByAccessToken, findUserById, sessionIsCurrent } from '../users/user-repository.js';
import type { AppContext } from './app-context.js';
import { AppError } from '../errors/app-error.js';

/** Who is calling a console route, resolved by the auth guard. */
export interface AuthenticatedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** True when the caller used the system access token instead of a session cookie. */
  viaAccessToken: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guards; undefined on public routes. */
    user?: AuthenticatedUser;
  }
}

/** Reads the session cookie, if any, without requiring it. */
export function readSession(request: FastifyRequest, context: AppContext): SessionData | undefined {
  return decodeSession(request.cookies[SESSION_COOKIE_NAME], context.config.sessionSecret);
}

/** The authenticated user id or throws the reference's 401; used where a route needs a user. */
export function requireAuthenticated(request: FastifyRequest): AuthenticatedUser {
  if (!request.user)
    throw new AppError('unauthorized', '无权进行此操作，未登录且未提供 access token', 401);
  return request.user;
}

/**
 * Guard for console routes needing at least `minimumRole` (1 user, 10 admin, 100 root).
 *
 * Identity comes from the session cookie or, failing that, the system access token in
 * `Authorization`. Unlike new-api, role and status are always read fresh from the database, so a
 * banned or demoted user loses access at once instead of when their session ends.
 * The `New-Api-User` header must name the same user (a CSRF guard the console always sends).
 */
export function requireRole(context: AppContext, minimumRole: number) {
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const session = readSession(request, context);
    let userId: number;
    let viaAccessToken = false;
    if (session) {
      userId = session.id;
    } else {
      const header = request.headers.authorization?.trim();
      if (!header) {
        throw new AppError('unauthorized', '无权进行此操作，未登录且未提供 access token', 401);
      }
      const accessToken = header.replace(/^Bearer\s+/i, '').trim();
      const owner = accessToken
        ? await findUserByAccessToken(context.database.db, accessToken)
        : undefined;
      if (!owner) throw new AppError('invalid_access_token', 'access token 无效');
      userId = owner.id;
      viaAccessToken = true;
    }

    const headerValue = request.headers['new-api-user'];
    const claimed = Array.isArray(headerValue) ? headerValue[0] : headerValue;
    if (claimed === undefined || claimed === '') {
      throw new AppError('missing_user_header', '无权进行此操作，未提供 New-Api-User', 401);
    }
    if (!/^\d+$/.test(claimed.trim())) {
      throw new AppError('bad_user_header', '无权进行此操作，New-Api-User 格式错误', 401);
    }
    if (Number(claimed) !== userId) {
      throw new AppError(
        'user_header_mismatch',
        '无权进行此操作，New-Api-User 与登录用户不匹配',
        401,
      );
    }

    const user = await findUserById(context.database.db, userId);
    if (!user || !user.username) {
      throw new AppError('unauthorized', '无权进行此操作，未登录且未提供 access token', 401);
    }
    if (user.status === USER_STATUS.disabled) throw new AppError('user_banned', '用户已被封禁');
    // Signing out, a password change, disabling or deletion ended this session.
    if (session && !sessionIsCurrent(user, session.v)) {
      throw new AppError('unauthorized', '无权进行此操作，未登录且未提供 access token', 401);
    }
    if (user.role < minimumRole) throw new AppError('forbidden', '无权进行此操作，权限不足');
    request.user = {
      id: user.id,
      username: user.username,
      role: user.role,
      status: user.status,
      group: user.group,
      viaAccessToken,
    };
  };
}

export const requireUser = (context: AppContext) => requireRole(context, ROLE.common);
export const requireAdmin = (context: AppContext) => requireRole(context, ROLE.admin);
export const requireRoot = (context: AppContext) => requireRole(context, ROLE.root);
