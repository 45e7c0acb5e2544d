import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { heldForUser, withHeldTokenQuota, withHeldUserQuota } from './held-quota.js';
import { holdKeyText, PendingWrites, type Settlement } from './ledger-batch.js';
import { shortfallError, userQuotaError } from './ledger-refusals.js';
import { lockingTransaction } from './locking-transaction.js';

const log = (content: string) => ({ content }) as LogRow;
const settlement = (overrides: Partial<Settlement>): Settlement => ({
  userId: 1,
  tokenId: 2,
  quota: 10,
  channelId: 3,
  countUsage: true,
  ...overrides,
});

describe('PendingWrites', () => {
  it('starts empty and names hold keys user:token', () => {
    const writes = new PendingWrites();
    expect(writes.empty).toBe(true);
    expect(holdKeyText(4, 0)).toBe('4:0');
    expect(writes.holdCharge('1:2')).toBe(0);
  });

  it('sums settlements per user, token and channel, keeping log rows in order', () => {
    const writes = new PendingWrites();
    expect(writes.addSettlement(settlement({ log: log('first') }))).toBe(true);
    expect(writes.addSettlement(settlement({ quota: 5, log: log('second') }))).toBe(true);
    expect(
      writes.addSettlement(settlement({ userId: 9, tokenId: 8, quota: 7, channelId: 6 })),
    ).toBe(true);
    expect(writes.users.get(1)).toEqual({ quota: 15, used: 15, requests: 2 });
    expect(writes.users.get(9)).toEqual({ quota: 7, used: 7, requests: 1 });
    expect(writes.tokens.get(2)).toEqual({ quota: 15, used: 15 });
    expect(writes.tokens.get(8)).toEqual({ quota: 7, used: 7 });
    expect(writes.channels.get(3)).toBe(15);
    expect(writes.channels.get(6)).toBe(7);
    expect(writes.logs.map((row) => row.content)).toEqual(['first', 'second']);
    expect(writes.empty).toBe(false);
  });

  it('counts nothing for calls that produced nothing, but still charges them', () => {
    const writes = new PendingWrites();
    expect(writes.addSettlement(settlement({ countUsage: false, quota: 4 }))).toBe(true);
    expect(writes.users.get(1)).toEqual({ quota: 4, used: 0, requests: 0 });
    expect(writes.tokens.get(2)).toEqual({ quota: 4, used: 4 });
    expect(writes.channels.size).toBe(0);
  });

  it('writes nothing for a free call without usage or log, only the request count for a free used call', () => {
    const writes = new PendingWrites();
    expect(writes.addSettlement(settlement({ quota: 0, countUsage: false }))).toBe(false);
    expect(writes.empty).toBe(true);
    expect(
      writes.addSettlement(settlement({ quota: 0, countUsage: false, log: log('only a log') })),
    ).toBe(true);
    expect(writes.users.size).toBe(0);
    expect(writes.logs).toHaveLength(1);
    expect(writes.addSettlement(settlement({ quota: 0 }))).toBe(true);
    expect(writes.users.get(1)).toEqual({ quota: 0, used: 0, requests: 1 });
    expect(writes.tokens.size).toBe(0);
    expect(writes.channels.size).toBe(0);
  });

  it('charges no token for calls without one, and no channel for channel 0', () => {
    const writes = new PendingWrites();
    writes.addSettlement(settlement({ tokenId: 0, channelId: 0 }));
    expect(writes.tokens.size).toBe(0);
    expect(writes.channels.size).toBe(0);
    expect(writes.users.get(1)).toEqual({ quota: 10, used: 10, requests: 1 });
  });

  it('gives back negative quota (a refund) through the same sums', () => {
    const writes = new PendingWrites();
    writes.addSettlement(settlement({ quota: -6, countUsage: false }));
    expect(writes.users.get(1)).toEqual({ quota: -6, used: 0, requests: 0 });
    expect(writes.tokens.get(2)).toEqual({ quota: -6, used: -6 });
  });

  it('sums what settled calls take out of a hold, only positive amounts', () => {
    const writes = new PendingWrites();
    writes.addSettlement(settlement({ fromHold: 4 }));
    writes.addSettlement(settlement({ fromHold: 3 }));
    writes.addSettlement(settlement({ fromHold: 0 }));
    writes.addSettlement(settlement({ fromHold: -2 }));
    writes.addSettlement(settlement({ userId: 5, fromHold: 1 }));
    expect(writes.holdCharge('1:2')).toBe(7);
    expect(writes.holdCharge('5:2')).toBe(1);
    expect(writes.holdCharges.size).toBe(2);
  });

  it('keeps one release per hold, and a release or log alone is not empty', () => {
    const writes = new PendingWrites();
    writes.addRelease({ userId: 1, tokenId: 2 });
    writes.addRelease({ userId: 1, tokenId: 2 });
    expect([...writes.releases.values()]).toEqual([{ userId: 1, tokenId: 2 }]);
    expect(writes.empty).toBe(false);
    const logs = new PendingWrites();
    logs.addLog(log('x'));
    expect(logs.empty).toBe(false);
  });

  it('is not empty with only a hold charge, a token, or a channel', () => {
    const charge = new PendingWrites();
    charge.holdCharges.set('1:2', { userId: 1, tokenId: 2, amount: 1 });
    expect(charge.empty).toBe(false);
    const token = new PendingWrites();
    token.tokens.set(1, { quota: 1, used: 1 });
    expect(token.empty).toBe(false);
    const channel = new PendingWrites();
    channel.channels.set(1, 1);
    expect(channel.empty).toBe(false);
    const user = new PendingWrites();
    user.users.set(1, { quota: 1, used: 1, requests: 1 });
    expect(user.empty).toBe(false);
  });

  it('puts a failed write back in front of what came since', () => {
    const failed = new PendingWrites();
    failed.addSettlement(settlement({ log: log('old'), fromHold: 2 }));
    failed.addRelease({ userId: 7, tokenId: 0 });
    const since = new PendingWrites();
    since.addSettlement(settlement({ quota: 1, log: log('new'), fromHold: 1 }));
    since.addSettlement(settlement({ userId: 3, tokenId: 4, channelId: 5, quota: 2 }));
    since.addAll(failed);
    expect(since.logs.map((row) => row.content)).toEqual(['old', 'new']);
    expect(since.users.get(1)).toEqual({ quota: 11, used: 11, requests: 2 });
    expect(since.users.get(3)).toEqual({ quota: 2, used: 2, requests: 1 });
    expect(since.tokens.get(2)).toEqual({ quota: 11, used: 11 });
    expect(since.channels.get(3)).toBe(11);
    expect(since.channels.get(5)).toBe(2);
    expect(since.holdCharge('1:2')).toBe(3);
    expect([...since.releases.keys()]).toEqual(['7:0']);
    // The failed batch is not changed by being added.
    expect(failed.users.get(1)).toEqual({ quota: 10, used: 10, requests: 1 });
    expect(failed.holdCharge('1:2')).toBe(2);
    const fresh = new PendingWrites();
    fresh.addAll(failed);
    expect(fresh.users.get(1)).toEqual({ quota: 10, used: 10, requests: 1 });
    expect(fresh.tokens.get(2)).toEqual({ quota: 10, used: 10 });
    expect(fresh.holdCharge('1:2')).toBe(2);
    fresh.addAll(failed);
    expect(failed.users.get(1)).toEqual({ quota: 10, used: 10, requests: 1 });
    expect(failed.tokens.get(2)).toEqual({ quota: 10, used: 10 });
    expect(failed.holdCharge('1:2')).toBe(2);
  });
});

