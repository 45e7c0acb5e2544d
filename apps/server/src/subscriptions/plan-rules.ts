/**
 * The rules a plan an admin writes must follow (reference 2026 additions §1.3), with new-api's
 * defaults: the currency is always USD, an unknown duration unit is a month, a duration of 0 or
 * less is 1 (except `custom`, which counts `custom_seconds`), an unknown reset period is `never`.
 */
import { SUBSCRIPTION_PRICE_MAX, type SubscriptionPlanInput } from '@tollgate/contracts';
import {
  DURATION_UNITS,
  normaliseResetPeriod,
  type DurationUnit,
} from '../billing/subscription-periods.js';
import { failure } from '../errors/app-error.js';
import {
  PLAN_DURATION_SECONDS_INVALID,
  PLAN_GROUP_MISSING,
  PLAN_PRICE_OUT_OF_RANGE,
  PLAN_PURCHASE_LIMIT_NEGATIVE,
  PLAN_RESET_SECONDS_INVALID,
  PLAN_TITLE_EMPTY,
  PLAN_TOTAL_AMOUNT_NEGATIVE,
} from './subscription-messages.js';

/** The columns a plan write sets (all of them, zero values included, as new-api's update). */
export type PlanValues = Required<SubscriptionPlanInput>;

/** Price digits kept: the column is decimal(10,6) in new-api. */
const PRICE_DECIMALS = 6;

/**
 * Checks and normalises `input`; `groupExists` says whether a group is a key of `GroupRatio`.
 * Throws the first broken rule's message.
 */
export function planValues(
  input: SubscriptionPlanInput,
  groupExists: (group: string) => boolean,
): PlanValues {
  const title = input.title.trim();
  if (title === '') throw failure(PLAN_TITLE_EMPTY);
  const price = input.price_amount;
  if (!Number.isFinite(price) || price < 0 || price > SUBSCRIPTION_PRICE_MAX) {
    throw failure(PLAN_PRICE_OUT_OF_RANGE);
  }
  if (input.max_purchase_per_user < 0) throw failure(PLAN_PURCHASE_LIMIT_NEGATIVE);
  if (input.total_amount < 0) throw failure(PLAN_TOTAL_AMOUNT_NEGATIVE);
  const upgradeGroup = input.upgrade_group.trim();
  if (upgradeGroup !== '' && !groupExists(upgradeGroup)) throw failure(PLAN_GROUP_MISSING);

  const unit: DurationUnit = (DURATION_UNITS as readonly string[]).includes(input.duration_unit)
    ? (input.duration_unit as DurationUnit)
    : 'month';
  if (unit === 'custom' && !(input.custom_seconds > 0)) {
    throw failure(PLAN_DURATION_SECONDS_INVALID);
  }
  const resetPeriod = normaliseResetPeriod(input.quota_reset_period);
  if (resetPeriod === 'custom' && !(input.quota_reset_custom_seconds > 0)) {
    throw failure(PLAN_RESET_SECONDS_INVALID);
  }
  return {
    title,
    subtitle: input.subtitle.trim(),
    price_amount: Number(price.toFixed(PRICE_DECIMALS)),
    currency: 'USD',
    duration_unit: unit,
    duration_value: unit !== 'custom' && input.duration_value <= 0 ? 1 : input.duration_value,
    custom_seconds: unit === 'custom' ? input.custom_seconds : Math.max(0, input.custom_seconds),
    enabled: input.enabled,
    sort_order: input.sort_order,
    stripe_price_id: input.stripe_price_id.trim(),
    creem_product_id: input.creem_product_id.trim(),
    max_purchase_per_user: input.max_purchase_per_user,
    upgrade_group: upgradeGroup,
    total_amount: input.total_amount,
    quota_reset_period: resetPeriod,
    quota_reset_custom_seconds:
      resetPeriod === 'custom'
        ? input.quota_reset_custom_seconds
        : Math.max(0, input.quota_reset_custom_seconds),
  };
}
