import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOP_UP_STATUS } from '@tollgate/contracts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { AppEvents } from '../lib/app-events.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import { handleEpayNotify, type EpayNotifyDeps } from './epay-notify.js';
import {
  epayNotifyUrl,
  epayReturnUrl,
  epaySubmitUrl,
  readEpaySettings,
  resolveEpayType,
} from './epay-settings.js';
import { hasValidEpaySignature, signEpayParams } from './epay-signature.js';
import {
  createEpayOrder,
  EPAY_NOT_CONFIGURED,
  listAllTopUpOrders,
  listOwnTopUps,
  quoteForBuyer,
  UNKNOWN_PAY_METHOD,
  type TopUpOrderDeps,
} from './topup-orders.js';

const KEY = 'merchant-key';
const PID = '1001';
const BUYER = { id: 3, group: 'default' };

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('Epay settings', () => {
  const reader = (values: Record<string, unknown>) =>
    ({
      get: (key: string) => String(values[key] ?? ''),
      getJson: (key: string) => values[key],
    }) as never;

  it('is on only when address, id and key are all set', () => {
    const full = { PayAddress: ' https://pay.example/ ', EpayId: ' 7 ', EpayKey: ' k ' };
    expect(readEpaySettings(reader(full))).toEqual({
      payAddress: 'https://pay.example/',
      partnerId: '7',
      key: ' k ',
    });
    for (const missing of ['PayAddress', 'EpayId', 'EpayKey']) {
      expect(
        readEpaySettings(reader({ ...full, [missing]: missing === 'EpayKey' ? '' : '  ' })),
      ).toBeUndefined();
    }
  });

  it('joins submit.php to the address as a path', () => {
    expect(epaySubmitUrl('https://pay.example')).toBe('https://pay.example/submit.php');
    expect(epaySubmitUrl('https://pay.example/epay/')).toBe('https://pay.example/epay/submit.php');
    expect(epaySubmitUrl('not a url')).toBeUndefined();
  });

  it('builds the notify and return addresses without doubled slashes', () => {
    const options = reader({ ServerAddress: 'https://gate.example//', CustomCallbackAddress: '' });
    expect(epayNotifyUrl(options)).toBe('https://gate.example/api/user/epay/notify');
    expect(epayReturnUrl(options)).toBe('https://gate.example/log');
    const custom = reader({
      ServerAddress: 'https://gate.example',
      CustomCallbackAddress: ' https://cb.example/ ',
    });
    expect(epayNotifyUrl(custom)).toBe('https://cb.example/api/user/epay/notify');
  });

  it('accepts a payment method only when a configured method with a name stands for it', () => {
    const options = reader({
      PayMethods: [
        { name: '支付宝', type: 'zfb' },
        { name: '', type: 'stripe' },
        { name: 'no type' },
        { name: 'USDT', type: 'usdt' },
      ],
    });
    expect(resolveEpayType(options, 'alipay')).toBe('alipay');
    expect(resolveEpayType(options, ' zfb ')).toBe('alipay');
    expect(resolveEpayType(options, 'usdt')).toBe('usdt');
    expect(resolveEpayType(options, 'wx')).toBeUndefined();
    expect(resolveEpayType(options, 'stripe')).toBeUndefined();
    expect(resolveEpayType(options, '')).toBeUndefined();
    expect(resolveEpayType(options, 'undefined')).toBeUndefined();
  });
});

describe('Epay signature', () => {
  it('skips empty values and sign fields, and compares case-insensitively', () => {
    const params = { b: '2', a: '1', empty: '' };
    expect(signEpayParams(params, KEY)).toBe(signEpayParams({ a: '1', b: '2' }, KEY));
    expect(signEpayParams(params, KEY)).not.toBe(signEpayParams({ a: '1', b: '2', c: '3' }, KEY));
    expect(signEpayParams(params, KEY)).toMatch(/^[0-9a-f]{32}$/);
    const sign = signEpayParams(params, KEY);
    expect(hasValidEpaySignature({ ...params, sign: sign.toUpperCase() }, KEY)).toBe(true);
    expect(hasValidEpaySignature({ ...params, sign: `${sign}0` }, KEY)).toBe(false);
  });
});

