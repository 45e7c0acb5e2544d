import { BILLING_PREFERENCES, type BillingPreference } from '@tollgate/contracts';
import { z } from 'zod';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/**
 * The subscription routes of the console API (`/api/subscription/…`): plans (admin CRUD and the
 * user's list), the user's own subscriptions and billing preference, and an admin's management of
 * a user's subscriptions. Purchases are the wallet's (they answer like its top-up pay calls).
 */

const text = z.string().catch('');
const whole = z.number().catch(0);
/** SQLite answers booleans as 0 and 1. */
const flag = z.union([z.boolean(), z.number().transform((value) => value !== 0)]).catch(false);

/** A plan (`subscription_plans` row). */
export const subscriptionPlanSchema = z.object({
  id: z.number(),
  title: text,
  subtitle: text,
  /** Money, in `currency`. */
  price_amount: whole,
  currency: z.string().catch('USD'),
  /** `year`, `month`, `day`, `hour` or `custom` (then `custom_seconds`). */
  duration_unit: z.string().catch('month'),
  duration_value: z.number().catch(1),
  custom_seconds: whole,
  enabled: flag,
  sort_order: whole,
  stripe_price_id: text,
  creem_product_id: text,
  /** 0 = no cap. */
  max_purchase_per_user: whole,
  upgrade_group: text,
  /** Quota units per reset period; 0 = unlimited. */
  total_amount: whole,
  /** `never`, `daily`, `weekly`, `monthly` or `custom` (then `quota_reset_custom_seconds`). */
  quota_reset_period: z.string().catch('never'),
  quota_reset_custom_seconds: whole,
  created_at: whole,
  updated_at: whole,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** The plan fields a create or update sends (the row without its id and times). */
export type PlanFields = Omit<SubscriptionPlan, 'id' | 'created_at' | 'updated_at'>;

/** A subscription a user holds (`user_subscriptions` row), with the plan's title when given. */
export const userSubscriptionSchema = z.object({
  id: z.number(),
  user_id: whole,
  plan_id: whole,
  /** Quota per period; 0 = unlimited. */
  amount_total: whole,
  amount_used: whole,
  start_time: whole,
  end_time: whole,
  /** `active`, `expired` or `cancelled`. */
  status: text,
  /** `order` (paid) or `admin` (bound by an admin). */
  source: text,
  last_reset_time: whole,
  /** 0 when no reset is left. */
  next_reset_time: whole,
  upgrade_group: text,
  /** The plan's title; the server may send it beside the row or in a `plan` object. */
  plan_title: text,
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/** The billing preferences `PUT /api/subscription/self/preference` accepts. */
export const billingPreferences = BILLING_PREFERENCES;
export type { BillingPreference };

/** What `GET /api/subscription/self` answers, read. */
export interface SelfSubscriptions {
  billingPreference: BillingPreference;
  /** Active and not past their end, the latest ending first. */
  active: UserSubscription[];
  /** Every subscription the user ever held (for the purchase caps). */
  all: UserSubscription[];
}

/** Reads a preference; anything unknown is the default, as the server reads it. */
export function readBillingPreference(value: unknown): BillingPreference {
  return billingPreferences.find((preference) => preference === value) ?? 'subscription_first';
}

/** A `{plan: {...}}` item (or a bare plan); null when it has no plan's shape. */
function planOf(item: unknown): SubscriptionPlan | null {
  const row = isRecord(item) && isRecord(item.plan) ? item.plan : item;
  const parsed = subscriptionPlanSchema.safeParse(row);
  return parsed.success ? parsed.data : null;
}

function plansOf(data: unknown): SubscriptionPlan[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => {
    const plan = planOf(item);
    return plan ? [plan] : [];
  });
}

/**
 * A `{subscription: {...}, plan?: {...}}` item (or a bare row). The plan's title is taken from the
 * item's plan, else from the row's own `plan_title` (or the item's), whichever the server sent.
 */
function subscriptionOf(item: unknown): UserSubscription | null {
  if (!isRecord(item)) return null;
  const row = isRecord(item.subscription) ? item.subscription : item;
  const parsed = userSubscriptionSchema.safeParse(row);
  if (!parsed.success) return null;
  const plan = isRecord(item.plan) ? item.plan : undefined;
  const title = [plan?.title, parsed.data.plan_title, item.plan_title].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return { ...parsed.data, plan_title: title ?? '' };
}

function subscriptionsOf(data: unknown): UserSubscription[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item) => {
    const subscription = subscriptionOf(item);
    return subscription ? [subscription] : [];
  });
}

/** `GET /api/subscription/admin/plans` (admin): every plan, `data: [{plan}]`. */
export async function fetchAdminPlans(): Promise<SubscriptionPlan[]> {
  return plansOf(await http.get<unknown>('/api/subscription/admin/plans'));
}

/** `POST /api/subscription/admin/plans {plan}` (admin). */
export function createPlan(fields: PlanFields): Promise<unknown> {
  return http.post<unknown>('/api/subscription/admin/plans', { plan: fields });
}

/** `PUT /api/subscription/admin/plans/{id} {plan}` (admin): users' subscriptions keep their snapshots. */
export function updatePlan({ id, fields }: { id: number; fields: PlanFields }): Promise<unknown> {
  return http.put<unknown>(`/api/subscription/admin/plans/${id}`, { plan: { ...fields, id } });
}

/** `PATCH /api/subscription/admin/plans/{id} {enabled}` (admin): offers or withdraws a plan. */
export function setPlanEnabled({ id, enabled }: { id: number; enabled: boolean }) {
  return http.patch<unknown>(`/api/subscription/admin/plans/${id}`, { enabled });
}

/** `GET /api/group/`: the group names a plan may move its buyers to. */
export async function fetchGroupNames(): Promise<string[]> {
  const data = await http.get<unknown>('/api/group/');
  return Array.isArray(data) ? data.filter((name): name is string => typeof name === 'string') : [];
}

/** `GET /api/subscription/plans`: the plans on sale (enabled), `data: [{plan}]`. */
export async function fetchPlansOnSale(): Promise<SubscriptionPlan[]> {
  return plansOf(await http.get<unknown>('/api/subscription/plans'));
}

/** `GET /api/subscription/self`: the user's preference and subscriptions. */
export async function fetchSelfSubscriptions(): Promise<SelfSubscriptions> {
  const data = await http.get<unknown>('/api/subscription/self');
  const record = isRecord(data) ? data : {};
  return {
    billingPreference: readBillingPreference(record.billing_preference),
    active: subscriptionsOf(record.subscriptions),
    all: subscriptionsOf(record.all_subscriptions),
  };
}

/** `PUT /api/subscription/self/preference {billing_preference}`: answers the stored preference. */
export async function saveBillingPreference(
  preference: BillingPreference,
): Promise<BillingPreference> {
  const data = await http.put<unknown>('/api/subscription/self/preference', {
    billing_preference: preference,
  });
  return readBillingPreference(isRecord(data) ? data.billing_preference : preference);
}

/** `GET /api/subscription/admin/users/{id}/subscriptions` (admin): all of them, any status. */
export async function fetchUserSubscriptions(userId: number): Promise<UserSubscription[]> {
  return subscriptionsOf(
    await http.get<unknown>(`/api/subscription/admin/users/${userId}/subscriptions`),
  );
}

/** The server's note on a change of the user's group ("moves to group x"), '' when none. */
function noteOf(envelope: { message: string; data: unknown }): string {
  if (isRecord(envelope.data) && typeof envelope.data.message === 'string') {
    return envelope.data.message;
  }
  return envelope.message;
}

/**
 * `POST /api/subscription/admin/users/{id}/subscriptions {plan_id}` (admin): gives the user the
 * plan without payment. Answers the server's note on the user's group ('' when unchanged).
 */
export async function bindPlan({ userId, planId }: { userId: number; planId: number }) {
  return noteOf(
    await http.envelope<unknown>('POST', `/api/subscription/admin/users/${userId}/subscriptions`, {
      body: { plan_id: planId },
    }),
  );
}

/** `POST /api/subscription/admin/user_subscriptions/{id}/invalidate` (admin): ends it now. */
export async function invalidateSubscription(id: number): Promise<string> {
  return noteOf(
    await http.envelope<unknown>(
      'POST',
      `/api/subscription/admin/user_subscriptions/${id}/invalidate`,
    ),
  );
}

/** `DELETE /api/subscription/admin/user_subscriptions/{id}` (admin): removes the row. */
export async function deleteSubscription(id: number): Promise<string> {
  return noteOf(
    await http.envelope<unknown>('DELETE', `/api/subscription/admin/user_subscriptions/${id}`),
  );
}
