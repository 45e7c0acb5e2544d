import { describe, expect, it } from 'vitest';
import type { SubscriptionPlan } from '../api';
import {
  newPlanFormValues,
  planFormValuesOf,
  readPlanForm,
  type PlanFormValues,
} from './plan-form-values';

const valid = (changes: Partial<PlanFormValues> = {}): PlanFormValues => ({
  ...newPlanFormValues(),
  title: 'Pro',
  price_amount: 9.9,
  total_amount: 5_000_000,
  ...changes,
});

function problemOf(values: PlanFormValues) {
  const result = readPlanForm(values);
  return result.ok ? null : { field: result.field, problem: result.problem };
}

describe('readPlanForm', () => {
  it('builds the plan to send, trimmed, with unused custom values as 0', () => {
    const result = readPlanForm(
      valid({
        title: '  Pro  ',
        subtitle: ' monthly ',
        custom_seconds: 500,
        quota_reset_custom_seconds: 60,
        upgrade_group: ' vip ',
        stripe_price_id: ' price_1 ',
      }),
    );
    expect(result).toEqual({
      ok: true,
      fields: {
        title: 'Pro',
        subtitle: 'monthly',
        price_amount: 9.9,
        currency: 'USD',
        duration_unit: 'month',
        duration_value: 1,
        custom_seconds: 0,
        enabled: true,
        sort_order: 0,
        stripe_price_id: 'price_1',
        creem_product_id: '',
        max_purchase_per_user: 0,
        upgrade_group: 'vip',
        total_amount: 5_000_000,
        quota_reset_period: 'never',
        quota_reset_custom_seconds: 0,
      },
    });
  });

  it('requires a title', () => {
    expect(problemOf(valid({ title: '   ' }))).toEqual({
      field: 'title',
      problem: 'titleRequired',
    });
    expect(problemOf(valid({ title: 'x'.repeat(129) }))?.problem).toBe('titleTooLong');
    expect(problemOf(valid({ title: 'x'.repeat(128) }))).toBeNull();
  });

  it('keeps the price between 0 and 9999', () => {
    expect(problemOf(valid({ price_amount: 0 }))).toBeNull();
    expect(problemOf(valid({ price_amount: 9999 }))).toBeNull();
    expect(problemOf(valid({ price_amount: 9999.01 }))?.problem).toBe('priceRange');
    expect(problemOf(valid({ price_amount: -0.01 }))?.problem).toBe('priceRange');
    expect(problemOf(valid({ price_amount: null }))?.problem).toBe('priceRange');
  });

  it('needs a whole duration of at least 1, or seconds above 0 for a custom one', () => {
    expect(problemOf(valid({ duration_value: 0 }))).toEqual({
      field: 'duration_value',
      problem: 'durationValue',
    });
    expect(problemOf(valid({ duration_value: 1.5 }))?.problem).toBe('durationValue');
    expect(problemOf(valid({ duration_unit: 'custom', custom_seconds: 0 }))).toEqual({
      field: 'custom_seconds',
      problem: 'customSeconds',
    });
    // A custom duration ignores the count of units.
    const custom = readPlanForm(
      valid({ duration_unit: 'custom', custom_seconds: 3600, duration_value: null }),
    );
    expect(custom.ok && [custom.fields.duration_value, custom.fields.custom_seconds]).toEqual([
      1, 3600,
    ]);
  });

  it('needs seconds above 0 for a custom reset only', () => {
    expect(
      problemOf(valid({ quota_reset_period: 'custom', quota_reset_custom_seconds: 0 })),
    ).toEqual({ field: 'quota_reset_custom_seconds', problem: 'resetSeconds' });
    expect(problemOf(valid({ quota_reset_period: 'daily', quota_reset_custom_seconds: 0 }))).toBe(
      null,
    );
    const custom = readPlanForm(
      valid({ quota_reset_period: 'custom', quota_reset_custom_seconds: 86_400 }),
    );
    expect(custom.ok && custom.fields.quota_reset_custom_seconds).toBe(86_400);
  });

  it('refuses negative or fractional quota and purchase caps', () => {
    expect(problemOf(valid({ total_amount: -1 }))?.problem).toBe('totalAmount');
    expect(problemOf(valid({ total_amount: 1.5 }))?.problem).toBe('totalAmount');
    expect(problemOf(valid({ total_amount: 0 }))).toBeNull();
    expect(problemOf(valid({ max_purchase_per_user: -1 }))?.problem).toBe('purchaseCap');
    expect(problemOf(valid({ max_purchase_per_user: null }))?.problem).toBe('purchaseCap');
  });

  it('bounds the gateway ids and wants a whole sort', () => {
    expect(problemOf(valid({ creem_product_id: 'p'.repeat(129) }))).toEqual({
      field: 'creem_product_id',
      problem: 'gatewayIdTooLong',
    });
    expect(problemOf(valid({ stripe_price_id: 'p'.repeat(129) }))?.field).toBe('stripe_price_id');
    expect(problemOf(valid({ sort_order: 0.5 }))?.problem).toBe('sortOrder');
    const empty = readPlanForm(valid({ sort_order: null }));
    expect(empty.ok && empty.fields.sort_order).toBe(0);
  });
});

describe('planFormValuesOf', () => {
  const plan: SubscriptionPlan = {
    id: 3,
    title: 'Pro',
    subtitle: '',
    price_amount: 5,
    currency: '',
    duration_unit: 'fortnight',
    duration_value: 2,
    custom_seconds: 0,
    enabled: false,
    sort_order: 4,
    stripe_price_id: '',
    creem_product_id: '',
    max_purchase_per_user: 1,
    upgrade_group: 'vip',
    total_amount: 100,
    quota_reset_period: 'hourly',
    quota_reset_custom_seconds: 0,
    created_at: 1,
    updated_at: 2,
  };

  it('reads unknown units and periods as the server does', () => {
    const values = planFormValuesOf(plan);
    expect(values.duration_unit).toBe('month');
    expect(values.quota_reset_period).toBe('never');
    expect(values.enabled).toBe(false);
    expect(readPlanForm(values).ok).toBe(true);
  });
});
