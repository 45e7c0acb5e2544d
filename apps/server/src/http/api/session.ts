import { loginRequestSchema, registerRequestSchema } from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  encodeSession,
  SESSION_COOKIE_ATTRIBUTES,
  SESSION_COOKIE_NAME,
  SESSION_MAX_AGE_SECONDS,
} from '../../accounts/session-cookie.js';
import type { UserRow } from '../../db/schema.js';
import { loginUserDto } from '../../users/user-dto.js';
import { endSessions } from '../../users/user-repository.js';
import { registerUser } from '../../users/registration-service.js';
import { authenticate } from '../../users/sign-in-service.js';
import {
  issuePendingSignIn,
  PENDING_SIGN_IN_COOKIE_NAME,
  PENDING_SIGN_IN_COOKIE_PATH,
  PENDING_SIGN_IN_LIFETIME_SECONDS,
} from '../../accounts/two-factor/pending-sign-in.js';
import { twoFactorEnabled } from '../../accounts/two-factor/two-factor-repository.js';
import { TURNSTILE_PASS_COOKIE_NAME } from '../../accounts/turnstile.js';
import type { AppContext } from '../app-context.js';
import { readSession } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { turnstileCheck } from '../turnstile-check.js';
import { emailCodeStore } from './email-accounts.js';

/** Sets the signed session cookie for a user who just signed in. */
export function startSession(reply: FastifyReply, context: AppContext, user: UserRow): void {
  const value = encodeSession(
    {
      id: user.id,
      username: user.username,
      role: user.role,
      status: user.status,
      group: user.group ?? '',
      v: Number(user.session_version ?? 0),
    },
    context.config.sessionSecret,
  );
  reply.setCookie(SESSION_COOKIE_NAME, value, {
    ...SESSION_COOKIE_ATTRIBUTES,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/**
 * Signs `user` in after a first factor (password, a provider, WeChat, Telegram): a session; or,
 * when the user has two-factor sign-in on, only a pending sign-in cookie and `{require_2fa: true}`,
 * which `POST /api/user/login/2fa` turns into a session with a code.
 */
export async function beginSignIn(reply: FastifyReply, context: AppContext, user: UserRow) {
  if (await twoFactorEnabled(context.database.db, user.id)) {
    const { cookie } = issuePendingSignIn(
      user.id,
      Number(user.session_version ?? 0),
      context.config.sessionSecret,
    );
    reply.setCookie(PENDING_SIGN_IN_COOKIE_NAME, cookie, {
      path: PENDING_SIGN_IN_COOKIE_PATH,
      maxAge: PENDING_SIGN_IN_LIFETIME_SECONDS,
      httpOnly: true,
      sameSite: 'strict',
      secure: false,
    });
    return ok({ require_2fa: true }, '请输入两步验证码');
  }
  startSession(reply, context, user);
  return ok(loginUserDto(user));
}

/** Login, logout and self-registration (reference §8.1, §8.4), behind Turnstile (§8.10). */
export async function registerSessionRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);

  const checked = { onRequest: critical, preHandler: turnstileCheck(context) };
  const emailCodes = emailCodeStore(context);

  // With two-factor sign-in on, the right password gives no session yet: a pending sign-in that
  // `POST /api/user/login/2fa` completes with a code (two-factor.ts).
  api.post('/user/login', checked, async (request, reply) => {
    const body = parseInput(loginRequestSchema, request.body);
    const user = await authenticate(context, body.username, body.password);
    return beginSignIn(reply, context, user);
  });

  // Signing out ends every session of the user, on every node, not only this browser's.
  api.get('/user/logout', async (request, reply) => {
    const session = readSession(request, context);
    if (session) {
      await endSessions(context.database.db, session.id);
      context.events.emit('user-changed', { userId: session.id });
    }
    reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
    // new-api clears its whole session, the passed Turnstile check with it.
    reply.clearCookie(TURNSTILE_PASS_COOKIE_NAME, { path: '/api' });
    return ok();
  });

  api.post('/user/register', checked, async (request) => {
    const body = parseInput(registerRequestSchema, request.body);
    await registerUser(context, body, {
      defaultToken: context.config.generateDefaultToken,
      emailCodes,
    });
    return ok();
  });
}
