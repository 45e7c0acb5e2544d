import {
  subscriptionPlanRequestSchema,
  subscriptionPlanStatusRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createPlan,
  listPlanItems,
  setPlanEnabled,
  updatePlan,
} from '../../subscriptions/plan-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

/**
 * Subscription plans (reference 2026 additions §1.3, §1.4): the admin's list and writes, and the
 * enabled plans any signed-in user may buy. Lists are `data: [{plan}]`, `sort_order desc, id desc`.
 */
export async function registerSubscriptionPlanRoutes(api: FastifyInstance, context: AppContext) {
  const userGuard = { preHandler: requireUser(context) };
  const adminGuard = { preHandler: requireAdmin(context) };

  api.get('/subscription/plans', userGuard, async () => ok(await listPlanItems(context, true)));

  api.get('/subscription/admin/plans', adminGuard, async () =>
    ok(await listPlanItems(context, false)),
  );

  /** Body `{plan}`; `data` is the created plan. */
  api.post('/subscription/admin/plans', adminGuard, async (request) => {
    const { plan } = parseInput(subscriptionPlanRequestSchema, request.body);
    return ok(await createPlan(context, plan));
  });

  /** Body `{plan}`: every column written, zero values included; no `data`. */
  api.put('/subscription/admin/plans/:id', adminGuard, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const { plan } = parseInput(subscriptionPlanRequestSchema, request.body);
    await updatePlan(context, id, plan);
    return ok();
  });

  /** Body `{enabled}`: enables or disables the plan; no `data`. */
  api.patch('/subscription/admin/plans/:id', adminGuard, async (request) => {
    const id = parseId((request.params as { id?: string }).id);
    const { enabled } = parseInput(subscriptionPlanStatusRequestSchema, request.body);
    await setPlanEnabled(context, id, enabled);
    return ok();
  });
}