describe('ledger refusals', () => {
  it('names the balance that cannot cover the estimate', () => {
    expect(shortfallError('token', 42)).toMatchObject({
      status: 403,
      message: 'pre-consume quota failed: token quota is not enough, need quota: 42',
      code: 'pre_consume_token_quota_failed',
      type: 'new_api_error',
    });
    for (const shortfall of ['user', undefined] as const) {
      expect(shortfallError(shortfall, 7)).toMatchObject({
        status: 403,
        message: 'pre-consume quota failed: user quota is not enough, need quota: 7',
        code: 'insufficient_user_quota',
      });
    }
    expect(userQuotaError()).toMatchObject({
      status: 403,
      message: 'user quota is not enough',
      code: 'insufficient_user_quota',
      type: 'new_api_error',
    });
  });
});

describe('locking transaction', () => {
  it('runs at READ COMMITTED on MySQL only', () => {
    const levels: string[] = [];
    const builder = {
      setIsolationLevel(level: string) {
        levels.push(level);
        return { isolated: level };
      },
    };
    const db = { transaction: () => builder } as never;
    expect(lockingTransaction({ db, dialect: 'mysql' })).toEqual({ isolated: 'read committed' });
    expect(lockingTransaction({ db, dialect: 'postgres' })).toBe(builder);
    expect(lockingTransaction({ db, dialect: 'sqlite' })).toBe(builder);
    expect(levels).toEqual(['read committed']);
  });
});

describe('balances with their holds', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await db()
      .insertInto('quota_holds')
      .values([
        { holder: 'a', user_id: 1, token_id: 10, amount: 30, expires_at: 2e9 },
        { holder: 'b', user_id: 1, token_id: 11, amount: 12, expires_at: 2e9 },
        { holder: 'c', user_id: 2, token_id: 0, amount: -5, expires_at: 2e9 },
      ] as never)
      .execute();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('adds what is held for each user and token, leaving the others as they are', async () => {
    const users = [
      { id: 1, quota: 100 },
      { id: 2, quota: '50' },
      { id: 3, quota: 7 },
    ] as never[];
    expect(await withHeldUserQuota(db(), users)).toEqual([
      { id: 1, quota: 142 },
      { id: 2, quota: 45 },
      { id: 3, quota: 7 },
    ]);
    const tokens = [
      { id: 10, remain_quota: 1 },
      { id: 11, remain_quota: '2' },
      { id: 12, remain_quota: 3 },
    ] as never[];
    expect(await withHeldTokenQuota(db(), tokens)).toEqual([
      { id: 10, remain_quota: 31 },
      { id: 11, remain_quota: 14 },
      { id: 12, remain_quota: 3 },
    ]);
  });

  it('answers the same rows when nothing is held, and ignores id 0', async () => {
    const users = [{ id: 3, quota: 7 }] as never[];
    expect(await withHeldUserQuota(db(), users)).toBe(users);
    const playground = [{ id: 0, remain_quota: 0 }] as never[];
    expect(await withHeldTokenQuota(db(), playground)).toBe(playground);
    expect(await withHeldTokenQuota(db(), [])).toEqual([]);
  });

  it('sums a user’s holds across processes', async () => {
    expect(await heldForUser(db(), 1)).toBe(42);
    expect(await heldForUser(db(), 2)).toBe(-5);
    expect(await heldForUser(db(), 3)).toBe(0);
  });
});
