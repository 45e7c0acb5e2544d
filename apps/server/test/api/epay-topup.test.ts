import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleEpayNotify } from '../../src/payments/epay-notify.js';
import { FakeEpay } from '../support/fake-epay.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

const PARTNER_ID = '1001';
const EPAY_KEY = 'merchant-key-0123456789';
const QUOTA_PER_UNIT = 500_000;
const FORBIDDEN = { success: false, message: '无权进行此操作，权限不足' };
const NOT_CONFIGURED = { message: 'error', data: '当前管理员未配置支付信息' };

interface PayAnswer {
  message: string;
  data: Record<string, string>;
  url: string;
}

describe.each(testDatabaseKinds())('online top-up through Epay on %s', (kind) => {
  let harness: TestApp;
  let provider: FakeEpay;
  let root: Session;
  let alice: Session;
  let bob: Session;
  let serverUrl: string;
  const userChanges: number[] = [];

  const db = () => harness.runtime.context.database.db;

  async function setOption(key: string, value: string) {
    const saved = (await harness.call(root, 'PUT', '/api/option/', { key, value })).json();
    expect(saved.success, `${key}=${value}: ${saved.message}`).toBe(true);
  }

  async function createAndLogin(username: string): Promise<Session> {
    const created = await harness.call(root, 'POST', '/api/user/', {
      username,
      password: 'password123',
      display_name: username,
    });
    expect(created.json().success).toBe(true);
    return harness.login(username, 'password123');
  }

  async function quote(session: Session, body: unknown) {
    return (await harness.call(session, 'POST', '/api/user/amount', body)).json();
  }

  async function pay(session: Session, amount: number, method = 'zfb'): Promise<PayAnswer> {
    const body = { amount, payment_method: method, top_up_code: '' };
    return (await harness.call(session, 'POST', '/api/user/pay', body)).json();
  }

  /** Pays and posts the form to the provider, which must accept it; returns the trade number. */
  async function openOrder(session: Session, amount: number, method = 'zfb'): Promise<string> {
    const answer = await pay(session, amount, method);
    expect(answer.message, JSON.stringify(answer)).toBe('success');
    const submitted = await provider.submit(answer.url, answer.data);
    expect(submitted, JSON.stringify(provider.submissions.at(-1))).toMatchObject({ status: 200 });
    return answer.data.out_trade_no!;
  }

  async function balance(session: Session): Promise<number> {
    return (await harness.call(session, 'GET', '/api/user/self')).json().data.quota;
  }

  async function order(tradeNo: string) {
    return db()
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
  }

  async function topUpLogs(userId: number) {
    return db()
      .selectFrom('logs')
      .select(['content', 'username', 'quota'])
      .where('user_id', '=', userId)
      .where('type', '=', 1)
      .orderBy('id')
      .execute();
  }

  beforeAll(async () => {
    harness = await createTestApp(kind);
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    serverUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
    provider = await FakeEpay.start({ partnerId: PARTNER_ID, key: EPAY_KEY });
    root = await harness.setupRoot();
    alice = await createAndLogin('alice');
    bob = await createAndLogin('bob');
    await db().updateTable('users').set({ group: 'vip' }).where('id', '=', bob.userId).execute();
    await setOption('ServerAddress', serverUrl);
    await setOption('TopupGroupRatio', '{"default":1,"vip":1.15}');
    harness.runtime.context.events.on('user-changed', ({ userId }) => userChanges.push(userId));
  });
  afterAll(async () => {
    await provider?.close();
    await harness?.close();
  });

  it('refuses to pay while Epay is not configured, and signed-out callers', async () => {
    expect(await pay(alice, 10)).toEqual(NOT_CONFIGURED);
    await setOption('PayAddress', provider.url);
    await setOption('EpayId', PARTNER_ID);
    expect(await pay(alice, 10)).toEqual(NOT_CONFIGURED);
    await setOption('EpayKey', EPAY_KEY);
    for (const path of ['/api/user/amount', '/api/user/pay', '/api/user/topup/self']) {
      const [method, body] = path.endsWith('self') ? ['GET', undefined] : ['POST', { amount: 1 }];
      expect((await harness.call(undefined, method, path, body)).statusCode).toBe(401);
    }
    expect(await db().selectFrom('top_ups').select('id').execute()).toEqual([]);
    const status = (await harness.call(undefined, 'GET', '/api/status')).json().data;
    expect(status.enable_online_topup).toBe(true);
    expect(JSON.stringify(status)).not.toContain(EPAY_KEY);
  });

  it('quotes units × Price × the group ratio in exact decimals', async () => {
    expect(await quote(alice, { amount: 10, top_up_code: '' })).toEqual({
      message: 'success',
      data: '73.00',
    });
    // 3 × 7.3 × 1.15 is exactly 25.185, which rounds up (floats give 25.184999…).
    expect(await quote(bob, { amount: 3 })).toEqual({ message: 'success', data: '25.19' });
    await setOption('TopupGroupRatio', '{"default":1,"vip":0}');
    expect(await quote(bob, { amount: 3 })).toEqual({ message: 'success', data: '21.90' });
    await setOption('TopupGroupRatio', '{"default":1,"vip":1.15}');

    await setOption('MinTopUp', '5');
    expect(await quote(alice, { amount: 4 })).toEqual({
      message: 'error',
      data: '充值数量不能小于 5',
    });
    expect(await quote(alice, {})).toEqual({ message: 'error', data: '充值数量不能小于 5' });
    await setOption('MinTopUp', '1');

    await setOption('Price', '0.001');
    expect(await quote(alice, { amount: 4 })).toEqual({ message: 'error', data: '充值金额过低' });
    // 6 × 0.001 = 0.006 rounds to one cent.
    expect(await quote(alice, { amount: 6 })).toEqual({ message: 'success', data: '0.01' });
    await setOption('Price', '7.3');

    for (const bad of [{ amount: 1.5 }, { amount: '10' }, [10]]) {
      expect(await quote(alice, bad)).toEqual({ message: 'error', data: '参数错误' });
    }
  });

  it('reads raw quota when the site does not display currency', async () => {
    await setOption('DisplayInCurrencyEnabled', 'false');
    try {
      expect(await quote(alice, { amount: 1_500_000 })).toEqual({
        message: 'success',
        data: '21.90',
      });
      // Only whole units are credited, so only whole units are priced.
      expect(await quote(alice, { amount: 750_000 })).toEqual({ message: 'success', data: '7.30' });
      expect(await quote(alice, { amount: 499_999 })).toEqual({
        message: 'error',
        data: '充值数量不能小于 500000',
      });

      const before = await balance(alice);
      const tradeNo = await openOrder(alice, 1_000_000);
      expect(provider.orders.get(tradeNo)).toMatchObject({ name: 'TUC1000000', money: '14.60' });
      expect(await order(tradeNo)).toMatchObject({ amount: 2, money: 14.6, status: 'pending' });
      expect(await provider.notify(tradeNo)).toEqual({ status: 200, body: 'success' });
      expect((await balance(alice)) - before).toBe(2 * QUOTA_PER_UNIT);
      expect((await topUpLogs(alice.userId)).at(-1)?.content).toBe(
        '使用在线充值成功，充值金额: 1000000 点额度，支付金额：14.600000',
      );
    } finally {
      await setOption('DisplayInCurrencyEnabled', 'true');
    }
  });

  it('answers a signed form the provider accepts and stores a pending order', async () => {
    const answer = await pay(alice, 10);
    expect(answer.message).toBe('success');
    expect(answer.url).toBe(`${provider.url}/submit.php`);
    const tradeNo = answer.data.out_trade_no!;
    expect(tradeNo).toMatch(new RegExp(`^USR${alice.userId}NO[0-9A-Za-z]{6}\\d{10}$`));
    expect(answer.data).toEqual({
      device: 'pc',
      money: '73.00',
      name: 'TUC10',
      notify_url: `${serverUrl}/api/user/epay/notify`,
      out_trade_no: tradeNo,
      pid: PARTNER_ID,
      return_url: `${serverUrl}/log`,
      sign: expect.stringMatching(/^[0-9a-f]{32}$/),
      sign_type: 'MD5',
      type: 'alipay',
    });
    expect(await provider.submit(answer.url, answer.data)).toMatchObject({ status: 200 });
    expect(provider.orders.get(tradeNo)).toMatchObject({ type: 'alipay', money: '73.00' });
    const row = await order(tradeNo);
    expect(row).toMatchObject({ user_id: alice.userId, amount: 10, money: 73, status: 'pending' });
    expect(Number(row.complete_time)).toBe(0);
    expect(Math.abs(Number(row.create_time) - Date.now() / 1000)).toBeLessThan(60);

    // A form changed after signing is refused by the provider.
    const tampered = { ...answer.data, money: '0.01' };
    expect(await provider.submit(answer.url, tampered)).toEqual({
      status: 400,
      body: 'signature mismatch',
    });

    // The callback address may be a separate public address.
    await setOption('CustomCallbackAddress', 'https://callback.example.com/');
    const custom = await pay(alice, 1, 'wx');
    expect(custom.data).toMatchObject({
      notify_url: 'https://callback.example.com/api/user/epay/notify',
      return_url: `${serverUrl}/log`,
      type: 'wxpay',
    });
    await setOption('CustomCallbackAddress', '');
  });

  it('accepts only the configured payment methods', async () => {
    expect(await pay(alice, 10, 'stripe')).toEqual({ message: 'error', data: '支付方式不存在' });
    expect(await pay(alice, 10, '')).toEqual({ message: 'error', data: '支付方式不存在' });
    await setOption(
      'PayMethods',
      JSON.stringify([
        { name: '支付宝', type: 'alipay' },
        { name: 'QQ', type: 'qqpay' },
      ]),
    );
    try {
      expect((await pay(alice, 1, 'qqpay')).data.type).toBe('qqpay');
      // An older console's spelling of a configured method is the same method.
      expect((await pay(alice, 1, 'zfb')).data.type).toBe('alipay');
      expect(await pay(alice, 1, 'wx')).toEqual({ message: 'error', data: '支付方式不存在' });
    } finally {
      await setOption(
        'PayMethods',
        JSON.stringify([
          { name: '支付宝', type: 'zfb' },
          { name: '微信', type: 'wx' },
        ]),
      );
    }
  });

  it('credits a paid order exactly once, however often the provider repeats it', async () => {
    const tradeNo = await openOrder(alice, 10);
    const before = await balance(alice);
    const logsBefore = (await topUpLogs(alice.userId)).length;
    userChanges.length = 0;

    expect(await provider.notify(tradeNo)).toEqual({ status: 200, body: 'success' });
    expect((await balance(alice)) - before).toBe(10 * QUOTA_PER_UNIT);
    const paid = await order(tradeNo);
    expect(paid.status).toBe('success');
    expect(Math.abs(Number(paid.complete_time) - Date.now() / 1000)).toBeLessThan(60);
    expect(userChanges).toEqual([alice.userId]);
    const logs = await topUpLogs(alice.userId);
    expect(logs).toHaveLength(logsBefore + 1);
    expect(logs.at(-1)).toEqual({
      content: '使用在线充值成功，充值金额: ＄10.000000 额度，支付金额：73.000000',
      username: 'alice',
      quota: 0,
    });

    for (const method of ['GET', 'POST', 'GET'] as const) {
      expect(await provider.notify(tradeNo, { method })).toEqual({ status: 200, body: 'success' });
    }
    expect((await balance(alice)) - before).toBe(10 * QUOTA_PER_UNIT);
    expect(await topUpLogs(alice.userId)).toHaveLength(logsBefore + 1);
    expect(userChanges).toEqual([alice.userId]);
  });

  it('credits a notification posted as a form', async () => {
    const tradeNo = await openOrder(bob, 2, 'wx');
    const before = await balance(bob);
    expect(await provider.notify(tradeNo, { method: 'POST' })).toEqual({
      status: 200,
      body: 'success',
    });
    expect((await balance(bob)) - before).toBe(2 * QUOTA_PER_UNIT);
    expect((await topUpLogs(bob.userId)).at(-1)?.content).toBe(
      '使用在线充值成功，充值金额: ＄2.000000 额度，支付金额：16.790000',
    );
  });

  it('refuses a correctly signed notification whose money is not the order’s', async () => {
    const tradeNo = await openOrder(alice, 100);
    const before = await balance(alice);
    for (const money of ['0.01', '729.99', '730.001', '']) {
      expect(await provider.notify(tradeNo, { money })).toEqual({ status: 200, body: 'fail' });
    }
    expect(await balance(alice)).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');

    // The same amount written differently is the same money; the order is still creditable.
    expect(await provider.notify(tradeNo, { money: '730.0' })).toEqual({
      status: 200,
      body: 'success',
    });
    expect((await balance(alice)) - before).toBe(100 * QUOTA_PER_UNIT);
  });

  it('refuses bad signatures, other merchants and unknown orders; acknowledges other states', async () => {
    const tradeNo = await openOrder(alice, 5);
    const before = await balance(alice);
    const logsBefore = (await topUpLogs(alice.userId)).length;
    for (const options of [
      { badSignature: true },
      { badSignature: true, method: 'POST' as const },
    ]) {
      expect(await provider.notify(tradeNo, options)).toEqual({ status: 200, body: 'fail' });
    }
    expect(await provider.notify(tradeNo, { partnerId: '2002' })).toEqual({
      status: 200,
      body: 'fail',
    });
    expect(await provider.notify(tradeNo, { tradeStatus: 'WAIT_BUYER_PAY' })).toEqual({
      status: 200,
      body: 'success',
    });
    expect(await balance(alice)).toBe(before);
    expect((await order(tradeNo)).status).toBe('pending');
    expect(await topUpLogs(alice.userId)).toHaveLength(logsBefore);

    const unsigned = await fetch(`${serverUrl}/api/user/epay/notify`);
    expect(await unsigned.text()).toBe('fail');

    const deps = harness.runtime.context;
    const genuine = provider.notification(tradeNo);
    const reasons = [
      { ...genuine, sign: '0'.repeat(32) },
      { ...genuine, out_trade_no: 'USR1NOnothing1700000000' },
    ].map(async (params) => (await handleEpayNotify(deps, params)).refusal);
    // A changed order number breaks the signature too.
    expect(await Promise.all(reasons)).toEqual(['bad signature', 'bad signature']);
    // Re-signed by the provider for an order it never saw: signature fine, order unknown.
    provider.orders.set('USR1NOnothing1700000000', {
      ...provider.orders.get(tradeNo)!,
      outTradeNo: 'USR1NOnothing1700000000',
    });
    const unknown = await handleEpayNotify(deps, provider.notification('USR1NOnothing1700000000'));
    expect(unknown).toMatchObject({ answer: 'fail', credited: false, refusal: 'unknown order' });
    expect(await handleEpayNotify(deps, provider.notification(tradeNo, { money: '1.00' }))).toEqual(
      {
        answer: 'fail',
        credited: false,
        tradeNo,
        refusal: 'money "1.00" does not match the order\'s 36.5',
      },
    );
  });

  it('answers fail without crashing while Epay is not configured', async () => {
    const tradeNo = await openOrder(alice, 1);
    const before = await balance(alice);
    await setOption('EpayKey', '');
    try {
      expect(await provider.notify(tradeNo)).toEqual({ status: 200, body: 'fail' });
      expect(await provider.notify(tradeNo, { method: 'POST' })).toEqual({
        status: 200,
        body: 'fail',
      });
      expect((await harness.call(undefined, 'GET', '/api/status')).statusCode).toBe(200);
      expect(await balance(alice)).toBe(before);
    } finally {
      await setOption('EpayKey', EPAY_KEY);
    }
    expect(await provider.notify(tradeNo)).toEqual({ status: 200, body: 'success' });
    expect((await balance(alice)) - before).toBe(QUOTA_PER_UNIT);
  });

  it('lists own orders to users and every order to admins', async () => {
    const own = (await harness.call(alice, 'GET', '/api/user/topup/self?p=1&page_size=100')).json();
    expect(own.success).toBe(true);
    const aliceRows = await db()
      .selectFrom('top_ups')
      .select('id')
      .where('user_id', '=', alice.userId)
      .execute();
    expect(own.data).toMatchObject({ total: aliceRows.length, page: 1, page_size: 100 });
    const items = own.data.items as Record<string, unknown>[];
    expect(items.length).toBe(aliceRows.length);
    expect(items.every((item) => item.user_id === alice.userId)).toBe(true);
    const ids = items.map((item) => item.id as number);
    expect(ids).toEqual([...ids].sort((left, right) => right - left));
    const paid = items.find((item) => item.status === 'success')!;
    expect(paid).toEqual({
      id: expect.any(Number),
      user_id: alice.userId,
      amount: expect.any(Number),
      money: expect.any(Number),
      trade_no: expect.stringMatching(/^USR/),
      create_time: expect.any(Number),
      complete_time: expect.any(Number),
      status: 'success',
      payment_method: expect.any(String),
      currency: '',
    });
    expect(paid.complete_time).toBeGreaterThan(0);
    expect(items.some((item) => item.status === 'pending' && item.complete_time === 0)).toBe(true);

    const paged = (await harness.call(alice, 'GET', '/api/user/topup/self?p=2&page_size=2')).json();
    expect(paged.data.items.map((item: { id: number }) => item.id)).toEqual(ids.slice(2, 4));

    const bobsOwn = (await harness.call(bob, 'GET', '/api/user/topup/self')).json().data;
    expect(bobsOwn.items.every((item: { user_id: number }) => item.user_id === bob.userId)).toBe(
      true,
    );
    expect(bobsOwn.page_size).toBe(10);

    expect((await harness.call(alice, 'GET', '/api/user/topup')).json()).toEqual(FORBIDDEN);
    expect((await harness.call(undefined, 'GET', '/api/user/topup')).statusCode).toBe(401);

    const all = (await harness.call(root, 'GET', '/api/user/topup?page_size=100')).json().data;
    const everyRow = await db().selectFrom('top_ups').select('id').execute();
    expect(all.total).toBe(everyRow.length);
    expect(new Set(all.items.map((item: { username: string }) => item.username))).toEqual(
      new Set(['alice', 'bob']),
    );

    const byName = (await harness.call(root, 'GET', '/api/user/topup?keyword=bob')).json().data;
    expect(byName.total).toBe(bobsOwn.total);
    expect(byName.items.every((item: { username: string }) => item.username === 'bob')).toBe(true);
    const tradeNo = items[0]!.trade_no as string;
    const byTradeNo = (
      await harness.call(root, 'GET', `/api/user/topup?keyword=${tradeNo.slice(3)}`)
    ).json().data;
    expect(byTradeNo.items.map((item: { trade_no: string }) => item.trade_no)).toEqual([tradeNo]);
    const wildcard = (await harness.call(root, 'GET', '/api/user/topup?keyword=%25')).json().data;
    expect(wildcard.total).toBe(0);

    const body = JSON.stringify([own, all]);
    expect(body).not.toContain(EPAY_KEY);
  });
});