describe('Epay orders and notifications', () => {
  let database: TestDatabase;
  let logDatabase: TestDatabase;
  let options: OptionStore;
  let orders: TopUpOrderDeps;
  let notify: EpayNotifyDeps;
  let changedUsers: number[];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    logDatabase = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
    await options.update('ServerAddress', 'https://gate.example');
  });
  afterAll(async () => {
    await database?.drop();
    await logDatabase?.drop();
  });
  beforeEach(async () => {
    for (const table of ['top_ups', 'users', 'logs', 'log_outbox'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({ id: BUYER.id, username: 'buyer', password: 'x', quota: 10 } as never)
      .execute();
    await options.update('PayAddress', 'https://pay.example/');
    await options.update('EpayId', PID);
    await options.update('EpayKey', KEY);
    const events = new AppEvents();
    changedUsers = [];
    events.on('user-changed', ({ userId }) => changedUsers.push(userId));
    orders = { database: database.handle, options };
    notify = { database: database.handle, logDatabase: database.handle, options, events };
  });

  const balance = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select('quota')
          .where('id', '=', BUYER.id)
          .executeTakeFirstOrThrow()
      ).quota,
    );
  const order = (tradeNo: string) =>
    db()
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', tradeNo)
      .executeTakeFirstOrThrow();
  const signed = (fields: Record<string, string>, key = KEY) => ({
    ...fields,
    sign: signEpayParams(fields, key),
    sign_type: 'MD5',
  });
  const paid = (tradeNo: string, money: string, extra: Record<string, string> = {}) =>
    signed({
      pid: PID,
      out_trade_no: tradeNo,
      money,
      trade_status: 'TRADE_SUCCESS',
      type: 'alipay',
      ...extra,
    });

  it('quotes the buyer, and refuses to open an order without settings or a known method', async () => {
    expect(quoteForBuyer(orders, BUYER, 10)).toBe('73.00');
    await options.update('EpayKey', '');
    expect(
      await refusal(createEpayOrder(orders, BUYER, { amount: 10, payment_method: 'zfb' })),
    ).toBe(EPAY_NOT_CONFIGURED);
    await options.update('EpayKey', KEY);
    await options.update('PayAddress', 'https://pay.example/');
    expect(
      await refusal(createEpayOrder(orders, BUYER, { amount: 10, payment_method: 'paypal' })),
    ).toBe(UNKNOWN_PAY_METHOD);
    expect(
      await refusal(createEpayOrder(orders, BUYER, { amount: 0, payment_method: 'zfb' })),
    ).toMatch(/不能小于/);
    expect(await db().selectFrom('top_ups').selectAll().execute()).toHaveLength(0);
  });

  it('opens a pending order and hands out the signed form, keys in name order', async () => {
    const checkout = await createEpayOrder(orders, BUYER, { amount: 10, payment_method: 'zfb' });
    expect(checkout.url).toBe('https://pay.example/submit.php');
    const { form } = checkout;
    expect(Object.keys(form)).toEqual([...Object.keys(form)].sort());
    expect(form).toMatchObject({
      device: 'pc',
      money: '73.00',
      name: 'TUC10',
      notify_url: 'https://gate.example/api/user/epay/notify',
      return_url: 'https://gate.example/log',
      pid: PID,
      type: 'alipay',
      sign_type: 'MD5',
    });
    expect(hasValidEpaySignature(form, KEY)).toBe(true);
    expect(form.out_trade_no).toMatch(new RegExp(`^USR${BUYER.id}NO[0-9A-Za-z]{6}\\d{10}$`));
    expect(await order(form.out_trade_no)).toMatchObject({
      user_id: BUYER.id,
      amount: 10,
      money: 73,
      status: TOP_UP_STATUS.pending,
      complete_time: 0,
    });
  });

  it('credits a paid order exactly once, with its log row', async () => {
    const { form } = await createEpayOrder(orders, BUYER, { amount: 2, payment_method: 'zfb' });
    const outcome = await handleEpayNotify(notify, paid(form.out_trade_no, '14.60'));
    expect(outcome).toEqual({ answer: 'success', credited: true, tradeNo: form.out_trade_no });
    expect(await balance()).toBe(10 + 2 * 500_000);
    expect(await order(form.out_trade_no)).toMatchObject({ status: TOP_UP_STATUS.success });
    expect((await order(form.out_trade_no)).complete_time).toBeGreaterThan(0);
    const logs = await db().selectFrom('logs').selectAll().execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: BUYER.id, username: 'buyer', type: 1 });
    expect(logs[0].content).toBe(
      '使用在线充值成功，充值金额: ＄2.000000 额度，支付金额：14.600000',
    );
    expect(changedUsers).toEqual([BUYER.id]);

    // A repeat is acknowledged and credits nothing.
    expect(await handleEpayNotify(notify, paid(form.out_trade_no, '14.60'))).toEqual({
      answer: 'success',
      credited: false,
      tradeNo: form.out_trade_no,
    });
    expect(await balance()).toBe(10 + 2 * 500_000);
    expect(changedUsers).toEqual([BUYER.id]);
  });

  it('refuses notifications that are unsigned, foreign, for other amounts or unknown orders', async () => {
    const { form } = await createEpayOrder(orders, BUYER, { amount: 2, payment_method: 'zfb' });
    const tradeNo = form.out_trade_no;
    const cases: [Record<string, string>, string, 'fail' | 'success'][] = [
      [{ ...paid(tradeNo, '14.60'), money: '0.01' }, 'bad signature', 'fail'],
      [paid(tradeNo, '14.60', {}), '', 'fail'],
      [
        signed(
          { pid: PID, out_trade_no: tradeNo, money: '14.60', trade_status: 'TRADE_SUCCESS' },
          'other',
        ),
        'bad signature',
        'fail',
      ],
      [paid(tradeNo, '14.60', { pid: '999' }), 'pid "999" is not EpayId', 'fail'],
      [
        paid(tradeNo, '14.60', { trade_status: 'WAIT_BUYER_PAY' }),
        'trade_status "WAIT_BUYER_PAY" is not TRADE_SUCCESS',
        'success',
      ],
      [
        signed({ pid: PID, out_trade_no: tradeNo, money: '14.60' }),
        'trade_status "" is not TRADE_SUCCESS',
        'success',
      ],
      [paid('USR3NOunknown', '14.60'), 'unknown order', 'fail'],
      [
        signed({ pid: PID, money: '14.60', trade_status: 'TRADE_SUCCESS' }),
        'unknown order',
        'fail',
      ],
      [paid(tradeNo, '14.59'), `money "14.59" does not match the order's 14.6`, 'fail'],
      [
        signed({ pid: PID, out_trade_no: tradeNo, trade_status: 'TRADE_SUCCESS' }),
        `money "" does not match the order's 14.6`,
        'fail',
      ],
    ];
    for (const [params, refusalText, answer] of cases.filter(([, text]) => text !== '')) {
      const outcome = await handleEpayNotify(notify, params);
      expect(outcome, refusalText).toMatchObject({ answer, credited: false, refusal: refusalText });
      expect(outcome.tradeNo).toBe(params.out_trade_no ?? '');
    }
    await options.update('EpayKey', '');
    expect(await handleEpayNotify(notify, paid(tradeNo, '14.60'))).toMatchObject({
      answer: 'fail',
      refusal: 'online top-up is not configured',
    });
    expect(await balance()).toBe(10);
    expect(changedUsers).toEqual([]);
    expect(await order(tradeNo)).toMatchObject({ status: TOP_UP_STATUS.pending });
  });

  it('refuses an order in another status, one that credits nothing, and a vanished buyer', async () => {
    const insert = (tradeNo: string, values: object) =>
      db()
        .insertInto('top_ups')
        .values({
          user_id: BUYER.id,
          amount: 1,
          money: 7.3,
          trade_no: tradeNo,
          create_time: 1,
          complete_time: 0,
          status: 'pending',
          ...values,
        } as never)
        .execute();
    await insert('odd', { status: 'refunded' });
    expect(await handleEpayNotify(notify, paid('odd', '7.30'))).toMatchObject({
      answer: 'fail',
      refusal: 'order status is "refunded"',
    });
    await insert('empty', { amount: 0 });
    expect(await handleEpayNotify(notify, paid('empty', '7.30'))).toMatchObject({
      answer: 'fail',
      refusal: 'order amount 0 credits no valid quota',
    });
    await insert('huge', { amount: 2 ** 50 });
    expect(await handleEpayNotify(notify, paid('huge', '7.30'))).toMatchObject({
      answer: 'fail',
      credited: false,
    });
    await insert('orphan', { user_id: 404 });
    expect(await handleEpayNotify(notify, paid('orphan', '7.30'))).toMatchObject({
      answer: 'fail',
      refusal: 'buyer 404 no longer exists',
    });
    // Rolled back: still pending, a later notification can credit it.
    expect(await order('orphan')).toMatchObject({ status: 'pending', complete_time: 0 });
    expect(await balance()).toBe(10);
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
    expect(changedUsers).toEqual([]);
  });

  it('writes the log row through the outbox when the logs live in another database', async () => {
    const { form } = await createEpayOrder(orders, BUYER, { amount: 1, payment_method: 'zfb' });
    const outcome = await handleEpayNotify(
      { ...notify, logDatabase: logDatabase.handle },
      paid(form.out_trade_no, '7.30'),
    );
    expect(outcome.credited).toBe(true);
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
    expect(await db().selectFrom('log_outbox').selectAll().execute()).toHaveLength(1);
  });

  it('lists own orders and, for admins, every order with its buyer, searched and paged', async () => {
    await db()
      .insertInto('users')
      .values({ id: 4, username: 'someone', password: 'x' } as never)
      .execute();
    for (let index = 0; index < 12; index += 1) {
      await createEpayOrder(orders, BUYER, { amount: 1, payment_method: 'zfb' });
    }
    await createEpayOrder(orders, { id: 4, group: 'default' }, { amount: 3, payment_method: 'wx' });
    const own = await listOwnTopUps(orders, BUYER.id, { p: 0, page_size: 0 });
    expect(own).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(own.items).toHaveLength(10);
    const ids = own.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(own.items[0]).toMatchObject({
      user_id: BUYER.id,
      amount: 1,
      money: 7.3,
      status: 'pending',
      complete_time: 0,
    });
    expect((await listOwnTopUps(orders, BUYER.id, { p: 2, page_size: 10 })).items).toHaveLength(2);
    expect((await listOwnTopUps(orders, BUYER.id, { p: 1, page_size: 500 })).page_size).toBe(100);
    expect((await listOwnTopUps(orders, BUYER.id, { p: 5e9, page_size: 10 })).page).toBe(1_000_000);

    const all = await listAllTopUpOrders(orders, { p: 1, page_size: 100, keyword: '' });
    expect(all.total).toBe(13);
    expect(all.items[0]).toMatchObject({ user_id: 4, username: 'someone', amount: 3 });
    const searched = await listAllTopUpOrders(orders, {
      p: 1,
      page_size: 100,
      keyword: ' someone ',
    });
    expect(searched.items.map((item) => item.username)).toEqual(['someone']);
    const byTrade = await listAllTopUpOrders(orders, {
      p: 1,
      page_size: 100,
      keyword: `USR${BUYER.id}NO`,
    });
    expect(byTrade.total).toBe(12);
    await db().deleteFrom('users').where('id', '=', 4).execute();
    expect(
      (await listAllTopUpOrders(orders, { p: 1, page_size: 1, keyword: '' })).items[0].username,
    ).toBe('');
  });
});
