import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEpay } from '../support/fake-epay.js';
import { subscriptionHarness, type SubscriptionHarness } from '../support/subscription-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const PARTNER_ID = '1001';
const EPAY_KEY = 'merchant-key-0123456789';

describe.each(testDatabaseKinds())('buying a plan through Epay on %s', (kind) => {
  let harness: TestApp;
  let provider: FakeEpay;
  let root: Session;
  let alice: Session;
  let subs: SubscriptionHarness;
  let serverUrl: string;
  let plan: number;

  const db = () => harness.runtime.context.database.db;

  const pay = async (planId: number, method = 'zfb', session = alice) =>
    (
      await harness.call(session, 'POST', '/api/subscription/epay/pay', {
        plan_id: planId,
        payment_method: method,
      })
    ).json();

  /** Pays and posts the form to the provider, which must accept it; returns the trade number. */
  async function openOrder(planId: number, session = alice): Promise<string> {
    const answer = await pay(planId, 'zfb', session);
    expect(answer.message, JSON.stringify(answer)).toBe('success');
    expect((await provider.submit(answer.url, answer.data)).status).toBe(200);
    return answer.data.out_trade_no;
  }

  const order = (tradeNo: string) =>
    db()
      .selectFrom('subscription_orders')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();

  const topUpLogs = (userId: number) =>
    db()
      .selectFrom('logs')
      .select('content')
      .where('user_id', '=', userId)
      .where('type', '=', 1)
      .execute();

  beforeAll(async () => {
    harness = await createTestApp(kind);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    serverUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    provider = await FakeEpay.start({ partnerId: PARTNER_ID, key: EPAY_KEY });
    // The pay calls are under the critical rate limit (20 per 20 minutes and address).
    harness.config.criticalRateLimit.limit = 10_000;
    root = await harness.setupRoot();
    subs = subscriptionHarness(
      () => harness,
      () => root,
    );
    alice = await subs.user('alice');
    await subs.setOption('ServerAddress', serverUrl);
    await subs.setOption('GroupRatio', '{"default":1,"vip":0.8}');
    plan = await subs.plan({ title: 'Pro', price_amount: 12.5, upgrade_group: 'vip' });
  }, 120_000);
  afterAll(async () => {
    await provider?.close();
    await harness?.close();
  });

  it('refuses what cannot be bought, and pays only when Epay is configured', async () => {
    const disabled = await subs.plan({ title: 'Off', enabled: false });
    const free = await subs.plan({ title: 'Free', price_amount: 0.001 });
    expect(await pay(999_999)).toEqual({ message: 'error', data: '套餐不存在' });
    expect(await pay(disabled)).toEqual({ message: 'error', data: '套餐未启用' });
    expect(await pay(free)).toEqual({ message: 'error', data: '套餐金额过低' });
    expect(await pay(plan, 'bitcoin')).toEqual({ message: 'error', data: '支付方式不存在' });
    expect(await pay(plan)).toEqual({ message: 'error', data: '当前管理员未配置支付信息' });
    expect(
      (await harness.call(undefined, 'POST', '/api/subscription/epay/pay', {})).statusCode,
    ).toBe(401);
    await subs.setOption('PayAddress', provider.url);
    await subs.setOption('EpayId', PARTNER_ID);
    await subs.setOption('EpayKey', EPAY_KEY);
    expect(await db().selectFrom('subscription_orders').select('id').execute()).toEqual([]);
  });

  it('opens a signed order for the plan and completes it once', async () => {
    const answer = await pay(plan);
    expect(answer.url).toBe(`${provider.url}/submit.php`);
    expect(answer.data).toMatchObject({
      money: '12.50',
      name: `SUBPLAN${plan}`,
      notify_url: `${serverUrl}/api/subscription/epay/notify`,
      return_url: `${serverUrl}/api/subscription/epay/return`,
      type: 'alipay',
      pid: PARTNER_ID,
    });
    expect(answer.data.out_trade_no).toMatch(new RegExp(`^SUBUSR${alice.userId}NO\\w{6}\\d+$`));
    expect((await provider.submit(answer.url, answer.data)).status).toBe(200);
    const tradeNo = answer.data.out_trade_no;
    expect(await order(tradeNo)).toMatchObject({ status: 'pending', payment_provider: 'epay' });

    // Tampered, unpaid and wrong-amount notifications complete nothing.
    expect(await provider.notify(tradeNo, { badSignature: true })).toMatchObject({ body: 'fail' });
    expect(await provider.notify(tradeNo, { money: '1.00' })).toMatchObject({ body: 'fail' });
    expect(await provider.notify(tradeNo, { tradeStatus: 'WAIT_BUYER_PAY' })).toMatchObject({
      body: 'fail',
    });
    expect(await subs.subscriptionsOf(alice.userId)).toEqual([]);

    expect(await provider.notify(tradeNo)).toEqual({ status: 200, body: 'success' });
    expect(await provider.notify(tradeNo, { method: 'POST' })).toEqual({
      status: 200,
      body: 'success',
    });
    const held = await subs.subscriptionsOf(alice.userId);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      source: 'order',
      status: 'active',
      prev_user_group: 'default',
    });
    expect((await subs.userRow(alice.userId)).group).toBe('vip');
    const paid = await order(tradeNo);
    expect(paid.status).toBe('success');
    expect(Number(paid.complete_time)).toBeGreaterThan(0);
    expect(JSON.parse(paid.provider_payload ?? '{}')).toMatchObject({ out_trade_no: tradeNo });
    const history = await db()
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'success', payment_method: 'alipay' });
    expect(Number(history[0]!.amount)).toBe(0);
    expect(Number(history[0]!.money)).toBe(12.5);
    expect((await topUpLogs(alice.userId)).map((log) => log.content)).toEqual([
      '订阅购买成功，套餐: Pro，支付金额: 12.50，支付方式: alipay',
    ]);
  });

  it('creates exactly one subscription for ten concurrent notifications', async () => {
    const bob = await subs.user('bob');
    const tradeNo = await openOrder(plan, bob);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        provider.notify(tradeNo, { method: index % 2 ? 'POST' : 'GET' }),
      ),
    );
    expect(answers.every((answer) => answer.body === 'success')).toBe(true);
    expect(await subs.subscriptionsOf(bob.userId)).toHaveLength(1);
    expect(await topUpLogs(bob.userId)).toHaveLength(1);
  });

  it('refuses a new order at the purchase cap, but delivers one opened before it and paid after', async () => {
    const carol = await subs.user('carol');
    const once = await subs.plan({ title: 'Once', price_amount: 3, max_purchase_per_user: 1 });
    const first = await openOrder(once, carol);
    const second = await openOrder(once, carol);
    expect((await provider.notify(first)).body).toBe('success');
    expect(await pay(once, 'zfb', carol)).toEqual({
      message: 'error',
      data: '已达到该套餐购买上限',
    });
    // Paid: the provider confirmed it, so it delivers, cap or not.
    expect((await provider.notify(second)).body).toBe('success');
    expect((await order(second)).status).toBe('success');
    expect(await subs.subscriptionsOf(carol.userId)).toHaveLength(2);
  });

  it('sends the payer back to the wallet with the outcome', async () => {
    const dave = await subs.user('dave');
    const tradeNo = await openOrder(plan, dave);
    const back = async (params: Record<string, string>) => {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/subscription/epay/return?${new URLSearchParams(params).toString()}`,
      });
      expect(response.statusCode).toBe(302);
      return response.headers.location;
    };
    const pending = provider.notification(tradeNo, { tradeStatus: 'WAIT_BUYER_PAY' });
    expect(await back(pending)).toBe(`${serverUrl}/topup?pay=pending&show_history=true`);
    const forged = provider.notification(tradeNo, { badSignature: true });
    expect(await back(forged)).toBe(`${serverUrl}/topup?pay=fail&show_history=true`);
    expect(await subs.subscriptionsOf(dave.userId)).toEqual([]);
    expect(await back(provider.notification(tradeNo))).toBe(
      `${serverUrl}/topup?pay=success&show_history=true`,
    );
    expect(await subs.subscriptionsOf(dave.userId)).toHaveLength(1);
    // The provider's notification afterwards changes nothing more.
    expect((await provider.notify(tradeNo)).body).toBe('success');
    expect(await subs.subscriptionsOf(dave.userId)).toHaveLength(1);
  });
});
