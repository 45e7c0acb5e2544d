import type { Kysely } from 'kysely';
import type { Database, SubscriptionPlanRow } from '../db/schema.js';
import type { PlanValues } from './plan-rules.js';

/** Plain query functions over `subscription_plans`. Lists are `sort_order desc, id desc`. */

type Db = Kysely<Database>;

export async function listPlans(db: Db, onlyEnabled: boolean): Promise<SubscriptionPlanRow[]> {
  let query = db.selectFrom('subscription_plans').selectAll();
  if (onlyEnabled) query = query.where('enabled', '=', true);
  return query.orderBy('sort_order', 'desc').orderBy('id', 'desc').execute();
}

export async function findPlan(db: Db, id: number): Promise<SubscriptionPlanRow | undefined> {
  return db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPlans(db: Db, ids: readonly number[]): Promise<SubscriptionPlanRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** Writes every column of plan `id`. */
export async function updatePlan(db: Db, id: number, values: PlanValues, now: number) {
  await db
    .updateTable('subscription_plans')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setPlanEnabled(db: Db, id: number, enabled: boolean, now: number) {
  await db
    .updateTable('subscription_plans')
    .set({ enabled, updated_at: now })
    .where('id', '=', id)
    .execute();
}
