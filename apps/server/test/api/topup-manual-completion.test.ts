import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const QUOTA_PER_UNIT = 500_000;

describe.each(testDatabaseKinds())('manual completion of top-up orders on %s', (kind) => {
  let harness: TestApp;
  let second: TestApp;
  let root: Session;
  let rootOnSecond: Session;
  let alice: Session;

  const db = () => harness.runtime.context.database.db;

  async function balance(): Promise<number> {
    return (await harness.call(alice, 'GET', '/api/user/self')).json().data.quota;
  }

  async function pendingOrder(tradeNo: string, amount: number, paymentMethod: string) {
    await db()
      .insertInto('top_ups')
      .values({
        user_id: alice.userId,
        amount,
        money: amount * 1.5,
        trade_no: tradeNo,
        create_time: 1,
        complete_time: 0,
        status: 'pending',
        payment_method: paymentMethod,
        currency: 'usd',
      })
      .execute();
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'alice',
      password: 'password123',
      display_name: 'alice',
    });
    expect(created.json().success).toBe(true);
    alice = await harness.login('alice', 'password123');
    const database = harness.config.database;
    second = await createTestApp(
      kind,
      { NODE_TYPE: 'slave' },
      {
        dsn: database.dsn ?? '',
        sqlitePath: database.sqlitePath ?? '',
      },
    );
    rootOnSecond = await second.login('root', 'rootpassword1');
  }, 120_000);

  afterAll(async () => {
    await second?.runtime.close();
    await second?.app.close();
    await harness?.close();
  });

  it('is for admins only', async () => {
    await pendingOrder('ref_user_try', 1, 'stripe');
    const response = await harness.call(alice, 'POST', '/api/user/topup/complete', {
      trade_no: 'ref_user_try',
    });
    expect(response.json()).toMatchObject({ success: false, message: '无权进行此操作，权限不足' });
    const order = await db()
      .selectFrom('top_ups')
      .select('status')
      .where('trade_no', '=', 'ref_user_try')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('pending');
  });

  it('credits a pending order once and logs it; a second completion is refused', async () => {
    await pendingOrder('ref_manual_1', 3, 'stripe');
    const before = await balance();
    const done = (
      await harness.call(root, 'POST', '/api/user/topup/complete', { trade_no: 'ref_manual_1' })
    ).json();
    expect(done.success, done.message).toBe(true);
    expect(done.data).toMatchObject({
      trade_no: 'ref_manual_1',
      status: 'success',
      payment_method: 'stripe',
    });
    expect((await balance()) - before).toBe(3 * QUOTA_PER_UNIT);
    const again = (
      await harness.call(root, 'POST', '/api/user/topup/complete', { trade_no: 'ref_manual_1' })
    ).json();
    expect(again).toMatchObject({ success: false, message: '充值订单状态不是待支付' });
    const missing = (
      await harness.call(root, 'POST', '/api/user/topup/complete', { trade_no: 'ref_none' })
    ).json();
    expect(missing).toMatchObject({ success: false, message: '充值订单不存在' });
    const logs = await db()
      .selectFrom('logs')
      .select('content')
      .where('user_id', '=', alice.userId)
      .where('type', '=', 1)
      .execute();
    expect(logs.filter((log) => String(log.content).includes('ref_manual_1'))).toHaveLength(1);
  });

  it('credits a Creem order its raw quota', async () => {
    await pendingOrder('ref_manual_creem', 2_500_000, 'creem');
    const before = await balance();
    const done = (
      await harness.call(root, 'POST', '/api/user/topup/complete', { trade_no: 'ref_manual_creem' })
    ).json();
    expect(done.success, done.message).toBe(true);
    expect((await balance()) - before).toBe(2_500_000);
  });

  it('of simultaneous completions through two instances, exactly one credits', async () => {
    await pendingOrder('ref_manual_race', 2, 'stripe');
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? second : harness)
          .call(index % 2 ? rootOnSecond : root, 'POST', '/api/user/topup/complete', {
            trade_no: 'ref_manual_race',
          })
          .then((response) => response.json().success as boolean),
      ),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect((await balance()) - before).toBe(2 * QUOTA_PER_UNIT);
  });
});
