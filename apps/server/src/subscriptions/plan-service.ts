/**
 * Plans (reference 2026 additions §1.3, §1.4): the admin's list and writes, and the enabled plans
 * users may buy. There is no delete: a plan is disabled, and subscriptions keep their snapshots.
 */
import type {
  SubscriptionPlan,
  SubscriptionPlanInput,
  SubscriptionPlanItem,
} from '@tollgate/contracts';
import { insertReturningId, nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import { failure } from '../errors/app-error.js';
import type { OptionStore } from '../options/option-store.js';
import { planDto } from './subscription-dto.js';
import { planValues } from './plan-rules.js';
import * as plans from './plan-repository.js';
import { PLAN_NOT_FOUND } from './subscription-messages.js';

export interface PlanDeps {
  database: DatabaseHandle;
  options: OptionStore;
}

/** `GET /api/subscription/admin/plans` (every plan) and `GET /api/subscription/plans` (enabled). */
export async function listPlanItems(
  deps: Pick<PlanDeps, 'database'>,
  onlyEnabled: boolean,
): Promise<SubscriptionPlanItem[]> {
  const rows = await plans.listPlans(deps.database.db, onlyEnabled);
  return rows.map((row) => ({ plan: planDto(row) }));
}

function checkedValues(deps: PlanDeps, input: SubscriptionPlanInput) {
  const ratios = deps.options.getJson('GroupRatio');
  return planValues(input, (group) => Object.hasOwn(ratios, group));
}

async function existingPlan(deps: Pick<PlanDeps, 'database'>, id: number) {
  const plan = await plans.findPlan(deps.database.db, id);
  if (!plan) throw failure(PLAN_NOT_FOUND);
  return plan;
}

/** `POST /api/subscription/admin/plans`: the created plan. */
export async function createPlan(
  deps: PlanDeps,
  input: SubscriptionPlanInput,
): Promise<SubscriptionPlan> {
  const values = checkedValues(deps, input);
  const now = nowSeconds();
  const id = await insertReturningId(deps.database, 'subscription_plans', {
    ...values,
    created_at: now,
    updated_at: now,
  });
  return planDto(await existingPlan(deps, id));
}

/** `PUT /api/subscription/admin/plans/:id`: every column written, zero values included. */
export async function updatePlan(
  deps: PlanDeps,
  id: number,
  input: SubscriptionPlanInput,
): Promise<void> {
  await existingPlan(deps, id);
  await plans.updatePlan(deps.database.db, id, checkedValues(deps, input), nowSeconds());
}

/** `PATCH /api/subscription/admin/plans/:id`: enables or disables the plan. */
export async function setPlanEnabled(
  deps: Pick<PlanDeps, 'database'>,
  id: number,
  enabled: boolean,
): Promise<void> {
  await existingPlan(deps, id);
  await plans.setPlanEnabled(deps.database.db, id, enabled, nowSeconds());
}
