import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import { giveBackHolds } from './hold-reclaimer.js';
import type { LedgerTarget } from './ledger-commit.js';
import { QuotaLedger, type AdmitRequest } from './quota-ledger.js';
import { resetDueSubscriptions } from './subscription-resets.js';

const USER = 1;
const TOKEN = 2;
const PLAN = 3;
const SUB = 4;

/** Relay calls drawing from a subscription's pool through the quota ledger, on every database. */
describe.each(testDatabaseKinds())('subscription pools on %s', (kind) => {
  let database: TestDatabase;
  let target: LedgerTarget;
  let ledgers: QuotaLedger[];
  const db = () => database.handle.db;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of [
      'users',
      'tokens',
      'logs',
      'quota_holds',
      'subscription_plans',
      'user_subscriptions',
    ] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({ id: USER, username: 'subscriber', password: 'x', quota: 500 } as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values({
        id: TOKEN,
        user_id: USER,
        key: 'k'.repeat(48),
        name: 't',
        remain_quota: 10_000,
      } as never)
      .execute();
    await db()
      .insertInto('subscription_plans')
      .values({
        id: PLAN,
        title: 'Daily 1000',
        total_amount: 1000,
        quota_reset_period: 'daily',
      } as never)
      .execute();
    await db()
      .insertInto('user_subscriptions')
      .values({
        id: SUB,
        user_id: USER,
        plan_id: PLAN,
        amount_total: 1000,
        amount_used: 0,
        start_time: now() - 60,
        end_time: now() + 86_400 * 30,
        status: 'active',
        next_reset_time: now() + 3600,
      } as never)
      .execute();
    target = {
      db: db(),
      dialect: kind,
      holder: `pool-${kind}`,
      holdSeconds: 60,
      logs: { kind: 'table', dialect: kind },
    };
    ledgers = [];
  });
  afterEach(async () => {
    for (const ledger of ledgers) await ledger.close();
  });

  function ledger(holder = target.holder): QuotaLedger {
    const created = new QuotaLedger({ ...target, holder });
    ledgers.push(created);
    return created;
  }
  const request = (estimate: number, remaining = 1000): AdmitRequest => ({
    user: { id: USER, quota: 500 },
    token: { id: TOKEN, remain_quota: 10_000, unlimited_quota: false },
    estimate,
    subscription: { id: SUB, remaining },
  });
  const state = async () => {
    const user = await db()
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .executeTakeFirstOrThrow();
    const token = await db().selectFrom('tokens').select('remain_quota').executeTakeFirstOrThrow();
    const sub = await db()
      .selectFrom('user_subscriptions')
      .select(['amount_used', 'last_reset_time', 'next_reset_time'])
      .executeTakeFirstOrThrow();
    const holds = await db()
      .selectFrom('quota_holds')
      .select(['subscription_id', 'amount'])
      .execute();
    return {
      wallet: Number(user.quota),
      used: Number(user.used_quota),
      requests: Number(user.request_count),
      token: Number(token.remain_quota),
      subscriptionUsed: Number(sub.amount_used),
      nextReset: Number(sub.next_reset_time),
      lastReset: Number(sub.last_reset_time),
      holds: holds.map((row) => [Number(row.subscription_id), Number(row.amount)]),
    };
  };

  it('holds and charges the subscription, never the wallet; the token and usage counters as always', async () => {
    const quota = ledger();
    const admission = await quota.admit(request(100));
    expect(admission).toEqual({ userId: USER, tokenId: TOKEN, subscriptionId: SUB, estimate: 100 });
    const held = await state();
    expect(held.wallet).toBe(500);
    expect(held.holds).toEqual([[SUB, 100]]);
    expect(held.subscriptionUsed).toBe(100);
    expect(held.token).toBe(10_000 - 100);

    await quota.settle(admission, { quota: 70, channelId: 0, countUsage: true });
    await quota.flush();
    const settled = await state();
    expect(settled).toMatchObject({
      wallet: 500,
      used: 70,
      requests: 1,
      token: 10_000 - 70,
      subscriptionUsed: 70,
      holds: [],
    });
  });

  it('refuses what the pool cannot cover with the subscription error, whatever the wallet holds', async () => {
    const quota = ledger();
    await expect(quota.admit(request(1001))).rejects.toMatchObject({
      status: 403,
      code: 'insufficient_user_quota',
      message: '订阅额度不足或未配置订阅: subscription quota insufficient, need=1001',
    });
    expect(() => quota.admit(request(10, 0))).toThrow('订阅额度不足或未配置订阅');
    expect((await state()).wallet).toBe(500);
  });

  it('never grants from an expired or cancelled subscription, and an unlimited one grants anything', async () => {
    await db().updateTable('user_subscriptions').set({ status: 'cancelled' }).execute();
    await expect(ledger().admit(request(10))).rejects.toMatchObject({ status: 403 });
    await db()
      .updateTable('user_subscriptions')
      .set({ status: 'active', amount_total: 0, amount_used: 5_000_000 })
      .execute();
    const quota = ledger('unlimited');
    const admission = await quota.admit(request(2_000, Number.POSITIVE_INFINITY));
    await quota.settle(admission, { quota: 2_000, channelId: 0, countUsage: true });
    await quota.flush();
    expect((await state()).subscriptionUsed).toBe(5_002_000);
  });

  it('opens a new period at the first write after the boundary, keeping only the holds in flight', async () => {
    const first = ledger('first');
    const inFlight = await first.admit(request(200));
    await db()
      .updateTable('user_subscriptions')
      .set({ amount_used: 950, next_reset_time: now() - 5 })
      .execute();
    // 950 used (200 of it held by the call in flight): the boundary passed, so a second process's
    // call is granted from the new period, which starts at the 200 still held.
    const second = ledger('second');
    const admission = await second.admit(request(300, 50));
    const reset = await state();
    expect(reset.subscriptionUsed).toBe(200 + 300);
    expect(reset.nextReset).toBeGreaterThan(now());
    expect(reset.lastReset).toBeGreaterThan(0);
    await second.settle(admission, { quota: 300, channelId: 0, countUsage: true });
    await first.settle(inFlight, { quota: 150, channelId: 0, countUsage: true });
    await first.flush();
    await second.flush();
    const settled = await state();
    expect(settled.holds).toEqual([]);
    expect(settled.subscriptionUsed).toBe(450);
  });

  it('gives a dead process’s subscription hold back to the subscription, not the wallet', async () => {
    const dead = new QuotaLedger({ ...target, holder: 'dead', holdSeconds: 1 });
    ledgers.push(dead);
    await dead.admit(request(250));
    expect((await state()).subscriptionUsed).toBe(250);
    const reclaimed = await giveBackHolds(target, 'dead', { log: true });
    expect(reclaimed.get(USER)).toBe(250);
    const after = await state();
    expect(after).toMatchObject({ wallet: 500, subscriptionUsed: 0, token: 10_000, holds: [] });
  });

  it('the reset sweep opens due periods for pools nobody draws from', async () => {
    await db()
      .updateTable('user_subscriptions')
      .set({ amount_used: 800, next_reset_time: now() - 10 })
      .execute();
    expect(await resetDueSubscriptions(target, { now: now(), timeZone: 'UTC' })).toEqual([USER]);
    const after = await state();
    expect(after.subscriptionUsed).toBe(0);
    expect(after.nextReset).toBeGreaterThan(now());
    expect(await resetDueSubscriptions(target, { now: now(), timeZone: 'UTC' })).toEqual([]);
  });
});
