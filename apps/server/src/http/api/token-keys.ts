import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  deleteOwnTokens,
  revealOwnTokenKeys,
  revealTokenKey,
} from '../../tokens/token-key-service.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { noStore } from '../no-store.js';
import { parseId, parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';

const tokenIdsSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000),
});

/**
 * Full token keys, now that lists show them masked (new-api 1.0, additions §6.3), and deleting
 * several tokens at once. Key answers are never cached and are under the critical limits, counted
 * apart from sign-in's so copying keys never locks a user out of signing in.
 */
export async function registerTokenKeyRoutes(api: FastifyInstance, context: AppContext) {
  const keyLimit = rateLimitHook(context.rateLimiter, 'KR', context.config.criticalRateLimit);
  const reveal = { onRequest: [keyLimit, noStore], preHandler: requireUser(context) };

  /** `data: {key}`: the key as stored (without `sk-`; the console adds it when copying). */
  api.post<{ Params: { id: string } }>('/token/:id/key', reveal, async (request) => {
    const reader = requireAuthenticated(request);
    const key = await revealTokenKey(context, reader, parseId(request.params.id));
    return ok({ key });
  });

  /** `data: {keys: {<id>: <key>}}` of the caller's own tokens among `ids` (at most 100). */
  api.post('/token/batch/keys', reveal, async (request) => {
    const { ids } = parseInput(tokenIdsSchema, request.body);
    const owner = requireAuthenticated(request).id;
    return ok({ keys: await revealOwnTokenKeys(context, owner, ids) });
  });

  /** `data`: how many of the caller's own tokens among `ids` were deleted. */
  api.post('/token/batch', { preHandler: requireUser(context) }, async (request) => {
    const { ids } = parseInput(tokenIdsSchema, request.body);
    return ok(await deleteOwnTokens(context, requireAuthenticated(request).id, ids));
  });
}
