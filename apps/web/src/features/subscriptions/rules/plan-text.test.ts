import { describe, expect, it } from 'vitest';
import { durationText, purchaseCapReached, remainingQuota, resetText } from './plan-text';

describe('durationText', () => {
  it('counts whole units, at least one', () => {
    expect(durationText({ duration_unit: 'month', duration_value: 3, custom_seconds: 0 })).toEqual({
      key: 'duration.month',
      values: { count: 3 },
    });
    expect(durationText({ duration_unit: 'year', duration_value: 0, custom_seconds: 0 })).toEqual({
      key: 'duration.year',
      values: { count: 1 },
    });
  });

  it('gives seconds for a custom duration', () => {
    expect(
      durationText({ duration_unit: 'custom', duration_value: 1, custom_seconds: 90 }),
    ).toEqual({ key: 'duration.custom', values: { seconds: 90 } });
    expect(durationText({ duration_unit: 'week', duration_value: 1, custom_seconds: 0 }).key).toBe(
      'duration.unknown',
    );
  });
});

describe('resetText', () => {
  it('names the period, with seconds for a custom one, and never for anything else', () => {
    expect(resetText({ quota_reset_period: 'weekly', quota_reset_custom_seconds: 0 })).toEqual({
      key: 'reset.weekly',
    });
    expect(resetText({ quota_reset_period: 'custom', quota_reset_custom_seconds: 600 })).toEqual({
      key: 'reset.custom',
      values: { seconds: 600 },
    });
    expect(resetText({ quota_reset_period: 'yearly', quota_reset_custom_seconds: 0 }).key).toBe(
      'reset.never',
    );
  });
});

describe('remainingQuota', () => {
  it('is the total less what was used, never below 0, and null when unlimited', () => {
    expect(remainingQuota({ amount_total: 1000, amount_used: 250 })).toBe(750);
    expect(remainingQuota({ amount_total: 1000, amount_used: 1200 })).toBe(0);
    expect(remainingQuota({ amount_total: 0, amount_used: 50 })).toBeNull();
  });
});

describe('purchaseCapReached', () => {
  const held = [{ plan_id: 1 }, { plan_id: 1 }, { plan_id: 2 }];

  it('counts every subscription of the plan against its cap', () => {
    expect(purchaseCapReached({ id: 1, max_purchase_per_user: 2 }, held)).toBe(true);
    expect(purchaseCapReached({ id: 1, max_purchase_per_user: 3 }, held)).toBe(false);
    expect(purchaseCapReached({ id: 2, max_purchase_per_user: 1 }, held)).toBe(true);
    expect(purchaseCapReached({ id: 3, max_purchase_per_user: 1 }, held)).toBe(false);
  });

  it('never stops a plan without a cap', () => {
    expect(purchaseCapReached({ id: 1, max_purchase_per_user: 0 }, held)).toBe(false);
  });
});
