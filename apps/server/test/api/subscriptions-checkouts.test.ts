import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCreem } from '../support/fake-creem.js';
import { FakeStripe } from '../support/fake-stripe.js';
import { subscriptionHarness, type SubscriptionHarness } from '../support/subscription-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const SERVER = 'https://tollgate.example';
const STRIPE = {
  apiSecret: 'sk_test_tollgate',
  webhookSecret: 'whsec_tollgate',
  prices: {
    price_pro: { unitAmount: 1250, currency: 'usd' },
    price_cheap: { unitAmount: 500, currency: 'usd' },
  },
};
const CREEM = {
  apiKey: 'creem_test_key',
  webhookSecret: 'creem_whsec',
  products: { prod_pro: { amount: 1250, currency: 'USD' } },
};

describe.each(testDatabaseKinds())('buying a plan through Stripe and Creem on %s', (kind) => {
  let harness: TestApp;
  let stripe: FakeStripe;
  let creem: FakeCreem;
  let root: Session;
  let subs: SubscriptionHarness;
  let plan: number;

  const db = () => harness.runtime.context.database.db;

  const pay = async (session: Session, gateway: 'stripe' | 'creem', planId = plan) =>
    (
      await harness.call(session, 'POST', `/api/subscription/${gateway}/pay`, { plan_id: planId })
    ).json();

  const order = (tradeNo: string) =>
    db()
      .selectFrom('subscription_orders')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();

  async function openStripe(session: Session, planId = plan) {
    const answer = await pay(session, 'stripe', planId);
    expect(answer.message, JSON.stringify(answer)).toBe('success');
    const checkout = stripe.sessionOfLink(answer.data.pay_link);
    return { checkout, tradeNo: checkout.client_reference_id! };
  }

  async function openCreem(session: Session) {
    const answer = await pay(session, 'creem');
    expect(answer.message, JSON.stringify(answer)).toBe('success');
    const checkout = creem.checkoutOfUrl(answer.data.checkout_url);
    expect(answer.data.order_id).toBe(checkout.request_id);
    return { checkout, tradeNo: checkout.request_id };
  }

  async function deliver(
    url: string,
    header: string,
    delivery: { body: string; signature: string },
  ) {
    const response = await harness.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', [header]: delivery.signature },
      payload: delivery.body,
    });
    return response.statusCode;
  }
  const deliverStripe = (delivery: { body: string; signature: string }) =>
    deliver('/api/stripe/webhook', 'stripe-signature', delivery);
  const deliverCreem = (delivery: { body: string; signature: string }) =>
    deliver('/api/creem/webhook', 'creem-signature', delivery);
  const stripeCompleted = (id: string) => stripe.event('checkout.session.completed', { id });
  const creemCompleted = (checkoutId: string, requestId: string) =>
    creem.event('checkout.completed', {
      id: checkoutId,
      request_id: requestId,
      order: { status: 'paid', type: 'onetime', amount: 1250, currency: 'USD' },
    });

  beforeAll(async () => {
    stripe = await FakeStripe.start(STRIPE);
    creem = await FakeCreem.start(CREEM);
    process.env.STRIPE_API_BASE = stripe.url;
    process.env.CREEM_API_BASE = creem.url;
    harness = await createTestApp(kind);
    // The pay calls are under the critical rate limit (20 per 20 minutes and address).
    harness.config.criticalRateLimit.limit = 10_000;
    root = await harness.setupRoot();
    subs = subscriptionHarness(
      () => harness,
      () => root,
    );
    await subs.setOption('ServerAddress', SERVER);
    plan = await subs.plan({
      title: 'Pro',
      price_amount: 12.5,
      stripe_price_id: 'price_pro',
      creem_product_id: 'prod_pro',
    });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await stripe?.close();
    await creem?.close();
    delete process.env.STRIPE_API_BASE;
    delete process.env.CREEM_API_BASE;
  });

  it('refuses to open checkouts until the plan and the gateways are set up', async () => {
    const alice = await subs.user('alice');
    const bare = await subs.plan({ title: 'Bare', price_amount: 12.5 });
    expect(await pay(alice, 'stripe', bare)).toEqual({
      message: 'error',
      data: '该套餐未配置 StripePriceId',
    });
    expect(await pay(alice, 'stripe')).toEqual({
      message: 'error',
      data: 'Stripe 未配置或密钥无效',
    });
    await subs.setOption('StripeApiSecret', STRIPE.apiSecret);
    expect(await pay(alice, 'stripe')).toEqual({ message: 'error', data: 'Stripe Webhook 未配置' });
    // No top-up price (`StripePriceId`) is needed to sell plans.
    await subs.setOption('StripeWebhookSecret', STRIPE.webhookSecret);
    const cheap = await subs.plan({
      title: 'Cheap',
      price_amount: 12.5,
      stripe_price_id: 'price_cheap',
    });
    expect(await pay(alice, 'stripe', cheap)).toEqual({
      message: 'error',
      data: 'Stripe 价格与套餐价格不一致',
    });
    expect(await pay(alice, 'creem', bare)).toEqual({
      message: 'error',
      data: '该套餐未配置 CreemProductId',
    });
    expect(await pay(alice, 'creem')).toEqual({
      message: 'error',
      data: '当前管理员未配置 Creem 支付信息',
    });
    await subs.setOption('CreemApiKey', CREEM.apiKey);
    await subs.setOption('CreemWebhookSecret', CREEM.webhookSecret);
    expect(await db().selectFrom('subscription_orders').select('id').execute()).toEqual([]);
  });

  it('Stripe: a paid session creates one subscription, whatever is replayed or forged', async () => {
    const bob = await subs.user('bob');
    const { checkout, tradeNo } = await openStripe(bob);
    expect(tradeNo).toMatch(/^sub_ref_[0-9a-f]{40}$/);
    expect(checkout.created_with).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      success_url: `${SERVER}/topup?pay=success&show_history=true`,
      cancel_url: `${SERVER}/topup`,
    });
    expect(await order(tradeNo)).toMatchObject({ status: 'pending', payment_provider: 'stripe' });

    const forged = stripeCompleted(checkout.id);
    expect(await deliverStripe({ ...forged, signature: 't=1,v1=deadbeef' })).toBe(400);
    // Signed, but Stripe says the session is not paid.
    expect(await deliverStripe(stripeCompleted(checkout.id))).toBe(200);
    expect(await subs.subscriptionsOf(bob.userId)).toEqual([]);

    stripe.pay(checkout.id);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => deliverStripe(stripeCompleted(checkout.id))),
    );
    expect(statuses).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await deliverStripe(forged)).toBe(200);
    expect(await subs.subscriptionsOf(bob.userId)).toHaveLength(1);
    expect((await order(tradeNo)).status).toBe('success');
    const history = await db()
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'success',
      payment_method: 'stripe',
      currency: 'usd',
    });
    const logs = await db()
      .selectFrom('logs')
      .select('content')
      .where('user_id', '=', bob.userId)
      .where('type', '=', 1)
      .execute();
    expect(logs.map((log) => log.content)).toEqual([
      '订阅购买成功，套餐: Pro，支付金额: 12.50，支付方式: stripe',
    ]);
  });

  it('Stripe: another amount or currency completes nothing; an expired session expires the order', async () => {
    const carol = await subs.user('carol');
    for (const options of [{ amountTotal: 100 }, { currency: 'eur' }]) {
      const { checkout, tradeNo } = await openStripe(carol);
      stripe.pay(checkout.id, options);
      expect(await deliverStripe(stripeCompleted(checkout.id))).toBe(200);
      expect((await order(tradeNo)).status, JSON.stringify(options)).toBe('pending');
    }
    const { checkout, tradeNo } = await openStripe(carol);
    stripe.expire(checkout.id);
    expect(await deliverStripe(stripe.event('checkout.session.expired', { id: checkout.id }))).toBe(
      200,
    );
    expect((await order(tradeNo)).status).toBe('expired');
    expect(await subs.subscriptionsOf(carol.userId)).toEqual([]);
  });

  it('Creem: a paid checkout creates one subscription; forged, unpaid and replayed deliveries do not', async () => {
    const dave = await subs.user('dave');
    const { checkout, tradeNo } = await openCreem(dave);
    expect(tradeNo).toMatch(/^sub_ref_[0-9a-f]{40}$/);
    expect(checkout.product).toBe('prod_pro');
    expect(await order(tradeNo)).toMatchObject({ status: 'pending', payment_provider: 'creem' });

    const delivery = creemCompleted(checkout.id, tradeNo);
    expect(await deliverCreem({ ...delivery, signature: '00'.repeat(32) })).toBe(401);
    // Claimed paid, but Creem says otherwise.
    expect(await deliverCreem(delivery)).toBe(200);
    expect(await subs.subscriptionsOf(dave.userId)).toEqual([]);

    creem.pay(checkout.id);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => deliverCreem(delivery)));
    expect(statuses).toEqual(Array.from({ length: 8 }, () => 200));
    expect(await subs.subscriptionsOf(dave.userId)).toHaveLength(1);
    expect((await order(tradeNo)).status).toBe('success');
    expect(JSON.parse((await order(tradeNo)).provider_payload ?? '{}')).toMatchObject({
      id: checkout.id,
    });
  });

  it('Creem: another amount completes nothing', async () => {
    const erin = await subs.user('erin');
    const { checkout, tradeNo } = await openCreem(erin);
    creem.pay(checkout.id, { amount: 100 });
    expect(await deliverCreem(creemCompleted(checkout.id, tradeNo))).toBe(200);
    expect((await order(tradeNo)).status).toBe('pending');
    expect(await subs.subscriptionsOf(erin.userId)).toEqual([]);
  });

  it('refuses a callback from a gateway the order was not opened with', async () => {
    const fay = await subs.user('fay');
    const creemOrder = await openCreem(fay);
    const stripeOrder = await openStripe(fay);
    // A Stripe session paid under the Creem order's reference.
    stripeOrder.checkout.client_reference_id = creemOrder.tradeNo;
    stripe.pay(stripeOrder.checkout.id);
    expect(await deliverStripe(stripeCompleted(stripeOrder.checkout.id))).toBe(200);
    expect((await order(creemOrder.tradeNo)).status).toBe('pending');
    // A Creem checkout paid under the Stripe order's reference.
    creemOrder.checkout.request_id = stripeOrder.tradeNo;
    creem.pay(creemOrder.checkout.id);
    expect(await deliverCreem(creemCompleted(creemOrder.checkout.id, stripeOrder.tradeNo))).toBe(
      200,
    );
    expect((await order(stripeOrder.tradeNo)).status).toBe('pending');
    expect(await subs.subscriptionsOf(fay.userId)).toEqual([]);
  });
});
