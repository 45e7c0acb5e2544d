import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expireDueSubscriptions,
  sweepSubscriptions,
} from '../../src/subscriptions/subscription-sweep.js';
import { subscriptionHarness, type SubscriptionHarness } from '../support/subscription-harness.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

const ADMIN = '/api/subscription/admin';

describe.each(testDatabaseKinds())('users’ subscriptions on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let subs: SubscriptionHarness;
  let vipPlan: number;
  let plainPlan: number;
  const changes: string[] = [];

  const db = () => harness.runtime.context.database.db;
  const now = () => Math.floor(Date.now() / 1000);

  const bind = async (userId: number, planId: number) =>
    (
      await harness.call(root, 'POST', `${ADMIN}/bind`, { user_id: userId, plan_id: planId })
    ).json();
  const invalidate = async (id: number) =>
    (await harness.call(root, 'POST', `${ADMIN}/user_subscriptions/${id}/invalidate`)).json();
  const remove = async (id: number) =>
    (await harness.call(root, 'DELETE', `${ADMIN}/user_subscriptions/${id}`)).json();
  const groupOf = async (userId: number) => (await subs.userRow(userId)).group;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    subs = subscriptionHarness(
      () => harness,
      () => root,
    );
    await subs.setOption('GroupRatio', '{"default":1,"vip":0.8}');
    await subs.setOption('LimitTimeZone', 'UTC');
    vipPlan = await subs.plan({
      title: 'VIP',
      upgrade_group: 'vip',
      total_amount: 5000,
      quota_reset_period: 'daily',
    });
    plainPlan = await subs.plan({ title: 'Plain', duration_unit: 'day', duration_value: 7 });
    const { events } = harness.runtime.context;
    events.on('subscriptions-changed', ({ userId }) => changes.push(`subscriptions ${userId}`));
    events.on('user-changed', ({ userId }) => changes.push(`user ${userId}`));
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('binds a plan: snapshot, calendar, group upgrade and the events', async () => {
    const alice = await subs.user('alice');
    changes.length = 0;
    const before = now();
    expect(await bind(alice.userId, vipPlan)).toEqual({
      success: true,
      message: '用户分组将升级到 vip',
    });
    expect(await groupOf(alice.userId)).toBe('vip');
    expect(changes).toEqual([`subscriptions ${alice.userId}`, `user ${alice.userId}`]);
    const [subscription] = await subs.subscriptionsOf(alice.userId);
    const start = Number(subscription!.start_time);
    expect(start).toBeGreaterThanOrEqual(before);
    const end = new Date(start * 1000);
    end.setUTCMonth(end.getUTCMonth() + 1);
    expect(Number(subscription!.end_time)).toBe(Math.floor(end.getTime() / 1000));
    const midnight = Math.floor(start / 86_400) * 86_400 + 86_400;
    expect(subscription).toMatchObject({
      status: 'active',
      source: 'admin',
      upgrade_group: 'vip',
      prev_user_group: 'default',
    });
    expect(Number(subscription!.amount_total)).toBe(5000);
    expect(Number(subscription!.amount_used)).toBe(0);
    expect(Number(subscription!.next_reset_time)).toBe(midnight);

    const self = (await harness.call(alice, 'GET', '/api/subscription/self')).json().data;
    expect(self.subscriptions).toHaveLength(1);
    expect(self.subscriptions[0].subscription).toMatchObject({
      plan_id: vipPlan,
      plan_title: 'VIP',
      amount_total: 5000,
      status: 'active',
    });
    expect(self.subscriptions[0].plan).toMatchObject({ id: vipPlan, title: 'VIP' });

    // The second route answers `data: {message}`; the user is in the group already.
    const second = (
      await harness.call(root, 'POST', `${ADMIN}/users/${alice.userId}/subscriptions`, {
        plan_id: plainPlan,
      })
    ).json();
    expect(second).toEqual({ success: true, message: '', data: { message: '' } });
    const listed = (
      await harness.call(root, 'GET', `${ADMIN}/users/${alice.userId}/subscriptions`)
    ).json();
    expect(listed.data.map((item: { plan: { title: string } }) => item.plan.title).sort()).toEqual([
      'Plain',
      'VIP',
    ]);
  });

  it('refuses unknown users and plans, and enforces the purchase cap', async () => {
    const bob = await subs.user('bob');
    expect(await bind(999_999, vipPlan)).toEqual({ success: false, message: '用户不存在' });
    expect(await bind(bob.userId, 999_999)).toEqual({ success: false, message: '套餐不存在' });
    const once = await subs.plan({ title: 'Once', max_purchase_per_user: 1 });
    expect((await bind(bob.userId, once)).success).toBe(true);
    expect(await bind(bob.userId, once)).toEqual({
      success: false,
      message: '已达到该套餐购买上限',
    });
    // Ended subscriptions still count.
    const [held] = await subs.subscriptionsOf(bob.userId);
    expect((await invalidate(Number(held!.id))).success).toBe(true);
    expect((await bind(bob.userId, once)).message).toBe('已达到该套餐购买上限');
    // Concurrent binds past a cap of 2: exactly two are created.
    const twice = await subs.plan({ title: 'Twice', max_purchase_per_user: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => bind(bob.userId, twice)));
    expect(answers.filter((answer) => answer.success)).toHaveLength(2);
    const rows = await subs.subscriptionsOf(bob.userId);
    expect(rows.filter((row) => Number(row.plan_id) === twice)).toHaveLength(2);
  });

  it('takes the group back only when the last upgrading subscription ends', async () => {
    const carol = await subs.user('carol');
    await bind(carol.userId, vipPlan);
    await bind(carol.userId, vipPlan);
    const [first, second] = await subs.subscriptionsOf(carol.userId);
    // The second was bought while in vip already: it inherits the way back.
    expect(second).toMatchObject({ upgrade_group: 'vip', prev_user_group: 'default' });
    changes.length = 0;
    expect(await invalidate(Number(first!.id))).toEqual({ success: true, message: '' });
    expect(await groupOf(carol.userId)).toBe('vip');
    expect(changes).toEqual([`subscriptions ${carol.userId}`]);
    const cancelled = (await subs.subscriptionsOf(carol.userId))[0]!;
    expect(cancelled.status).toBe('cancelled');
    expect(Number(cancelled.end_time)).toBeLessThanOrEqual(now());
    // Invalidating again changes nothing.
    expect(await invalidate(Number(first!.id))).toEqual({ success: true, message: '' });

    changes.length = 0;
    expect(await invalidate(Number(second!.id))).toEqual({
      success: true,
      message: '用户分组将回退到 default',
    });
    expect(await groupOf(carol.userId)).toBe('default');
    expect(changes).toEqual([`subscriptions ${carol.userId}`, `user ${carol.userId}`]);
    const self = (await harness.call(carol, 'GET', '/api/subscription/self')).json().data;
    expect(self.subscriptions).toEqual([]);
    expect(self.all_subscriptions).toHaveLength(2);
    expect(await invalidate(999_999)).toEqual({ success: false, message: '订阅不存在' });
  });

  it('leaves a group an admin changed since, and deletes with the downgrade first', async () => {
    const dave = await subs.user('dave');
    await bind(dave.userId, vipPlan);
    const [held] = await subs.subscriptionsOf(dave.userId);
    await db()
      .updateTable('users')
      .set({ group: 'default' })
      .where('id', '=', dave.userId)
      .execute();
    await db().updateTable('users').set({ group: 'gold' }).where('id', '=', dave.userId).execute();
    expect(await remove(Number(held!.id))).toEqual({ success: true, message: '' });
    expect(await groupOf(dave.userId)).toBe('gold');
    expect(await subs.subscriptionsOf(dave.userId)).toEqual([]);

    await db()
      .updateTable('users')
      .set({ group: 'default' })
      .where('id', '=', dave.userId)
      .execute();
    await bind(dave.userId, vipPlan);
    const [again] = await subs.subscriptionsOf(dave.userId);
    expect(await remove(Number(again!.id))).toEqual({
      success: true,
      message: '用户分组将回退到 default',
    });
    expect(await groupOf(dave.userId)).toBe('default');
    expect(await remove(Number(again!.id))).toEqual({ success: false, message: '订阅不存在' });
  });

  it('expires ended subscriptions once across concurrent sweeps, with the downgrade', async () => {
    const erin = await subs.user('erin');
    await bind(erin.userId, vipPlan);
    await bind(erin.userId, plainPlan);
    const [vip, plain] = await subs.subscriptionsOf(erin.userId);
    const past = now() - 10;
    await db()
      .updateTable('user_subscriptions')
      .set({ end_time: past })
      .where('id', 'in', [Number(vip!.id), Number(plain!.id)])
      .execute();
    changes.length = 0;
    const deps = harness.runtime.context;
    const counts = await Promise.all([
      expireDueSubscriptions(deps, now()),
      expireDueSubscriptions(deps, now()),
      expireDueSubscriptions(deps, now()),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect((await subs.subscriptionsOf(erin.userId)).map((row) => row.status)).toEqual([
      'expired',
      'expired',
    ]);
    expect(await groupOf(erin.userId)).toBe('default');
    expect(changes.filter((change) => change === `user ${erin.userId}`)).toHaveLength(1);
    expect(await expireDueSubscriptions(deps, now())).toBe(0);
  });

  it('resets due pools in the same sweep', async () => {
    const fay = await subs.user('fay');
    await bind(fay.userId, vipPlan);
    const [held] = await subs.subscriptionsOf(fay.userId);
    await db()
      .updateTable('user_subscriptions')
      .set({ amount_used: 1234, next_reset_time: now() - 5 })
      .where('id', '=', Number(held!.id))
      .execute();
    const result = await sweepSubscriptions(harness.runtime.context, now());
    expect(result.resetUsers).toContain(fay.userId);
    const [reset] = await subs.subscriptionsOf(fay.userId);
    expect(Number(reset!.amount_used)).toBe(0);
    expect(Number(reset!.next_reset_time)).toBeGreaterThan(now());
  });
});
