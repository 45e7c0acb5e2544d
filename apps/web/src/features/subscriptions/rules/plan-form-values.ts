import {
  SUBSCRIPTION_DURATION_UNITS,
  SUBSCRIPTION_PRICE_MAX,
  SUBSCRIPTION_RESET_PERIODS,
} from '@tollgate/contracts';
import type { PlanFields, SubscriptionPlan } from '../api';

/** The units a plan's duration is counted in. */
export const durationUnits = SUBSCRIPTION_DURATION_UNITS;
export type DurationUnit = (typeof durationUnits)[number];

/** How often a subscription's quota starts again from zero. */
export const resetPeriods = SUBSCRIPTION_RESET_PERIODS;
export type ResetPeriod = (typeof resetPeriods)[number];

/** The server's bounds (mirrored so that the message shows at the field). */
export const planLimits = {
  titleLength: 128,
  subtitleLength: 255,
  priceMax: SUBSCRIPTION_PRICE_MAX,
  gatewayIdLength: 128,
} as const;

/** The server prices every plan in US dollars (whatever a write says). */
export const planCurrency = 'USD';

/** What the plan form edits; numbers are null while a field is empty. */
export interface PlanFormValues {
  title: string;
  subtitle: string;
  price_amount: number | null;
  duration_unit: DurationUnit;
  duration_value: number | null;
  custom_seconds: number | null;
  total_amount: number | null;
  quota_reset_period: ResetPeriod;
  quota_reset_custom_seconds: number | null;
  upgrade_group: string;
  stripe_price_id: string;
  creem_product_id: string;
  max_purchase_per_user: number | null;
  sort_order: number | null;
  enabled: boolean;
}

/** Translation keys (namespace `subscriptions`, under `form.errors`) of the form's refusals. */
export type PlanFormProblem =
  | 'titleRequired'
  | 'titleTooLong'
  | 'subtitleTooLong'
  | 'priceRange'
  | 'durationValue'
  | 'customSeconds'
  | 'totalAmount'
  | 'resetSeconds'
  | 'purchaseCap'
  | 'gatewayIdTooLong'
  | 'sortOrder';

export type PlanFormResult =
  | { ok: true; fields: PlanFields }
  | { ok: false; field: keyof PlanFormValues; problem: PlanFormProblem };

/** A new plan: one month for 0 USD, unlimited quota that never resets, on sale. */
export function newPlanFormValues(): PlanFormValues {
  return {
    title: '',
    subtitle: '',
    price_amount: 0,
    duration_unit: 'month',
    duration_value: 1,
    custom_seconds: 0,
    total_amount: 0,
    quota_reset_period: 'never',
    quota_reset_custom_seconds: 0,
    upgrade_group: '',
    stripe_price_id: '',
    creem_product_id: '',
    max_purchase_per_user: 0,
    sort_order: 0,
    enabled: true,
  };
}

function isDurationUnit(value: string): value is DurationUnit {
  return (durationUnits as readonly string[]).includes(value);
}

function isResetPeriod(value: string): value is ResetPeriod {
  return (resetPeriods as readonly string[]).includes(value);
}

/** The form values of a stored plan (an unknown unit or period shows as the server reads it). */
export function planFormValuesOf(plan: SubscriptionPlan): PlanFormValues {
  return {
    title: plan.title,
    subtitle: plan.subtitle,
    price_amount: plan.price_amount,
    duration_unit: isDurationUnit(plan.duration_unit) ? plan.duration_unit : 'month',
    duration_value: plan.duration_value,
    custom_seconds: plan.custom_seconds,
    total_amount: plan.total_amount,
    quota_reset_period: isResetPeriod(plan.quota_reset_period) ? plan.quota_reset_period : 'never',
    quota_reset_custom_seconds: plan.quota_reset_custom_seconds,
    upgrade_group: plan.upgrade_group,
    stripe_price_id: plan.stripe_price_id,
    creem_product_id: plan.creem_product_id,
    max_purchase_per_user: plan.max_purchase_per_user,
    sort_order: plan.sort_order,
    enabled: plan.enabled,
  };
}

const isWhole = (value: number | null): value is number =>
  value !== null && Number.isSafeInteger(value);

function fail(field: keyof PlanFormValues, problem: PlanFormProblem) {
  return { ok: false, field, problem } as const;
}

/**
 * Checks the form as the server will (reference 1.1, 1.3) and builds the plan to send: a title;
 * a price from 0 to 9999 (US dollars); a whole duration of at least 1, or a positive number of seconds for a
 * custom one; quota per period and purchase cap whole and not negative (0 = unlimited); a
 * positive reset interval for a custom period; ids within their columns. Values a unit or period
 * does not use are sent as 0.
 */
export function readPlanForm(values: PlanFormValues): PlanFormResult {
  const title = values.title.trim();
  if (title === '') return fail('title', 'titleRequired');
  if (title.length > planLimits.titleLength) return fail('title', 'titleTooLong');
  const subtitle = values.subtitle.trim();
  if (subtitle.length > planLimits.subtitleLength) return fail('subtitle', 'subtitleTooLong');

  const price = values.price_amount;
  if (price === null || !Number.isFinite(price) || price < 0 || price > planLimits.priceMax) {
    return fail('price_amount', 'priceRange');
  }

  const custom = values.duration_unit === 'custom';
  if (!custom && !(isWhole(values.duration_value) && values.duration_value >= 1)) {
    return fail('duration_value', 'durationValue');
  }
  if (custom && !(isWhole(values.custom_seconds) && values.custom_seconds > 0)) {
    return fail('custom_seconds', 'customSeconds');
  }

  if (!(isWhole(values.total_amount) && values.total_amount >= 0)) {
    return fail('total_amount', 'totalAmount');
  }
  const customReset = values.quota_reset_period === 'custom';
  if (
    customReset &&
    !(isWhole(values.quota_reset_custom_seconds) && values.quota_reset_custom_seconds > 0)
  ) {
    return fail('quota_reset_custom_seconds', 'resetSeconds');
  }

  if (!(isWhole(values.max_purchase_per_user) && values.max_purchase_per_user >= 0)) {
    return fail('max_purchase_per_user', 'purchaseCap');
  }
  const stripePriceId = values.stripe_price_id.trim();
  if (stripePriceId.length > planLimits.gatewayIdLength) {
    return fail('stripe_price_id', 'gatewayIdTooLong');
  }
  const creemProductId = values.creem_product_id.trim();
  if (creemProductId.length > planLimits.gatewayIdLength) {
    return fail('creem_product_id', 'gatewayIdTooLong');
  }
  const sortOrder = values.sort_order ?? 0;
  if (!Number.isSafeInteger(sortOrder)) return fail('sort_order', 'sortOrder');

  return {
    ok: true,
    fields: {
      title,
      subtitle,
      price_amount: price,
      currency: planCurrency,
      duration_unit: values.duration_unit,
      duration_value: custom ? 1 : (values.duration_value ?? 1),
      custom_seconds: custom ? (values.custom_seconds ?? 0) : 0,
      enabled: values.enabled,
      sort_order: sortOrder,
      stripe_price_id: stripePriceId,
      creem_product_id: creemProductId,
      max_purchase_per_user: values.max_purchase_per_user,
      upgrade_group: values.upgrade_group.trim(),
      total_amount: values.total_amount,
      quota_reset_period: values.quota_reset_period,
      quota_reset_custom_seconds: customReset ? (values.quota_reset_custom_seconds ?? 0) : 0,
    },
  };
}
