import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import type { LedgerTarget } from './ledger-commit.js';
import { QuotaLedger, type AdmitRequest } from './quota-ledger.js';

const USER = 1;
const TOKEN = 2;

/** The ledger's own decisions, on one SQLite database and one process. */
describe('QuotaLedger decisions', () => {
  let database: TestDatabase;
  let target: LedgerTarget;
  let ledgers: QuotaLedger[];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of ['users', 'tokens', 'logs', 'quota_holds'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({ id: USER, username: 'payer', password: 'x', quota: 1000 } as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values({
        id: TOKEN,
        user_id: USER,
        key: 'k'.repeat(48),
        name: 't',
        remain_quota: 1000,
      } as never)
      .execute();
    target = {
      db: db(),
      dialect: 'sqlite',
      holder: 'ledger-unit',
      holdSeconds: 60,
      logs: { kind: 'table', dialect: 'sqlite' },
    };
    ledgers = [];
  });
  afterEach(async () => {
    for (const ledger of ledgers) await ledger.close();
  });

  function ledger(batch?: { enabled: boolean; intervalSeconds: number }): QuotaLedger {
    const created = new QuotaLedger(target, batch);
    ledgers.push(created);
    return created;
  }
  const request = (
    estimate: number,
    quota = 1000,
    tokenId = TOKEN,
    unlimited = false,
  ): AdmitRequest => ({
    user: { id: USER, quota },
    token: { id: tokenId, remain_quota: quota, unlimited_quota: unlimited },
    estimate,
  });
  const holds = async () =>
    (await db().selectFrom('quota_holds').select(['token_id', 'amount']).execute()).map((row) => [
      Number(row.token_id),
      Number(row.amount),
    ]);
  const userQuota = async () =>
    Number((await db().selectFrom('users').select('quota').executeTakeFirstOrThrow()).quota);

  it('admits a free call without a hold while the user has quota, refuses it when none is left', async () => {
    const quota = ledger();
    expect(quota.admit(request(0))).toEqual({ userId: USER, tokenId: TOKEN, estimate: 0 });
    expect(quota.admit(request(-5))).toEqual({ userId: USER, tokenId: TOKEN, estimate: 0 });
    expect(() => quota.admit(request(0, 0))).toThrow('user quota is not enough');
    expect(() => quota.admit(request(10, 0))).toThrow('user quota is not enough');
    expect(await holds()).toEqual([]);
  });

  it('counts unwritten charges against the user before admitting', async () => {
    const quota = ledger({ enabled: true, intervalSeconds: 3600 });
    await quota.settle(quota.admit(request(0)) as never, {
      quota: 1000,
      channelId: 0,
      countUsage: true,
    });
    expect(quota.unwrittenUserCharge(USER)).toBe(1000);
    expect(quota.unwrittenTokenCharge(TOKEN)).toBe(1000);
    expect(() => quota.admit(request(0))).toThrow('user quota is not enough');
    await quota.flush();
    expect(await userQuota()).toBe(0);
  });

  it('holds a tight call exactly, gives the rest back at settlement, and tells the balances', async () => {
    const quota = ledger();
    const seen: number[] = [];
    const stop = quota.onBalances((balances) => seen.push(balances.users.get(USER) ?? -1));
    // 1000 is not 100 × 600: a tight balance.
    const admission = await quota.admit(request(600));
    expect(admission).toEqual({ userId: USER, tokenId: TOKEN, estimate: 600 });
    expect(quota.heldForUser(USER)).toBe(600);
    expect(quota.heldForUser(99)).toBe(0);
    expect(await holds()).toEqual([[TOKEN, 600]]);
    await quota.settle(admission, { quota: 250, channelId: 0, countUsage: true });
    await quota.flush();
    expect(await holds()).toEqual([]);
    expect(await userQuota()).toBe(750);
    expect(quota.heldForUser(USER)).toBe(0);
    expect(seen.at(-1)).toBe(750);
    stop();
    const before = seen.length;
    await quota.settle(quota.admit(request(0)) as never, {
      quota: 1,
      channelId: 0,
      countUsage: true,
    });
    expect(seen).toHaveLength(before);
  });

  it('admits from memory while the hold covers the call, in order behind waiting calls', async () => {
    const quota = ledger();
    const roomy = (estimate: number) => request(estimate, 1_000_000);
    await db().updateTable('users').set({ quota: 1_000_000 }).execute();
    await db().updateTable('tokens').set({ remain_quota: 1_000_000 }).execute();
    const first = await quota.admit(roomy(100));
    // A roomy hold took room for many more calls: the next is admitted synchronously.
    const second = quota.admit(roomy(100));
    expect(second).not.toBeInstanceOf(Promise);
    expect((await holds())[0][1]).toBeGreaterThan(200);
    await quota.settle(first, { quota: 100, channelId: 0, countUsage: true });
    await quota.settle(second as never, { quota: 100, channelId: 0, countUsage: true });
    await quota.flush();
    expect(await holds()).toEqual([]);
    expect(await userQuota()).toBe(1_000_000 - 200);
  });

  it('refuses a call the balance cannot cover with the shortfall error, and a later one that fits is admitted', async () => {
    const quota = ledger();
    await expect(quota.admit(request(1500))).rejects.toMatchObject({
      status: 403,
      code: 'insufficient_user_quota',
      message: 'pre-consume quota failed: user quota is not enough, need quota: 1500',
    });
    await db().updateTable('tokens').set({ remain_quota: 10 }).execute();
    await expect(
      quota.admit({
        ...request(500),
        token: { id: TOKEN, remain_quota: 10, unlimited_quota: false },
      }),
    ).rejects.toMatchObject({ code: 'pre_consume_token_quota_failed' });
    // An unlimited token (another one: a pair's hold keeps its token's terms) is never checked.
    const unlimited = await quota.admit({
      ...request(500),
      token: { id: 3, remain_quota: 10, unlimited_quota: true },
    });
    expect(unlimited.estimate).toBe(500);
    await quota.settle(unlimited, { quota: 500, channelId: 0, countUsage: true });
    await quota.flush();
    expect(await userQuota()).toBe(500);
  });

  it('gives idle holds back on its own after a moment', async () => {
    const quota = ledger();
    await db().updateTable('users').set({ quota: 1_000_000 }).execute();
    await db().updateTable('tokens').set({ remain_quota: 1_000_000 }).execute();
    const admission = await quota.admit(request(100, 1_000_000));
    await quota.settle(admission, { quota: 100, channelId: 0, countUsage: true });
    // A roomy hold is kept while idle, then given back by the sweep (idle for 2 s).
    expect((await holds()).length).toBe(1);
    for (let attempt = 0; attempt < 80 && (await holds()).length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await holds()).toEqual([]);
    expect(await userQuota()).toBe(1_000_000 - 100);
  });

  it('in batch mode keeps even a tight hold until flushed, and writes every interval', async () => {
    const quota = ledger({ enabled: true, intervalSeconds: 0.05 });
    const admission = await quota.admit(request(600));
    await quota.settle(admission, { quota: 100, channelId: 0, countUsage: true });
    for (let attempt = 0; attempt < 500 && (await userQuota()) !== 900; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await userQuota()).toBe(900);
    expect(await holds()).toEqual([]);
  });

  it('rejects the waiting calls when the hold cannot be written', async () => {
    const quota = ledger();
    await db().schema.alterTable('quota_holds').renameTo('quota_holds_away').execute();
    try {
      await expect(quota.admit(request(100))).rejects.toThrow();
    } finally {
      await db().schema.alterTable('quota_holds_away').renameTo('quota_holds').execute();
    }
    // The next call tries again and is admitted.
    expect((await quota.admit(request(100))).estimate).toBe(100);
  });

  it('gives back, at close, whatever its process still holds in the database', async () => {
    const quota = new QuotaLedger(target);
    await quota.admit(request(300));
    await db()
      .insertInto('quota_holds')
      .values({ holder: 'ledger-unit', user_id: USER, token_id: 0, amount: 50, expires_at: 2e9 })
      .execute();
    await quota.close();
    expect(await holds()).toEqual([]);
    expect(await userQuota()).toBe(1050);
  });

  describe('accounting in memory', () => {
    const rich = async () => {
      await db().updateTable('users').set({ quota: 1_000_000 }).execute();
      await db().updateTable('tokens').set({ remain_quota: 1_000_000 }).execute();
    };
    const roomy = (estimate: number) => request(estimate, 1_000_000);
    const holdAmount = async () => Number((await holds())[0]?.[1] ?? 0);

    it('counts what settled calls used against a roomy hold, to the last unit', async () => {
      await rich();
      const quota = ledger();
      const first = await quota.admit(roomy(100));
      const held = await holdAmount();
      expect(held).toBe(6_500);
      // A call that cost far more than its estimate uses the hold up to its last 500.
      await quota.settle(first, { quota: 6_000, channelId: 0, countUsage: true });
      const exact = quota.admit(roomy(500));
      expect(exact).not.toBeInstanceOf(Promise);
      const beyond = quota.admit(roomy(1));
      expect(beyond).toBeInstanceOf(Promise);
      await quota.settle(exact as never, { quota: 500, channelId: 0, countUsage: true });
      await quota.settle(await beyond, { quota: 1, channelId: 0, countUsage: true });
      await quota.flush();
      expect(await holds()).toEqual([]);
      expect(await userQuota()).toBe(1_000_000 - 6_501);
    });

    it('keeps a tight hold in batch mode, less what settled calls took out of it', async () => {
      const quota = ledger({ enabled: true, intervalSeconds: 3600 });
      const admission = await quota.admit(request(600));
      // A free call of the same pair is charged directly, never out of the hold.
      await quota.settle(quota.admit(request(0)) as never, {
        quota: 100,
        channelId: 0,
        countUsage: true,
      });
      expect(quota.heldForUser(USER)).toBe(600);
      await quota.settle(admission, { quota: 250, channelId: 0, countUsage: true });
      expect(quota.heldForUser(USER)).toBe(350);
      await quota.flush();
      expect(quota.heldForUser(USER)).toBe(0);
      expect(await userQuota()).toBe(650);
    });

    it('sizes the hold by the user alone for calls without a token or with an unlimited one', async () => {
      await rich();
      const quota = ledger();
      const noToken = await quota.admit({
        user: { id: USER, quota: 1_000_000 },
        token: { id: 0, remain_quota: 0, unlimited_quota: false },
        estimate: 100,
      });
      const unlimited = await quota.admit({
        user: { id: USER, quota: 1_000_000 },
        token: { id: 3, remain_quota: 0, unlimited_quota: true },
        estimate: 100,
      });
      const amounts = Object.fromEntries(await holds());
      expect(amounts[0]).toBe(6_500);
      expect(amounts[3]).toBeGreaterThan(100);
      await quota.settle(noToken, { quota: 0, channelId: 0, countUsage: false });
      await quota.settle(unlimited, { quota: 0, channelId: 0, countUsage: false });
    });

    it('sizes the hold by the token as it will be once unwritten charges land', async () => {
      await rich();
      const quota = ledger({ enabled: true, intervalSeconds: 3600 });
      await quota.settle(quota.admit(roomy(0)) as never, {
        quota: 995_000,
        channelId: 0,
        countUsage: true,
      });
      // 5 000 left is not 100 × 100: a tight hold of exactly the estimate.
      const admission = await quota.admit({
        user: { id: USER, quota: 1_000_000 },
        token: { id: TOKEN, remain_quota: 1_000_000, unlimited_quota: false },
        estimate: 100,
      });
      expect(quota.heldForUser(USER)).toBe(100);
      await quota.settle(admission, { quota: 0, channelId: 0, countUsage: false });
    });

    it('never gives back a hold a call is still using', async () => {
      await rich();
      const quota = ledger();
      const admission = await quota.admit(roomy(100));
      await quota.flush();
      expect(await holdAmount()).toBe(6_500);
      await quota.settle(admission, { quota: 100, channelId: 0, countUsage: true });
      await quota.flush();
      expect(await holds()).toEqual([]);
    });
  });
});
