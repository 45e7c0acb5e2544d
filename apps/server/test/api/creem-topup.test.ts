import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCreem } from '../support/fake-creem.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const ACCOUNT = {
  apiKey: 'creem_key_tollgate',
  webhookSecret: 'creem_whsec_tollgate',
  products: { prod_starter: { amount: 499, currency: 'USD' } },
};
const PRODUCTS = [
  { productId: 'prod_starter', name: 'Starter', price: 4.99, currency: 'USD', quota: 2_500_000 },
];

describe.each(testDatabaseKinds())('Creem top-ups on %s', (kind) => {
  let harness: TestApp;
  let second: TestApp;
  let creem: FakeCreem;
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

  async function pay(body: unknown) {
    return (await harness.call(alice, 'POST', '/api/user/creem/pay', body)).json();
  }

  async function openOrder() {
    const answer = await pay({ product_id: 'prod_starter', payment_method: 'creem' });
    expect(answer.message, JSON.stringify(answer)).toBe('success');
    const checkout = creem.checkoutOfUrl(answer.data.checkout_url);
    expect(checkout.request_id).toBe(answer.data.order_id);
    return { checkout, tradeNo: answer.data.order_id as string };
  }

  async function deliver(delivery: { body: string; signature?: string }, app: TestApp = harness) {
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/creem/webhook',
      headers: {
        'content-type': 'application/json',
        ...(delivery.signature === undefined ? {} : { 'creem-signature': delivery.signature }),
      },
      payload: delivery.body,
    });
    return response.statusCode;
  }

  /** What Creem sends on completion: the checkout as it claims it to be. */
  const completed = (
    checkoutId: string,
    requestId: string,
    overrides: Record<string, unknown> = {},
  ) =>
    creem.event('checkout.completed', {
      id: checkoutId,
      request_id: requestId,
      order: { status: 'paid', type: 'onetime', amount: 499, currency: 'USD' },
      ...overrides,
    });

  beforeAll(async () => {
    creem = await FakeCreem.start(ACCOUNT);
    process.env.CREEM_API_BASE = creem.url;
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'alice',
      password: 'password123',
      display_name: 'alice',
    });
    expect(created.json().success).toBe(true);
    alice = await harness.login('alice', 'password123');
    await setOption('CreemApiKey', ACCOUNT.apiKey);
    await setOption('CreemWebhookSecret', ACCOUNT.webhookSecret);
    await setOption('CreemProducts', JSON.stringify(PRODUCTS));
    const database = harness.config.database;
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
    await creem?.close();
    delete process.env.CREEM_API_BASE;
  });

  it('offers the products without secrets and refuses bad product lists', async () => {
    const info = (await harness.call(alice, 'GET', '/api/user/topup/info')).json();
    expect(info.data).toMatchObject({ enable_creem_topup: true, creem_products: PRODUCTS });
    expect(JSON.stringify(info)).not.toContain(ACCOUNT.apiKey);
    const saved = (
      await harness.call(root, 'PUT', '/api/option/', { key: 'CreemProducts', value: '{"a":1}' })
    ).json();
    expect(saved.success).toBe(false);
  });

  it('refuses pay calls as new-api does', async () => {
    expect(await pay({ product_id: '', payment_method: 'creem' })).toEqual({
      message: 'error',
      data: '请选择产品',
    });
    expect(await pay({ product_id: 'prod_x', payment_method: 'creem' })).toEqual({
      message: 'error',
      data: '产品不存在',
    });
    expect(await pay({ product_id: 'prod_starter', payment_method: 'stripe' })).toEqual({
      message: 'error',
      data: '不支持的支付渠道',
    });
  });

  it('opens a checkout for a pending order of the product', async () => {
    const { checkout, tradeNo } = await openOrder();
    expect(tradeNo).toMatch(/^ref_[0-9a-f]{40}$/);
    expect(checkout.metadata).toMatchObject({
      username: 'alice',
      reference_id: tradeNo,
      product_name: 'Starter',
    });
    expect(await order(tradeNo)).toMatchObject({
      amount: 2_500_000,
      money: 4.99,
      currency: 'usd',
      status: 'pending',
      payment_method: 'creem',
    });
    expect(creem.unauthorized).toBe(0);
  });

  it('credits once: unsigned, tampered, unconfirmed and replayed deliveries credit nothing more', async () => {
    const { checkout, tradeNo } = await openOrder();
    const before = await balance();
    const topUpLogs = (await logs(1)).length;
    const delivery = completed(checkout.id, tradeNo);

    expect(await deliver({ body: delivery.body })).toBe(401);
    expect(await deliver({ ...delivery, body: delivery.body.replace('"USD"', '"EUR"') })).toBe(401);
    expect(await deliver({ ...delivery, signature: 'ab'.repeat(32) })).toBe(401);
    // Signed, but Creem's API says the checkout is not paid.
    expect(await deliver(delivery)).toBe(200);
    expect(await balance()).toBe(before);

    creem.pay(checkout.id);
    expect(await deliver(delivery)).toBe(200);
    expect(await deliver(delivery)).toBe(200);
    expect(await deliver(delivery, second)).toBe(200);
    expect((await balance()) - before).toBe(2_500_000);
    expect((await logs(1)).length).toBe(topUpLogs + 1);
    expect((await order(tradeNo)).status).toBe('success');
  });

  it('credits nothing when Creem reports another amount or currency', async () => {
    const before = await balance();
    for (const options of [{ amount: 100 }, { currency: 'EUR' }]) {
      const { checkout, tradeNo } = await openOrder();
      creem.pay(checkout.id, options);
      expect(await deliver(completed(checkout.id, tradeNo))).toBe(200);
      expect((await order(tradeNo)).status).toBe('pending');
    }
    expect(await balance()).toBe(before);
  });

  it('answers 400 for a missing or unknown reference', async () => {
    const { checkout } = await openOrder();
    expect(await deliver(completed(checkout.id, ''))).toBe(400);
    expect(await deliver(completed(checkout.id, 'ref_unknown'))).toBe(400);
  });

  it('10 simultaneous deliveries through two instances credit once', async () => {
    const { checkout, tradeNo } = await openOrder();
    creem.pay(checkout.id);
    const before = await balance();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        deliver(completed(checkout.id, tradeNo), index % 2 ? second : harness),
      ),
    );
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await balance()) - before).toBe(2_500_000);
    expect((await order(tradeNo)).status).toBe('success');
  });

  it('records refunds and disputes, keeping the quota', async () => {
    const refunded = await openOrder();
    creem.pay(refunded.checkout.id);
    expect(await deliver(completed(refunded.checkout.id, refunded.tradeNo))).toBe(200);
    const disputed = await openOrder();
    creem.pay(disputed.checkout.id);
    expect(await deliver(completed(disputed.checkout.id, disputed.tradeNo))).toBe(200);
    const before = await balance();
    const systemLogs = (await logs(4)).length;

    const refund = creem.event('refund.created', {
      id: 'ref_1',
      checkout: { id: refunded.checkout.id },
    });
    expect(await deliver(refund)).toBe(200);
    expect(await deliver(refund)).toBe(200);
    expect(
      await deliver(
        creem.event('dispute.created', { id: 'disp_1', checkout: disputed.checkout.id }),
      ),
    ).toBe(200);

    expect((await order(refunded.tradeNo)).status).toBe('refunded');
    expect((await order(disputed.tradeNo)).status).toBe('disputed');
    expect(await balance()).toBe(before);
    expect((await logs(4)).length).toBe(systemLogs + 2);
  });
});
