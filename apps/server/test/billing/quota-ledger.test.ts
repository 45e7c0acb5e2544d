import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QuotaLedger, type Reservation } from '../../src/billing/quota-ledger.js';
import { RelayError } from '../../src/relay/relay-error.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

const USER_ID = 1;
const TOKEN_ID = 1;
const CHANNEL_ID = 1;

describe.each(testDatabaseKinds())('QuotaLedger group commits on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function reset(userQuota: number, tokenQuota: number, tokenUnlimited = false) {
    await db().deleteFrom('users').execute();
    await db().deleteFrom('tokens').execute();
    await db().deleteFrom('channels').execute();
    await db()
      .insertInto('users')
      .values({ id: USER_ID, username: 'payer', password: 'x', quota: userQuota } as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values({
        id: TOKEN_ID,
        user_id: USER_ID,
        key: 'k'.repeat(48),
        name: 'token',
        remain_quota: tokenQuota,
        unlimited_quota: tokenUnlimited,
      } as never)
      .execute();
    await db()
      .insertInto('channels')
      .values({ id: CHANNEL_ID, type: 1, key: 'upstream', name: 'mock', used_quota: 0 } as never)
      .execute();
  }

  async function balances() {
    const user = await db()
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', USER_ID)
      .executeTakeFirstOrThrow();
    const token = await db()
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', TOKEN_ID)
      .executeTakeFirstOrThrow();
    const channel = await db()
      .selectFrom('channels')
      .select(['used_quota'])
      .where('id', '=', CHANNEL_ID)
      .executeTakeFirstOrThrow();
    return {
      userQuota: Number(user.quota),
      userUsed: Number(user.used_quota),
      requests: Number(user.request_count),
      tokenRemain: Number(token.remain_quota),
      tokenUsed: Number(token.used_quota),
      channelUsed: Number(channel.used_quota),
    };
  }

  const reservation = (amount: number, tokenUnlimited = false): Reservation => ({
    userId: USER_ID,
    tokenId: TOKEN_ID,
    tokenUnlimited,
    amount,
  });

  let ledger: QuotaLedger;
  beforeEach(() => {
    ledger = new QuotaLedger(db());
  });

  it('applies hundreds of concurrent settlements exactly once', async () => {
    await reset(1_000_000, 1_000_000);
    const settlements = Array.from({ length: 300 }, (_, index) =>
      ledger.settle(reservation(0), {
        quota: 10 + (index % 7),
        channelId: CHANNEL_ID,
        countUsage: true,
      }),
    );
    await Promise.all(settlements);
    const charged = Array.from({ length: 300 }, (_, index) => 10 + (index % 7)).reduce(
      (a, b) => a + b,
    );
    expect(await balances()).toEqual({
      userQuota: 1_000_000 - charged,
      userUsed: charged,
      requests: 300,
      tokenRemain: 1_000_000 - charged,
      tokenUsed: charged,
      channelUsed: charged,
    });
    await ledger.close();
  });

  it('refunds the unused part of a reservation and counts nothing for a call that produced nothing', async () => {
    await reset(10_000, 10_000);
    await ledger.reserve(reservation(1_000));
    await ledger.settle(reservation(1_000), {
      quota: 250,
      channelId: CHANNEL_ID,
      countUsage: true,
    });
    await ledger.reserve(reservation(500));
    await ledger.settle(reservation(500), { quota: 0, channelId: CHANNEL_ID, countUsage: false });
    expect(await balances()).toEqual({
      userQuota: 9_750,
      userUsed: 250,
      requests: 1,
      tokenRemain: 9_750,
      tokenUsed: 250,
      channelUsed: 250,
    });
    await ledger.close();
  });

  it('lets exactly as many concurrent reservations through as the balance covers', async () => {
    await reset(1_000, 1_000_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => ledger.reserve(reservation(100))),
    );
    const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(taken).toBe(10);
    expect(refused).toHaveLength(15);
    for (const outcome of refused) {
      const error = (outcome as PromiseRejectedResult).reason as RelayError;
      expect(error).toBeInstanceOf(RelayError);
      expect(error.status).toBe(403);
      expect(error.code).toBe('insufficient_user_quota');
    }
    expect((await balances()).userQuota).toBe(0);
    await ledger.close();
  });

  it('gives the user part back when the token cannot pay, and takes nothing', async () => {
    await reset(5_000, 150);
    const outcomes = await Promise.allSettled([
      ledger.reserve(reservation(100)),
      ledger.reserve(reservation(100)),
      ledger.reserve(reservation(100, true)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const refused = (outcomes[1] as PromiseRejectedResult).reason as RelayError;
    expect(refused.code).toBe('pre_consume_token_quota_failed');
    // Two reservations taken: 200 from the user; the unlimited token may go below zero.
    const after = await balances();
    expect(after.userQuota).toBe(4_800);
    expect(after.tokenRemain).toBe(-50);
    await ledger.close();
  });

  it("reads balances back after each write, including another process's charges", async () => {
    await reset(10_000, 10_000);
    const other = new QuotaLedger(db());
    await other.settle(reservation(0), { quota: 500, channelId: CHANNEL_ID, countUsage: true });
    const observed: Array<[number | undefined, number | undefined]> = [];
    ledger.onBalances((balances) =>
      observed.push([balances.users.get(USER_ID), balances.tokens.get(TOKEN_ID)]),
    );
    const written = ledger.settle(reservation(0), {
      quota: 300,
      channelId: CHANNEL_ID,
      countUsage: true,
    });
    // Until written, the charge is this ledger's to report.
    expect(ledger.unwrittenUserCharge(USER_ID)).toBe(300);
    expect(ledger.unwrittenTokenCharge(TOKEN_ID)).toBe(300);
    expect(other.unwrittenUserCharge(USER_ID)).toBe(0);
    await written;
    expect(ledger.unwrittenUserCharge(USER_ID)).toBe(0);
    expect(observed).toEqual([[9_200, 9_200]]);
    await other.close();
    await ledger.close();
  });

  it('keeps settlements in memory in batch mode until flushed', async () => {
    await reset(10_000, 10_000);
    const batched = new QuotaLedger(db(), { enabled: true, intervalSeconds: 3600 });
    await batched.settle(reservation(0), { quota: 40, channelId: CHANNEL_ID, countUsage: true });
    await batched.settle(reservation(0), { quota: 60, channelId: CHANNEL_ID, countUsage: true });
    expect((await balances()).userQuota).toBe(10_000);
    await batched.flush();
    expect(await balances()).toMatchObject({ userQuota: 9_900, requests: 2, channelUsed: 100 });
    await batched.close();
    await ledger.close();
  });
});

describe('QuotaLedger when the database fails', () => {
  it('keeps a failed settlement and writes it once the database answers again', async () => {
    const database = await createTestDatabase('sqlite');
    const db = database.handle.db;
    try {
      await db
        .insertInto('users')
        .values({ id: USER_ID, username: 'payer', password: 'x', quota: 1_000 } as never)
        .execute();
      const errors: unknown[] = [];
      const ledger = new QuotaLedger(db, undefined, (error) => errors.push(error));
      // A trigger makes every write to users fail, as an outage would.
      await db.executeQuery(
        CompiledQuery.raw(
          "create trigger refuse before update on users begin select raise(abort, 'down'); end",
        ),
      );
      await expect(
        ledger.settle(
          { userId: USER_ID, tokenId: 0, tokenUnlimited: true, amount: 0 },
          { quota: 300, channelId: 0, countUsage: true },
        ),
      ).rejects.toThrow();
      expect(errors).toHaveLength(1);
      await db.executeQuery(CompiledQuery.raw('drop trigger refuse'));
      await ledger.flush();
      const row = await db
        .selectFrom('users')
        .select(['quota', 'request_count'])
        .executeTakeFirstOrThrow();
      expect(Number(row.quota)).toBe(700);
      expect(Number(row.request_count)).toBe(1);
      await ledger.close();
    } finally {
      await database.drop();
    }
  });
});
