import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../support/fake-stripe.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const QUOTA_PER_UNIT = 500_000;
const SERVER = 'https://tollgate.example';
const ACCOUNT = {
  apiSecret: 'sk_test_tollgate',
  webhookSecret: 'whsec_tollgate',
  prices: { price_unit: { unitAmount: 150, currency: 'usd' } },
};

describe.each(testDatabaseKinds())('Stripe top-ups on %s', (kind) => {
  let harness: TestApp;
  let second: TestApp;
  let stripe: FakeStripe;
  let root: Session;
  let alice: Session;

  const db = () => harness.runtime.context.database.db;

  async function setOption(key: string, value: string) {
    const saved = (await harness.call(root, 'PUT', '/api/option/', { key, value })).json();
    expect(saved.success, `${key}: ${saved.message}`).toBe(true);
  }

  async function balance(): Promise<number> {
    return (await harness.call(alice, 'GET', '/api/user/self')).json().data.quota;
  }

  async function order(tradeNo: string) {
    return db()
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
  }

  async function logs(type: number) {
    return db()
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', alice.userId)
      .where('type', '=', type)
      .execute();
  }

  /** Opens an order of `amount` units; returns the Stripe session and the order's trade number. */
  async function openOrder(amount: number) {
    const answer = (
      await harness.call(alice, 'POST', '/api/user/stripe/pay', {
        amount,
        payment_method: 'stripe',
      })
    ).json();
    expect(answer.message, JSON.stringify(answer)).toBe('success');
    const session = stripe.sessionOfLink(answer.data.pay_link);
    return { session, tradeNo: session.client_reference_id! };
  }

  async function deliver(delivery: { body: string; signature: string }, app: TestApp = harness) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      payload: delivery.body,
    });
    return response.statusCode;
  }

  const completed = (sessionId: string) =>
    stripe.event('checkout.session.completed', { id: sessionId, object: 'checkout.session' });

  beforeAll(async () => {
    stripe = await FakeStripe.start(ACCOUNT);
    process.env.STRIPE_API_BASE = stripe.url;
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'alice',
      password: 'password123',
      display_name: 'alice',
    });
    expect(created.json().success).toBe(true);
    alice = await harness.login('alice', 'password123');
    await setOption('ServerAddress', SERVER);
    await setOption('StripeApiSecret', ACCOUNT.apiSecret);
    await setOption('StripeWebhookSecret', ACCOUNT.webhookSecret);
    await setOption('StripePriceId', 'price_unit');
    await setOption('StripeUnitPrice', '1.5');
    await setOption('StripeMinTopUp', '2');
    const database = harness.config.database;
    // A second app instance on the same database, started after the options were saved.
    second = await createTestApp(
      kind,
      { NODE_TYPE: 'slave' },
      {
        dsn: database.dsn ?? '',
        sqlitePath: database.sqlitePath ?? '',
      },
    );
  }, 120_000);

  afterAll(async () => {
    await second?.runtime.close();
    await second?.app.close();
    await harness?.close();
    await stripe?.close();
    delete process.env.STRIPE_API_BASE;
  });

  it('offers Stripe in the top-up info and never hands out its secrets', async () => {
    const info = (await harness.call(alice, 'GET', '/api/user/topup/info')).json();
    expect(info.data).toMatchObject({
      enable_stripe_topup: true,
      stripe_min_topup: 2,
      stripe_unit_price: 1.5,
    });
    const options = (await harness.call(root, 'GET', '/api/option/')).json();
    const keys = (options.data as Array<{ key: string }>).map((option) => option.key);
    expect(keys).toContain('StripePriceId');
    expect(keys).not.toContain('StripeApiSecret');
    expect(keys).not.toContain('StripeWebhookSecret');
    expect(JSON.stringify(info) + JSON.stringify(options)).not.toContain(ACCOUNT.apiSecret);
  });

  it('quotes and refuses as new-api does', async () => {
    const quote = async (body: unknown) =>
      (await harness.call(alice, 'POST', '/api/user/stripe/amount', body)).json();
    expect(await quote({ amount: 10, payment_method: 'stripe' })).toEqual({
      message: 'success',
      data: '15.00',
    });
    expect(await quote({ amount: 1 })).toEqual({ message: 'error', data: '充值数量不能小于 2' });
    const pay = async (body: unknown) =>
      (await harness.call(alice, 'POST', '/api/user/stripe/pay', body)).json();
    expect(await pay({ amount: 10, payment_method: 'zfb' })).toEqual({
      message: 'error',
      data: '不支持的支付渠道',
    });
    expect(await pay({ amount: 10_001, payment_method: 'stripe' })).toEqual({
      message: 'error',
      data: '充值数量不能大于 10000',
    });
  });

  it('opens a Checkout Session with the exact parameters and a pending order', async () => {
    const { session, tradeNo } = await openOrder(10);
    expect(tradeNo).toMatch(/^ref_[0-9a-f]{40}$/);
    const user = await db()
      .selectFrom('users')
      .select('stripe_customer')
      .where('id', '=', alice.userId)
      .executeTakeFirstOrThrow();
    expect(user.stripe_customer).toMatch(/^cus_/);
    expect(session.created_with).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': 'price_unit',
      'line_items[0][quantity]': '10',
      client_reference_id: tradeNo,
      customer: user.stripe_customer,
      success_url: `${SERVER}/console/log`,
      cancel_url: `${SERVER}/console/topup`,
      allow_promotion_codes: 'false',
    });
    expect(await order(tradeNo)).toMatchObject({
      amount: 10,
      money: 15,
      currency: 'usd',
      status: 'pending',
      payment_method: 'stripe',
    });
    // The customer is reused for the next order.
    await openOrder(3);
    expect(stripe.customers).toHaveLength(1);
    expect(stripe.unauthorized).toBe(0);
  });

  it('credits a paid session once: tampered, unpaid and replayed deliveries credit nothing more', async () => {
    const { session, tradeNo } = await openOrder(10);
    const before = await balance();
    const topUpLogs = (await logs(1)).length;

    const tampered = completed(session.id);
    expect(
      await deliver({ ...tampered, body: tampered.body.replace(session.id, 'cs_other') }),
    ).toBe(400);
    expect(await deliver({ ...tampered, signature: 't=1,v1=deadbeef' })).toBe(400);
    // Correctly signed, but for a session Stripe does not know.
    expect(await deliver(completed('cs_unknown'))).toBe(200);
    // Correctly signed, but Stripe says the session is not paid yet.
    expect(await deliver(completed(session.id))).toBe(200);
    expect(await balance()).toBe(before);

    stripe.pay(session.id);
    const delivery = completed(session.id);
    expect(await deliver(delivery)).toBe(200);
    expect(await deliver(delivery)).toBe(200);
    expect(await deliver(completed(session.id), second)).toBe(200);
    expect((await balance()) - before).toBe(10 * QUOTA_PER_UNIT);
    expect((await logs(1)).length).toBe(topUpLogs + 1);
    expect(await order(tradeNo)).toMatchObject({ status: 'success' });
    expect(Number((await order(tradeNo)).complete_time)).toBeGreaterThan(0);
  });

  it('credits nothing when Stripe reports another amount, currency or an unpaid session', async () => {
    const before = await balance();
    for (const options of [
      { amountTotal: 100 },
      { currency: 'eur' },
      { paymentStatus: 'unpaid' as const },
    ]) {
      const { session, tradeNo } = await openOrder(4);
      stripe.pay(session.id, options);
      expect(await deliver(completed(session.id))).toBe(200);
      expect((await order(tradeNo)).status, JSON.stringify(options)).toBe('pending');
    }
    expect(await balance()).toBe(before);
  });

  it('answers 500 when Stripe cannot be asked, so Stripe delivers again', async () => {
    const { session, tradeNo } = await openOrder(6);
    stripe.pay(session.id);
    process.env.STRIPE_API_BASE = 'http://127.0.0.1:9';
    try {
      expect(await deliver(completed(session.id))).toBe(500);
    } finally {
      process.env.STRIPE_API_BASE = stripe.url;
    }
    expect((await order(tradeNo)).status).toBe('pending');
    expect(await deliver(completed(session.id))).toBe(200);
    expect((await order(tradeNo)).status).toBe('success');
  });

  it('10 simultaneous deliveries through two instances credit once', async () => {
    const { session, tradeNo } = await openOrder(7);
    stripe.pay(session.id);
    const before = await balance();
    const topUpLogs = (await logs(1)).length;
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        deliver(completed(session.id), index % 2 ? second : harness),
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await balance()) - before).toBe(7 * QUOTA_PER_UNIT);
    expect((await logs(1)).length).toBe(topUpLogs + 1);
    expect((await order(tradeNo)).status).toBe('success');
  });

  it('marks an expired session expired, and a later completion credits nothing', async () => {
    const { session, tradeNo } = await openOrder(5);
    stripe.expire(session.id);
    expect(await deliver(stripe.event('checkout.session.expired', { id: session.id }))).toBe(200);
    expect((await order(tradeNo)).status).toBe('expired');
    const before = await balance();
    expect(await deliver(completed(session.id))).toBe(200);
    expect(await balance()).toBe(before);
  });

  it('records refunds and disputes on the order and in the log, keeping the quota', async () => {
    const refundedOrder = await openOrder(3);
    const charge = stripe.pay(refundedOrder.session.id);
    expect(await deliver(completed(refundedOrder.session.id))).toBe(200);
    const disputedOrder = await openOrder(2);
    const disputedCharge = stripe.pay(disputedOrder.session.id);
    expect(await deliver(completed(disputedOrder.session.id))).toBe(200);
    const before = await balance();
    const systemLogs = (await logs(4)).length;

    // Claimed but not true at Stripe: nothing recorded.
    expect(await deliver(stripe.event('charge.refunded', { id: charge, object: 'charge' }))).toBe(
      200,
    );
    expect((await order(refundedOrder.tradeNo)).status).toBe('success');

    stripe.refund(charge);
    const refund = stripe.event('charge.refunded', { id: charge, object: 'charge' });
    expect(await deliver(refund)).toBe(200);
    expect(await deliver(refund)).toBe(200);
    const dispute = stripe.dispute(disputedCharge);
    expect(
      await deliver(stripe.event('charge.dispute.created', { id: dispute, object: 'dispute' })),
    ).toBe(200);

    expect((await order(refundedOrder.tradeNo)).status).toBe('refunded');
    expect((await order(disputedOrder.tradeNo)).status).toBe('disputed');
    expect(await balance()).toBe(before);
    expect((await logs(4)).length).toBe(systemLogs + 2);
  });

  it('lists the orders with their payment method', async () => {
    const own = (await harness.call(alice, 'GET', '/api/user/topup/self?p=1&page_size=100')).json();
    expect(own.data.items.length).toBeGreaterThan(0);
    expect(
      own.data.items.every((item: { payment_method: string }) => item.payment_method === 'stripe'),
    ).toBe(true);
  });
});
