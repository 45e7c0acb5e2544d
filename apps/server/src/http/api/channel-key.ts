import type { FastifyInstance } from 'fastify';
import { revealChannelKey } from '../../channels/channel-key-reveal.js';
import { failure } from '../../errors/app-error.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireRoot } from '../auth.js';
import { ok } from '../envelope.js';
import { noStore } from '../no-store.js';
import { rateLimitHook } from '../rate-limit-hooks.js';
import { secureVerificationGuard } from './secure-verify.js';

/**
 * `POST /api/channel/:id/key` (root, critical limit, never cached, after a secure verification):
 * `{message: "获取成功", data: {key}}`. The limit counts key reveals apart from sign-in's (the
 * same bucket as token keys', token-keys.ts): a first attempt that asks for a verification must
 * not use up the attempts at signing in.
 */
export async function registerChannelKeyRoutes(api: FastifyInstance, context: AppContext) {
  const critical = rateLimitHook(context.rateLimiter, 'KR', context.config.criticalRateLimit);
  api.post<{ Params: { id: string } }>(
    '/channel/:id/key',
    {
      onRequest: [critical, noStore],
      preHandler: [requireRoot(context), secureVerificationGuard(context)],
    },
    async (request) => {
      const text = request.params.id.trim();
      if (!/^\d+$/.test(text) || Number(text) > 2_147_483_647) throw failure('渠道ID格式错误');
      const key = await revealChannelKey(context, requireAuthenticated(request), Number(text));
      return ok({ key }, '获取成功');
    },
  );
}
