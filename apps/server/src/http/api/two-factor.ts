import { twoFactorCodeRequestSchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '../../accounts/secret-box.js';
import {
  PENDING_SIGN_IN_COOKIE_NAME,
  PENDING_SIGN_IN_COOKIE_PATH,
  readPendingSignIn,
} from '../../accounts/two-factor/pending-sign-in.js';
import type { Config } from '../../config.js';
import { loginUserDto } from '../../users/user-dto.js';
import {
  completeTwoFactorSignIn,
  disableTwoFactor,
  enableTwoFactor,
  regenerateBackupCodes,
  resetTwoFactorByAdmin,
  startTwoFactorSetup,
  twoFactorStatus,
  type TwoFactorDeps,
} from '../../users/two-factor-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { startSession } from './session.js';

/**
 * The key TOTP secrets are sealed with: `CRYPTO_SECRET`, else `SESSION_SECRET`; none when neither
 * is set (the session secret is then random at every start, and sealed secrets would be lost).
 */
function secretBoxKey(config: Config): string | undefined {
  const ephemeral = config.sessionSecretGenerated && config.cryptoSecret === config.sessionSecret;
  return ephemeral ? undefined : config.cryptoSecret;
}

/** The two-factor services' dependencies, built from the app context. */
export function twoFactorDeps(context: AppContext): TwoFactorDeps {
  return {
    database: context.database,
    logDatabase: context.logDatabase,
    options: context.options,
    rateLimiter: context.rateLimiter,
    secrets: createSecretBox(secretBoxKey(context.config)),
  };
}

/**
 * Two-factor sign-in (TOTP): the user's own settings, the admin reset, and the second step of a
 * password sign-in (the first is `POST /api/user/login`, see session.ts). Routes that check a
 * code are under the critical rate limit.
 */
export async function registerTwoFactorRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const user = { preHandler: requireUser(context) };
  const checked = { onRequest: critical, preHandler: requireUser(context) };
  const deps = twoFactorDeps(context);

  api.get('/user/2fa/status', user, async (request) =>
    ok(await twoFactorStatus(deps, requireAuthenticated(request).id)),
  );

  api.post('/user/2fa/setup', checked, async (request) =>
    ok(
      await startTwoFactorSetup(deps, requireAuthenticated(request)),
      '2FA设置初始化成功，请使用认证器扫描二维码并输入验证码完成设置',
    ),
  );

  api.post('/user/2fa/enable', checked, async (request) => {
    const { code } = parseInput(twoFactorCodeRequestSchema, request.body);
    const codes = await enableTwoFactor(deps, requireAuthenticated(request), code);
    return ok({ backup_codes: codes }, '两步验证启用成功');
  });

  api.post('/user/2fa/disable', checked, async (request) => {
    const { code } = parseInput(twoFactorCodeRequestSchema, request.body);
    await disableTwoFactor(deps, requireAuthenticated(request), code);
    return ok(undefined, '两步验证已禁用');
  });

  api.post('/user/2fa/backup_codes', checked, async (request) => {
    const { code } = parseInput(twoFactorCodeRequestSchema, request.body);
    const codes = await regenerateBackupCodes(deps, requireAuthenticated(request).id, code);
    return ok({ backup_codes: codes }, '备用码重新生成成功');
  });

  api.delete<{ Params: { id: string } }>(
    '/user/:id/2fa',
    { preHandler: requireAdmin(context) },
    async (request) => {
      const id = parseId(request.params.id);
      await resetTwoFactorByAdmin(deps, requireAuthenticated(request), id);
      return ok(undefined, '用户2FA已被强制禁用');
    },
  );

  api.post('/user/login/2fa', { onRequest: critical }, async (request, reply) => {
    const { code } = parseInput(twoFactorCodeRequestSchema, request.body);
    const pending = readPendingSignIn(
      request.cookies[PENDING_SIGN_IN_COOKIE_NAME],
      context.config.sessionSecret,
    );
    const signedIn = await completeTwoFactorSignIn(deps, pending, code);
    startSession(reply, context, signedIn);
    reply.clearCookie(PENDING_SIGN_IN_COOKIE_NAME, { path: PENDING_SIGN_IN_COOKIE_PATH });
    return ok(loginUserDto(signedIn));
  });
}
