import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  beginPasskeyLogin,
  beginPasskeyVerification,
  finishPasskeyLogin,
  finishPasskeyVerification,
} from '../../accounts/passkeys/passkey-authentication.js';
import { createPasskeyOneTimeStore } from '../../accounts/passkeys/passkey-one-time-store.js';
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
} from '../../accounts/passkeys/passkey-registration.js';
import type { PasskeyDeps } from '../../accounts/passkeys/passkey-response.js';
import { passkeyStatus, removePasskey } from '../../accounts/passkeys/passkey-status.js';
import { reissueSession } from '../../accounts/secure-verification.js';
import { AppError, failure } from '../../errors/app-error.js';
import { LOG_TYPE, recordAccountLog } from '../../logs/log-writer.js';
import { loginUserDto } from '../../users/user-dto.js';
import { findUserById } from '../../users/user-repository.js';
import { canManage, NO_PERMISSION_UPDATE } from '../../users/user-rules.js';
import type { AppContext } from '../app-context.js';
import { readSession, requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { startSession } from './session.js';

/** The ceremonies' dependencies: challenges in Redis when configured, else the database. */
export function passkeyDeps(context: AppContext): PasskeyDeps {
  return {
    database: context.database,
    options: context.options,
    oneTime: createPasskeyOneTimeStore(
      context.config.sessionSecret,
      context.database,
      context.redis,
    ),
  };
}

/**
 * Passkeys (reference §3): the user's own passkey (status, registration, removal), discoverable
 * sign-in, the passkey step of secure verification (followed by `POST /api/verify`
 * `{method:"passkey"}`) and the admin reset. Ceremonies live in accounts/passkeys/.
 */
export async function registerPasskeyRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);
  const user = { preHandler: requireUser(context) };
  const checked = { onRequest: critical, preHandler: requireUser(context) };
  const deps = passkeyDeps(context);
  const { db } = context.database;

  /** The signed-in user's row (the guard already refused missing and disabled users). */
  async function signedInUser(request: FastifyRequest) {
    const found = await findUserById(db, requireAuthenticated(request).id);
    if (!found) throw new AppError('unauthorized', '未登录', 401);
    return found;
  }

  api.get('/user/passkey', user, async (request) =>
    ok(await passkeyStatus(context.database, requireAuthenticated(request).id)),
  );

  api.post('/user/passkey/register/begin', checked, async (request) => {
    const row = await signedInUser(request);
    const options = await beginPasskeyRegistration(deps, {
      id: row.id,
      username: row.username,
      displayName: row.display_name ?? '',
    });
    return ok({ options });
  });

  api.post('/user/passkey/register/finish', checked, async (request) => {
    await finishPasskeyRegistration(deps, requireAuthenticated(request).id, request.body);
    return ok(undefined, 'Passkey 注册成功');
  });

  api.delete('/user/passkey', checked, async (request) => {
    await removePasskey(context.database, requireAuthenticated(request).id);
    return ok(undefined, 'Passkey 已解绑');
  });

  api.post('/user/passkey/login/begin', { onRequest: critical }, async () =>
    ok({ options: await beginPasskeyLogin(deps) }),
  );

  // The normal sign-in answer and session, as a password sign-in; a passkey is a second factor
  // in itself, so two-factor sign-in does not ask for a code here.
  api.post('/user/passkey/login/finish', { onRequest: critical }, async (request, reply) => {
    const userId = await finishPasskeyLogin(deps, request.body);
    const row = await findUserById(db, userId);
    if (!row) throw failure('用户不存在');
    startSession(reply, context, row);
    return ok(loginUserDto(row));
  });

  api.post('/user/passkey/verify/begin', checked, async (request) =>
    ok({ options: await beginPasskeyVerification(deps, requireAuthenticated(request).id) }),
  );

  api.post('/user/passkey/verify/finish', checked, async (request, reply) => {
    await finishPasskeyVerification(deps, requireAuthenticated(request).id, request.body);
    // A new passkey verification replaces an earlier secure verification of this session: it
    // holds again only once `POST /api/verify` takes the marker.
    const session = readSession(request, context);
    if (session && (session.sv !== undefined || session.svm !== undefined)) {
      const { sv: _verifiedAt, svm: _method, ...rest } = session;
      reissueSession(reply, rest, context.config.sessionSecret);
    }
    return ok(undefined, 'Passkey 验证成功');
  });

  api.delete<{ Params: { id: string } }>(
    '/user/:id/reset_passkey',
    { preHandler: requireAdmin(context) },
    async (request) => {
      const actor = requireAuthenticated(request);
      const target = await findUserById(db, parseId(request.params.id));
      if (!target) throw failure('用户不存在');
      if (!canManage(actor.role, target.role)) throw failure(NO_PERMISSION_UPDATE);
      if (!(await removePasskey(context.database, target.id))) {
        throw failure('该用户尚未绑定 Passkey');
      }
      await recordAccountLog(context.logDatabase.db, {
        userId: target.id,
        username: target.username,
        type: LOG_TYPE.manage,
        content: `管理员 ${actor.username} 重置了 Passkey`,
      });
      return ok(undefined, 'Passkey 已重置');
    },
  );
}
