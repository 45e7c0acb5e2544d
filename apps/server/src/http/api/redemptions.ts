import {
  createRedemptionRequestSchema,
  redeemRequestSchema,
  redemptionPageQuerySchema,
  redemptionSearchQuerySchema,
  updateRedemptionRequestSchema,
  updateRedemptionStatusRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { redeemCode } from '../../redemptions/redeem-service.js';
import {
  createRedemptions,
  deleteRedemption,
  getRedemption,
  listRedemptionPage,
  updateRedemption,
  updateRedemptionStatus,
} from '../../redemptions/redemption-admin-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';
import { rateLimitHook } from '../rate-limit-hooks.js';

/** `?status_only=<anything but empty, 0 or false>` selects the status-only update (`true`, `1`). */
function isStatusOnly(query: unknown): boolean {
  const value = (query as Record<string, unknown> | undefined)?.status_only;
  const text = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  return text !== '' && text !== '0' && text !== 'false';
}

/**
 * Redemption codes (reference §9.1, spec part 2 "Redemption codes"): administration for admins
 * under `/redemption`, and redeeming for any signed-in user at `POST /user/topup`.
 */
export async function registerRedemptionRoutes(api: FastifyInstance, context: AppContext) {
  const adminGuard = { preHandler: requireAdmin(context) };
  const userGuard = { preHandler: requireUser(context) };

  /** `data` is `{items, total, page, page_size}`; `p` is 1-based. */
  api.get('/redemption/', adminGuard, async (request) =>
    ok(await listRedemptionPage(context, parseInput(redemptionPageQuerySchema, request.query))),
  );

  api.get('/redemption/search', adminGuard, async (request) =>
    ok(await listRedemptionPage(context, parseInput(redemptionSearchQuerySchema, request.query))),
  );

  api.get<{ Params: { id: string } }>('/redemption/:id', adminGuard, async (request) =>
    ok(await getRedemption(context, parseId(request.params.id))),
  );

  /** `data` is the list of new keys (the console offers them as a text file). */
  api.post('/redemption/', adminGuard, async (request) => {
    const body = parseInput(createRedemptionRequestSchema, request.body);
    return ok(await createRedemptions(context, requireAuthenticated(request).id, body));
  });

  /** Edit of name and quota, or `?status_only=true` with `{id, status}`; answers the code as saved. */
  api.put('/redemption/', adminGuard, async (request) => {
    if (isStatusOnly(request.query)) {
      const body = parseInput(updateRedemptionStatusRequestSchema, request.body);
      return ok(await updateRedemptionStatus(context, body));
    }
    const body = parseInput(updateRedemptionRequestSchema, request.body);
    return ok(await updateRedemption(context, body));
  });

  // The console calls `DELETE /api/redemption/{id}/`; the router answers both spellings.
  api.delete<{ Params: { id: string } }>('/redemption/:id', adminGuard, async (request) => {
    await deleteRedemption(context, parseId(request.params.id));
    return ok();
  });

  // Guessing keys is bounded like signing in: the critical per-IP limit (20 per 20 minutes).
  const critical = rateLimitHook(context.rateLimiter, 'CT', context.config.criticalRateLimit);

  /** `data` is the quota added to the caller's balance. */
  api.post('/user/topup', { onRequest: critical, ...userGuard }, async (request) => {
    const { key } = parseInput(redeemRequestSchema, request.body);
    const { id, username } = requireAuthenticated(request);
    return ok(await redeemCode(context, { id, username }, key));
  });
}
