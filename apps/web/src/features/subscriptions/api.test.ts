import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAdminPlans, fetchSelfSubscriptions, readBillingPreference } from './api';

function answer(data: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, message: '', data }))),
  );
}

afterEach(() => vi.unstubAllGlobals());

const row = {
  id: 7,
  user_id: 2,
  plan_id: 3,
  amount_total: 1000,
  amount_used: 10,
  start_time: 100,
  end_time: 200,
  status: 'active',
  source: 'admin',
  last_reset_time: 0,
  next_reset_time: 0,
  upgrade_group: '',
  prev_user_group: '',
  created_at: 100,
  updated_at: 100,
};

describe('subscription answers', () => {
  it('reads `{plan}` items, SQLite flags as booleans, and drops rows of another shape', async () => {
    answer([{ plan: { id: 1, title: 'Pro', enabled: 1, price_amount: 9.9 } }, { plan: {} }, 5]);
    const plans = await fetchAdminPlans();
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ id: 1, title: 'Pro', enabled: true, currency: 'USD' });
    expect(plans[0].quota_reset_period).toBe('never');
  });

  it('takes the plan title from the item plan, the row, or the item', async () => {
    answer({
      billing_preference: 'wallet_first',
      subscriptions: [{ subscription: row, plan: { title: 'From plan' } }],
      all_subscriptions: [
        { subscription: { ...row, id: 8, plan_title: 'From row' } },
        { subscription: { ...row, id: 9 }, plan_title: 'From item' },
        { subscription: { ...row, id: 10 } },
      ],
    });
    const self = await fetchSelfSubscriptions();
    expect(self.billingPreference).toBe('wallet_first');
    expect(self.active.map((item) => item.plan_title)).toEqual(['From plan']);
    expect(self.all.map((item) => item.plan_title)).toEqual(['From row', 'From item', '']);
  });

  it('reads an unknown preference as subscription first, as the server does', () => {
    expect(readBillingPreference('subscription_only')).toBe('subscription_only');
    expect(readBillingPreference('both')).toBe('subscription_first');
    expect(readBillingPreference(undefined)).toBe('subscription_first');
  });
});
