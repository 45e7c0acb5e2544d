import {
  emailBindQuerySchema,
  emailQuerySchema,
  passwordResetRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { createEmailCodeStore } from '../../accounts/email-code-store.js';
import {
  bindEmail,
  requestPasswordReset,
  resetPassword,
  sendVerificationCode,
} from '../../users/email-account-service.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { turnstileCheck } from '../turnstile-check.js';

/** The email code store of this server: Redis when configured, else the database. */
export function emailCodeStore(context: AppContext) {
  return createEmailCodeStore(context.config.sessionSecret, context.database, context.redis);
}

/**
 * Accounts by email (reference §8.2, §8.3, §8.8): verification codes, the password reset link
 * and reset, and binding an address to the signed-in account. All under the critical rate limit;
 * the two routes that send mail also behind Turnstile.
 */
export async function registerEmailAccountRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const deps = {
    database: context.database,
    logDatabase: context.logDatabase,
    options: context.options,
    codes: emailCodeStore(context),
  };
  const checked = { onRequest: critical, preHandler: turnstileCheck(context) };

  api.get('/verification', checked, async (request) => {
    const { email } = parseInput(emailQuerySchema, request.query);
    await sendVerificationCode(deps, email);
    return ok();
  });

  // Answers alike for registered and unknown addresses; the mail goes out afterwards.
  api.get('/reset_password', checked, async (request) => {
    const { email } = parseInput(emailQuerySchema, request.query);
    const { delivery } = await requestPasswordReset(deps, email);
    delivery.catch((error: unknown) =>
      request.log.warn({ err: error }, 'password reset mail not sent'),
    );
    return ok();
  });

  api.post('/user/reset', { onRequest: critical }, async (request) => {
    const body = parseInput(passwordResetRequestSchema, request.body);
    const { password, userIds } = await resetPassword(deps, body.email, body.token);
    // Their sessions ended: every process forgets the cached accounts.
    for (const userId of userIds) context.events.emit('user-changed', { userId });
    return ok(password);
  });

  // From personal settings: the signed-in user (New-Api-User checked, as on every user route).
  api.get(
    '/oauth/email/bind',
    { onRequest: critical, preHandler: requireUser(context) },
    async (request) => {
      const { email, code } = parseInput(emailBindQuerySchema, request.query);
      const userId = requireAuthenticated(request).id;
      await bindEmail(deps, userId, email, code);
      context.events.emit('user-changed', { userId });
      return ok();
    },
  );
}