/** Main database SQLite, logs in PostgreSQL (LOG_SQL_DSN): the top-up row goes through the outbox. */
describe.skipIf(!process.env.TEST_POSTGRES_DSN)('Epay top-up with LOG_SQL_DSN', () => {
  let harness: TestApp;
  let provider: FakeEpay;
  let logDatabase: TestDatabase;

  beforeAll(async () => {
    logDatabase = await createTestDatabase('postgres', { migrate: false });
    await logDatabase.handle.close();
    harness = await createTestApp('sqlite', { LOG_SQL_DSN: logDatabase.dsn });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    provider = await FakeEpay.start({ partnerId: PARTNER_ID, key: EPAY_KEY });
  });
  afterAll(async () => {
    await provider?.close();
    await harness?.close();
    await logDatabase?.drop();
  });

  it('writes the top-up log row to the log database, in the crediting transaction', async () => {
    const root = await harness.setupRoot();
    const port = (harness.app.server.address() as AddressInfo).port;
    const options = {
      ServerAddress: `http://127.0.0.1:${port}`,
      PayAddress: provider.url,
      EpayId: PARTNER_ID,
      EpayKey: EPAY_KEY,
    };
    for (const [key, value] of Object.entries(options)) {
      expect((await harness.call(root, 'PUT', '/api/option/', { key, value })).json().success).toBe(
        true,
      );
    }
    const answer = (
      await harness.call(root, 'POST', '/api/user/pay', { amount: 1, payment_method: 'wx' })
    ).json() as PayAnswer;
    expect(await provider.submit(answer.url, answer.data)).toMatchObject({ status: 200 });
    expect(await provider.notify(answer.data.out_trade_no!)).toEqual({
      status: 200,
      body: 'success',
    });
    const context = harness.runtime.context;
    await context.relay.logOutbox?.drain();
    const rows = (database: typeof context.database) =>
      database.db.selectFrom('logs').select(['content']).where('type', '=', 1).execute();
    expect(await rows(context.logDatabase)).toEqual([
      { content: '使用在线充值成功，充值金额: ＄1.000000 额度，支付金额：7.300000' },
    ]);
    expect(await rows(context.database)).toHaveLength(0);
  });
});
