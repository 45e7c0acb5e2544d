import type { DatabaseHandle } from '../db/open-database.js';
import type { SubscriptionPlanRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import { randomAlphanumeric } from '../lib/random.js';
import * as plans from './plan-repository.js';
import { PLAN_DISABLED, PLAN_NOT_FOUND, PURCHASE_LIMIT_REACHED } from './subscription-messages.js';
import * as subscriptions from './subscription-repository.js';

/**
 * What every purchase checks before an order is opened (reference 2026 additions §1.5): the plan
 * exists and is enabled, and the buyer is below its purchase cap. The cap is checked again when
 * the subscription is created (subscription-grant.ts), which is what makes it hold.
 */
export async function purchasablePlan(
  database: DatabaseHandle,
  buyerId: number,
  planId: number,
): Promise<SubscriptionPlanRow> {
  const plan = planId > 0 ? await plans.findPlan(database.db, planId) : undefined;
  if (!plan) throw failure(PLAN_NOT_FOUND);
  if (!Number(plan.enabled)) throw failure(PLAN_DISABLED);
  const cap = Number(plan.max_purchase_per_user);
  if (cap > 0) {
    const held = await subscriptions.countPlanSubscriptions(database.db, buyerId, planId);
    if (held >= cap) throw failure(PURCHASE_LIMIT_REACHED);
  }
  return plan;
}

/** The money an order of `plan` asks: its price rounded to the cent (what gateways charge). */
export function orderMoney(plan: SubscriptionPlanRow): number {
  return Number(Number(plan.price_amount).toFixed(2));
}

/** An Epay subscription trade number: `SUBUSR<user>NO<6 random><unix seconds>` (new-api's). */
export function epayTradeNo(buyerId: number, now: number): string {
  return `SUBUSR${buyerId}NO${randomAlphanumeric(6)}${now}`;
}
