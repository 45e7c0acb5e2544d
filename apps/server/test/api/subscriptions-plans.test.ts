import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionHarness, type SubscriptionHarness } from '../support/subscription-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const PLANS = '/api/subscription/admin/plans';

describe.each(testDatabaseKinds())('subscription plans and preferences on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  let subs: SubscriptionHarness;

  const refusal = async (method: string, url: string, body: unknown) => {
    const answer = (await harness.call(root, method, url, body)).json();
    expect(answer.success).toBe(false);
    return answer.message as string;
  };

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    subs = subscriptionHarness(
      () => harness,
      () => root,
    );
    alice = await subs.user('alice');
    await subs.setOption('GroupRatio', '{"default":1,"vip":0.8}');
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses plans that break a rule, with the reason', async () => {
    const create = (plan: Record<string, unknown>) =>
      refusal('POST', PLANS, { plan: { title: 'Pro', ...plan } });
    expect(await create({ title: '  ' })).toBe('套餐标题不能为空');
    expect(await create({ price_amount: -1 })).toBe('套餐价格必须在 0 到 9999 之间');
    expect(await create({ price_amount: 9999.01 })).toBe('套餐价格必须在 0 到 9999 之间');
    expect(await create({ max_purchase_per_user: -1 })).toBe('购买上限不能为负数');
    expect(await create({ total_amount: -5 })).toBe('总额度不能为负数');
    expect(await create({ upgrade_group: 'gold' })).toBe('升级分组不存在');
    expect(await create({ quota_reset_period: 'custom' })).toBe('自定义重置周期必须大于0');
    expect(await create({ duration_unit: 'custom', custom_seconds: 0 })).toBe(
      '自定义时长必须大于0',
    );
    expect(await create({ title: 7 })).toMatch(/^无效的参数：plan\.title/);
    const listed = (await harness.call(root, 'GET', PLANS)).json();
    expect(listed).toEqual({ success: true, message: '', data: [] });
  });

  it('normalises what it stores and answers the created plan', async () => {
    const answer = (
      await harness.call(root, 'POST', PLANS, {
        plan: {
          title: ' Starter ',
          price_amount: 4.5,
          currency: 'EUR',
          duration_unit: 'fortnight',
          duration_value: 0,
          quota_reset_period: 'hourly',
          upgrade_group: ' vip ',
          total_amount: 500,
        },
      })
    ).json();
    expect(answer.success, answer.message).toBe(true);
    expect(answer.data).toMatchObject({
      title: 'Starter',
      price_amount: 4.5,
      currency: 'USD',
      duration_unit: 'month',
      duration_value: 1,
      quota_reset_period: 'never',
      upgrade_group: 'vip',
      total_amount: 500,
      enabled: true,
      max_purchase_per_user: 0,
    });
    expect(answer.data.id).toBeGreaterThan(0);
    expect(answer.data.created_at).toBeGreaterThan(0);
  });

  it('lists by sort order then newest, writes every column on PUT, toggles on PATCH', async () => {
    const low = await subs.plan({ title: 'Low', sort_order: 1 });
    const high = await subs.plan({ title: 'High', sort_order: 5, subtitle: 'best' });
    const titles = async (url: string, session = root) =>
      (
        (await harness.call(session, 'GET', url)).json().data as Array<{ plan: { title: string } }>
      ).map((item) => item.plan.title);
    expect(await titles(PLANS)).toEqual(['High', 'Low', 'Starter']);

    const put = (
      await harness.call(root, 'PUT', `${PLANS}/${high}`, { plan: { title: 'High' } })
    ).json();
    expect(put).toEqual({ success: true, message: '' });
    const rewritten = (await harness.call(root, 'GET', PLANS)).json().data[0].plan;
    // Zero values are written: sort order 0 and no subtitle now.
    expect(rewritten).toMatchObject({ id: low, title: 'Low', sort_order: 1 });
    expect(await titles(PLANS)).toEqual(['Low', 'High', 'Starter']);
    const highNow = (await harness.call(root, 'GET', PLANS)).json().data[1].plan;
    expect(highNow).toMatchObject({ title: 'High', subtitle: '', sort_order: 0, total_amount: 0 });

    expect(await refusal('PUT', `${PLANS}/99999`, { plan: { title: 'X' } })).toBe('套餐不存在');
    expect(await refusal('PUT', `${PLANS}/${high}`, { plan: { title: '' } })).toBe(
      '套餐标题不能为空',
    );
    expect(await refusal('PATCH', `${PLANS}/${high}`, {})).toMatch(/^无效的参数：enabled/);
    expect(await refusal('PATCH', `${PLANS}/99999`, { enabled: false })).toBe('套餐不存在');
    const patched = (
      await harness.call(root, 'PATCH', `${PLANS}/${low}`, { enabled: false })
    ).json();
    expect(patched).toEqual({ success: true, message: '' });
    expect(await titles('/api/subscription/plans', alice)).toEqual(['High', 'Starter']);
    await harness.call(root, 'PATCH', `${PLANS}/${low}`, { enabled: true });
    expect(await titles('/api/subscription/plans', alice)).toEqual(['Low', 'High', 'Starter']);
  });

  it('keeps admin routes to admins and user routes to signed-in users', async () => {
    const forbidden = { success: false, message: '无权进行此操作，权限不足' };
    expect((await harness.call(alice, 'GET', PLANS)).json()).toEqual(forbidden);
    expect((await harness.call(alice, 'POST', PLANS, { plan: { title: 'X' } })).json()).toEqual(
      forbidden,
    );
    const bind = { user_id: alice.userId, plan_id: 1 };
    expect(
      (await harness.call(alice, 'POST', '/api/subscription/admin/bind', bind)).json(),
    ).toEqual(forbidden);
    for (const url of ['/api/subscription/plans', '/api/subscription/self']) {
      expect((await harness.call(undefined, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('answers refusals in English for an English console', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: PLANS,
      headers: {
        cookie: root.cookie,
        'new-api-user': String(root.userId),
        'accept-language': 'en',
      },
      payload: { plan: { title: '' } },
    });
    expect(response.json()).toEqual({
      success: false,
      message: 'The plan title must not be empty',
    });
  });

  it('stores the billing preference in the user setting, keeping the setting', async () => {
    const self = async () => (await harness.call(alice, 'GET', '/api/subscription/self')).json();
    expect(await self()).toEqual({
      success: true,
      message: '',
      data: { billing_preference: 'subscription_first', subscriptions: [], all_subscriptions: [] },
    });
    const setting = {
      notify_type: 'email',
      quota_warning_threshold: 1000,
      notification_email: 'alice@example.com',
    };
    expect((await harness.call(alice, 'PUT', '/api/user/setting', setting)).json().success).toBe(
      true,
    );
    const prefer = async (value: unknown) =>
      (
        await harness.call(alice, 'PUT', '/api/subscription/self/preference', {
          billing_preference: value,
        })
      ).json();
    expect(await prefer('wallet_first')).toEqual({
      success: true,
      message: '',
      data: { billing_preference: 'wallet_first' },
    });
    expect((await self()).data.billing_preference).toBe('wallet_first');
    const stored = JSON.parse((await subs.userRow(alice.userId)).setting ?? '{}');
    expect(stored).toMatchObject({
      billing_preference: 'wallet_first',
      notification_email: 'alice@example.com',
    });
    // Saving the notification settings keeps the preference.
    expect((await harness.call(alice, 'PUT', '/api/user/setting', setting)).json().success).toBe(
      true,
    );
    expect((await self()).data.billing_preference).toBe('wallet_first');
    expect((await prefer('wallet_maybe')).data).toEqual({
      billing_preference: 'subscription_first',
    });
    expect((await prefer('subscription_only')).data.billing_preference).toBe('subscription_only');
    expect((await prefer('wallet_only')).data.billing_preference).toBe('wallet_only');
    expect((await self()).data.billing_preference).toBe('wallet_only');
  });
});
