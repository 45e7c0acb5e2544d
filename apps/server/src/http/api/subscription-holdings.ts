import {
  billingPreferenceRequestSchema,
  subscriptionBindRequestSchema,
  userSubscriptionCreateRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  bindPlan,
  invalidateSubscription,
  listUserSubscriptionItems,
  removeSubscription,
} from '../../subscriptions/subscription-admin-service.js';
import {
  setBillingPreference,
  subscriptionSelf,
} from '../../subscriptions/subscription-self-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

/**
 * The subscriptions users hold (reference 2026 additions §1.4, §1.7): the user's own view and
 * billing preference, and the admin's bind, list, invalidate and delete. Admin notices about a
 * group change ("用户分组将升级到 …") are the `message` of a successful answer.
 */
export async function registerSubscriptionHoldingRoutes(api: FastifyInstance, context: AppContext) {
  const userGuard = { preHandler: requireUser(context) };
  const adminGuard = { preHandler: requireAdmin(context) };
  const idOf = (params: unknown) => parseId((params as { id?: string }).id);

  /** `data` is `{billing_preference, subscriptions, all_subscriptions}`. */
  api.get('/subscription/self', userGuard, async (request) =>
    ok(await subscriptionSelf(context, requireAuthenticated(request).id)),
  );

  /** `data` is `{billing_preference}` as stored (anything unknown as `subscription_first`). */
  api.put('/subscription/self/preference', userGuard, async (request) => {
    const body = parseInput(billingPreferenceRequestSchema, request.body);
    const userId = requireAuthenticated(request).id;
    return ok(await setBillingPreference(context, userId, body.billing_preference));
  });

  api.post('/subscription/admin/bind', adminGuard, async (request) => {
    const body = parseInput(subscriptionBindRequestSchema, request.body);
    return ok(undefined, await bindPlan(context, body.user_id, body.plan_id));
  });

  /** `data` is `[{subscription, plan}]`, every status. */
  api.get('/subscription/admin/users/:id/subscriptions', adminGuard, async (request) =>
    ok(await listUserSubscriptionItems(context, idOf(request.params))),
  );

  /** `data` is `{message}` (new-api's shape for this route), the notice also in `message`. */
  api.post('/subscription/admin/users/:id/subscriptions', adminGuard, async (request) => {
    const userId = idOf(request.params);
    const body = parseInput(userSubscriptionCreateRequestSchema, request.body);
    const notice = await bindPlan(context, userId, body.plan_id);
    return ok({ message: notice }, notice);
  });

  api.post('/subscription/admin/user_subscriptions/:id/invalidate', adminGuard, async (request) =>
    ok(undefined, await invalidateSubscription(context, idOf(request.params))),
  );

  api.delete('/subscription/admin/user_subscriptions/:id', adminGuard, async (request) =>
    ok(undefined, await removeSubscription(context, idOf(request.params))),
  );
}
