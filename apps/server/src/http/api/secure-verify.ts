import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  markSecureVerified,
  requireSecureVerification,
} from '../../accounts/secure-verification.js';
import { secureVerifyMethod, type SecureVerifyDeps } from '../../accounts/secure-verify-methods.js';
import { failure } from '../../errors/app-error.js';
import { LOG_TYPE, recordAccountLog } from '../../logs/log-writer.js';
import { verifySecondFactor } from '../../users/two-factor-service.js';
import type { AppContext } from '../app-context.js';
import { readSession, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { twoFactorDeps } from './two-factor.js';
import { passkeyDeps } from './passkeys.js';
import { takePasskeyVerifiedMarker } from '../../accounts/passkeys/passkey-authentication.js';

const verifyRequestSchema = z
  .object({
    method: z.string().max(32).catch('').default(''),
    code: z.string().max(256).catch('').default(''),
  })
  .passthrough();

export const SESSION_NEEDED = '安全验证需要浏览器登录会话';

/** The secure verification preHandler of the app (routes that need one run it after their guard). */
export function secureVerificationGuard(context: AppContext) {
  return requireSecureVerification({ sessionSecret: context.config.sessionSecret });
}

/**
 * `POST /api/verify` (new-api's universal secure verification): the signed-in user proves again
 * who they are with one of the methods of accounts/secure-verify-methods.ts; the session then
 * carries the proof for five minutes (accounts/secure-verification.ts).
 */
export async function registerSecureVerifyRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const twoFactor = twoFactorDeps(context);
  const passkeys = passkeyDeps(context);
  const deps: SecureVerifyDeps = {
    db: context.database.db,
    rateLimiter: context.rateLimiter,
    verifySecondFactor: (userId, code) => verifySecondFactor(twoFactor, userId, code),
    takePasskeyVerified: (userId) => takePasskeyVerifiedMarker(passkeys, userId),
  };

  api.post(
    '/verify',
    { onRequest: critical, preHandler: requireUser(context) },
    async (request, reply) => {
      const user = requireAuthenticated(request);
      const body = parseInput(verifyRequestSchema, request.body);
      const methodName = body.method.trim();
      const method = secureVerifyMethod(methodName);
      // The proof lives in the session cookie: an access-token caller has none to carry it.
      const session = readSession(request, context);
      if (!session || user.viaAccessToken) throw failure(SESSION_NEEDED);
      const attempt = { user, code: body.code, body, session: { ...session } };
      await method.verify(deps, attempt);
      const secret = context.config.sessionSecret;
      const expiresAt = markSecureVerified(reply, attempt.session, methodName, secret);
      await recordAccountLog(context.logDatabase.db, {
        userId: user.id,
        username: user.username,
        type: LOG_TYPE.system,
        content: `通用安全验证成功 (验证方式: ${method.label})`,
      });
      return ok({ verified: true, expires_at: expiresAt }, '验证成功');
    },
  );
}
