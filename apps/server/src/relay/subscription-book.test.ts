import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { AppEvents } from '../lib/app-events.js';
import { SubscriptionBook } from './subscription-book.js';

const NOW = 1_800_000_000;

describe('SubscriptionBook', () => {
  let database: TestDatabase;
  let clock = NOW * 1000;
  const events = new AppEvents();
  let book: SubscriptionBook;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const db = database.handle.db;
    await db
      .insertInto('subscription_plans')
      .values([
        { id: 1, title: 'Monthly' },
        { id: 2, title: 'Yearly' },
      ])
      .execute();
    const row = (id: number, userId: number, planId: number, endTime: number, extra = {}) => ({
      id,
      user_id: userId,
      plan_id: planId,
      amount_total: 1000,
      amount_used: 100,
      start_time: NOW - 100,
      end_time: endTime,
      status: 'active',
      next_reset_time: 0,
      ...extra,
    });
    await db
      .insertInto('user_subscriptions')
      .values([
        row(10, 1, 2, NOW + 9000),
        row(11, 1, 1, NOW + 500, { next_reset_time: NOW + 60 }),
        row(12, 1, 1, NOW + 800, { amount_total: 0 }),
        row(13, 1, 1, NOW - 1), // over
        row(14, 1, 1, NOW + 800, { status: 'cancelled' }),
      ])
      .execute();
    book = new SubscriptionBook(db, events, undefined, () => clock);
    await book.refresh();
  });
  afterAll(async () => {
    book.stop();
    await database?.drop();
  });

  const ids = (userId: number) => book.candidates(userId).map((entry) => entry.subscription.id);

  it('offers the active subscriptions, the one ending first first, with what each has left', () => {
    expect(book.candidates(1)).toEqual([
      expect.objectContaining({
        subscription: expect.objectContaining({ id: 11, planTitle: 'Monthly' }),
        remaining: 900,
      }),
      expect.objectContaining({
        subscription: expect.objectContaining({ id: 12 }),
        remaining: Infinity,
      }),
      expect.objectContaining({
        subscription: expect.objectContaining({ id: 10, planTitle: 'Yearly' }),
        remaining: 900,
      }),
    ]);
    expect(book.candidates(2)).toEqual([]);
  });

  it('counts a passed reset boundary as a new period and drops what has ended, without a read', () => {
    clock = (NOW + 61) * 1000;
    expect(book.candidates(1)[0]).toMatchObject({ subscription: { id: 11 }, remaining: 1000 });
    clock = (NOW + 600) * 1000;
    expect(ids(1)).toEqual([12, 10]);
    clock = NOW * 1000;
  });

  it('skips a pool the ledger refused until its usage drops, and follows the ledger’s read-backs', () => {
    book.markSpent(11);
    expect(ids(1)).toEqual([12, 10]);
    book.observeBalances({
      users: new Map(),
      tokens: new Map(),
      subscriptions: new Map([[11, 1000]]),
    });
    expect(ids(1)).toEqual([12, 10]);
    book.observeBalances({
      users: new Map(),
      tokens: new Map(),
      subscriptions: new Map([[11, 400]]),
    });
    expect(book.candidates(1)[0]).toMatchObject({ subscription: { id: 11 }, remaining: 600 });
  });

  it('reads a user again when their subscriptions change', async () => {
    await database.handle.db
      .insertInto('user_subscriptions')
      .values({
        id: 20,
        user_id: 2,
        plan_id: 1,
        start_time: NOW,
        end_time: NOW + 100,
        status: 'active',
      })
      .execute();
    events.emit('subscriptions-changed', { userId: 2 });
    await expect.poll(() => ids(2)).toEqual([20]);
    await database.handle.db
      .updateTable('user_subscriptions')
      .set({ status: 'cancelled' })
      .where('id', '=', 20)
      .execute();
    events.emit('subscriptions-changed', { userId: 2 });
    await expect.poll(() => ids(2)).toEqual([]);
    expect(book.find(1, 10)).toMatchObject({ planTitle: 'Yearly' });
  });
});
