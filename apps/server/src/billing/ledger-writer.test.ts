import { CompiledQuery } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import type { LedgerTarget, ObservedBalances } from './ledger-commit.js';
import { LedgerWriter } from './ledger-writer.js';

const USER = 1;
const TOKEN = 2;
const CHANNEL = 3;

function logRow(quota: number): LogRow {
  return {
    user_id: USER,
    username: 'payer',
    created_at: 1,
    type: 2,
    content: `call ${quota}`,
    prompt_tokens: 1,
    completion_tokens: 1,
    token_name: 'token',
    model_name: 'model',
    quota,
    channel_id: CHANNEL,
    token_id: TOKEN,
    use_time: 0,
    is_stream: false,
    group: 'default',
    other: '',
  };
}

describe('LedgerWriter', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let observed: ObservedBalances[];
  let errors: unknown[];
  let writers: LedgerWriter[];
  let target: LedgerTarget;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of ['users', 'tokens', 'channels', 'logs', 'quota_holds'] as const) {
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
        name: 'token',
        remain_quota: 500,
      } as never)
      .execute();
    await db()
      .insertInto('channels')
      .values({ id: CHANNEL, name: 'c', key: 'k', type: 1 } as never)
      .execute();
    observed = [];
    errors = [];
    writers = [];
    target = {
      db: db(),
      dialect: 'sqlite',
      holder: 'writer-test',
      holdSeconds: 60,
      logs: { kind: 'table', dialect: 'sqlite' },
    };
  });
  afterEach(async () => {
    for (const writer of writers) await writer.close();
    await db().executeQuery(CompiledQuery.raw('drop trigger if exists refuse'));
  });

  function writer(batchMode = false): LedgerWriter {
    const created = new LedgerWriter(
      target,
      batchMode,
      { balances: (balances) => observed.push(balances) },
      (error) => errors.push(error),
    );
    writers.push(created);
    return created;
  }

  const balances = async () => ({
    user: await db()
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .executeTakeFirstOrThrow(),
    token: await db()
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .executeTakeFirstOrThrow(),
    channel: Number(
      (await db().selectFrom('channels').select('used_quota').executeTakeFirstOrThrow()).used_quota,
    ),
    logs: (await db().selectFrom('logs').select('quota').execute()).map((row) => Number(row.quota)),
    holds: await db().selectFrom('quota_holds').select(['user_id', 'token_id', 'amount']).execute(),
  });
  const settlement = (quota: number, log = true) => ({
    userId: USER,
    tokenId: TOKEN,
    quota,
    channelId: CHANNEL,
    countUsage: true,
    log: log ? logRow(quota) : undefined,
  });

  it('writes a settlement with its log row, and resolves once written', async () => {
    const ledger = writer();
    const written = ledger.settle(settlement(100));
    // Charged but not written yet: the balances the relay sees must count it.
    expect(ledger.unwrittenUserCharge(USER)).toBe(100);
    expect(ledger.unwrittenTokenCharge(TOKEN)).toBe(100);
    expect(ledger.unwrittenUserCharge(99)).toBe(0);
    expect(ledger.unwrittenTokenCharge(99)).toBe(0);
    await written;
    expect(ledger.unwrittenUserCharge(USER)).toBe(0);
    expect(ledger.unwrittenTokenCharge(TOKEN)).toBe(0);
    expect(await balances()).toMatchObject({
      user: { quota: 900, used_quota: 100, request_count: 1 },
      token: { remain_quota: 400, used_quota: 100 },
      channel: 100,
      logs: [100],
    });
    expect(observed).toHaveLength(1);
    expect(observed[0].users.get(USER)).toBe(900);
    expect(observed[0].tokens.get(TOKEN)).toBe(400);
  });

  it('sums settlements that arrive together into one write', async () => {
    const ledger = writer();
    await Promise.all([
      ledger.settle(settlement(10)),
      ledger.settle(settlement(20)),
      ledger.settle(settlement(30)),
    ]);
    expect(await balances()).toMatchObject({
      user: { quota: 940, used_quota: 60, request_count: 3 },
      logs: [10, 20, 30],
    });
    expect(observed).toHaveLength(1);
  });

  it('resolves at once, writing nothing, for a settlement that changes nothing', async () => {
    const ledger = writer();
    await ledger.settle({
      userId: USER,
      tokenId: TOKEN,
      quota: 0,
      channelId: CHANNEL,
      countUsage: false,
    });
    await ledger.flush();
    expect(observed).toHaveLength(0);
  });

  it('in batch mode resolves at once and writes only on flush', async () => {
    const ledger = writer(true);
    await ledger.settle(settlement(50));
    ledger.addLog(logRow(0));
    ledger.release({ userId: USER, tokenId: TOKEN });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await balances()).user.quota).toBe(1000);
    expect(ledger.unwrittenUserCharge(USER)).toBe(50);
    await ledger.flush();
    const after = await balances();
    expect(after.user.quota).toBe(950);
    expect(after.logs.sort((a, b) => a - b)).toEqual([0, 50]);
    expect(ledger.unwrittenUserCharge(USER)).toBe(0);
  });

  it('moves quota into a hold, takes what settled calls used from it, and gives it back', async () => {
    const ledger = writer();
    const grant = await ledger.lease({
      userId: USER,
      tokenId: TOKEN,
      tokenUnlimited: false,
      wanted: 300,
      steps: [100, 300],
      rebase: 0,
    });
    expect(grant).toEqual({ granted: 300, hold: 300 });
    expect(await balances()).toMatchObject({ user: { quota: 700 }, token: { remain_quota: 200 } });
    expect((await balances()).holds).toEqual([{ user_id: USER, token_id: TOKEN, amount: 300 }]);

    const fromHold = ledger.settle({ ...settlement(40), fromHold: 40 });
    expect(ledger.unwrittenHoldCharge(`${USER}:${TOKEN}`)).toBe(40);
    expect(ledger.unwrittenHoldCharge('9:9')).toBe(0);
    await fromHold;
    expect(ledger.unwrittenHoldCharge(`${USER}:${TOKEN}`)).toBe(0);
    expect((await balances()).holds).toEqual([{ user_id: USER, token_id: TOKEN, amount: 260 }]);
    // Taken from the hold, not again from the balances.
    expect(await balances()).toMatchObject({
      user: { quota: 700, used_quota: 40 },
      token: { remain_quota: 200 },
    });

    ledger.release({ userId: USER, tokenId: TOKEN });
    await ledger.flush();
    expect(await balances()).toMatchObject({
      user: { quota: 960 },
      token: { remain_quota: 460 },
      holds: [],
    });
  });

  it('writes releases and log rows nobody waits for a few milliseconds later, on its own', async () => {
    const ledger = writer();
    await ledger.lease({
      userId: USER,
      tokenId: 0,
      tokenUnlimited: true,
      wanted: 100,
      steps: [100],
      rebase: 0,
    });
    ledger.release({ userId: USER, tokenId: 0 });
    ledger.addLog(logRow(0));
    for (let attempt = 0; attempt < 1000 && (await balances()).holds.length > 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await balances()).toMatchObject({ user: { quota: 1000 }, holds: [], logs: [0] });
  });

  it('renews the holds of its process', async () => {
    const ledger = writer();
    await ledger.lease({
      userId: USER,
      tokenId: TOKEN,
      tokenUnlimited: false,
      wanted: 10,
      steps: [10],
      rebase: 0,
    });
    await db().updateTable('quota_holds').set({ expires_at: 5 }).execute();
    ledger.renewHolds();
    await ledger.flush();
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const hold = await db()
        .selectFrom('quota_holds')
        .select('expires_at')
        .executeTakeFirstOrThrow();
      if (Number(hold.expires_at) > 5) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const hold = await db()
      .selectFrom('quota_holds')
      .select('expires_at')
      .executeTakeFirstOrThrow();
    expect(Number(hold.expires_at)).toBeGreaterThan(Date.now() / 1000 + 50);
  });

  it('keeps a failed write in memory, tells its callers, and writes it once the database is back', async () => {
    const ledger = writer();
    await db().executeQuery(
      CompiledQuery.raw(
        "create trigger refuse before insert on logs begin select raise(abort, 'down'); end",
      ),
    );
    await expect(ledger.settle(settlement(70))).rejects.toThrow('settlement not written yet');
    expect(errors).toHaveLength(1);
    // Still counted against the balances while it waits.
    expect(ledger.unwrittenUserCharge(USER)).toBe(70);
    await expect(
      ledger.lease({
        userId: USER,
        tokenId: TOKEN,
        tokenUnlimited: false,
        wanted: 10,
        steps: [10],
        rebase: 0,
      }),
    ).rejects.toThrow();
    expect((await balances()).user.quota).toBe(1000);
    await db().executeQuery(CompiledQuery.raw('drop trigger refuse'));
    // The retry timer writes it without being asked.
    for (let attempt = 0; attempt < 400 && (await balances()).user.quota === 1000; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(await balances()).toMatchObject({ user: { quota: 930, request_count: 1 }, logs: [70] });
    expect(ledger.unwrittenUserCharge(USER)).toBe(0);
  });

  it('flushes nothing when nothing waits, and writes what waits when closed', async () => {
    const ledger = writer(true);
    await ledger.flush();
    expect(observed).toHaveLength(0);
    await ledger.settle(settlement(5));
    await ledger.close();
    expect((await balances()).user.quota).toBe(995);
  });

  it('counts a write in progress as unwritten until it has committed', async () => {
    const ledger = writer();
    await ledger.lease({
      userId: USER,
      tokenId: TOKEN,
      tokenUnlimited: false,
      wanted: 100,
      steps: [100],
      rebase: 0,
    });
    const written = ledger.settle({ ...settlement(30), fromHold: 30 });
    // The write starts on the next turn and awaits the database: it is in progress now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(ledger.unwrittenUserCharge(USER)).toBe(30);
    expect(ledger.unwrittenTokenCharge(TOKEN)).toBe(30);
    expect(ledger.unwrittenHoldCharge(`${USER}:${TOKEN}`)).toBe(30);
    // A settlement arriving meanwhile adds to it, and goes into the next write.
    const next = ledger.settle(settlement(5));
    expect(ledger.unwrittenUserCharge(USER)).toBe(35);
    expect(ledger.unwrittenTokenCharge(TOKEN)).toBe(35);
    await Promise.all([written, next]);
    expect(ledger.unwrittenUserCharge(USER)).toBe(0);
    expect(ledger.unwrittenHoldCharge(`${USER}:${TOKEN}`)).toBe(0);
    expect(await balances()).toMatchObject({
      user: { quota: 895, used_quota: 35 },
      holds: [{ amount: 70 }],
    });
    expect(observed.length).toBeGreaterThanOrEqual(2);
  });

  it('in batch mode keeps a failed write for the next flush, without retrying on its own', async () => {
    const ledger = writer(true);
    await db().executeQuery(
      CompiledQuery.raw(
        "create trigger refuse before insert on logs begin select raise(abort, 'down'); end",
      ),
    );
    await ledger.settle(settlement(40));
    await ledger.flush();
    expect(errors).toHaveLength(1);
    expect(ledger.unwrittenUserCharge(USER)).toBe(40);
    await db().executeQuery(CompiledQuery.raw('drop trigger refuse'));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await balances()).user.quota).toBe(1000);
    await ledger.flush();
    expect(await balances()).toMatchObject({ user: { quota: 960 }, logs: [40] });
  });

  it('renews the holds again after a failed renewal, a moment later', async () => {
    const ledger = writer();
    await ledger.lease({
      userId: USER,
      tokenId: TOKEN,
      tokenUnlimited: false,
      wanted: 10,
      steps: [10],
      rebase: 0,
    });
    await db().updateTable('quota_holds').set({ expires_at: 5 }).execute();
    await db().executeQuery(
      CompiledQuery.raw(
        "create trigger refuse before update on quota_holds begin select raise(abort, 'down'); end",
      ),
    );
    ledger.renewHolds();
    for (let attempt = 0; attempt < 1000 && errors.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A failed renewal is retried a second later, not at once in a loop (which failed hundreds of
    // times a second while the database was down).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors).toHaveLength(1);
    await db().executeQuery(CompiledQuery.raw('drop trigger refuse'));
    await ledger.flush();
    const hold = await db()
      .selectFrom('quota_holds')
      .select('expires_at')
      .executeTakeFirstOrThrow();
    expect(Number(hold.expires_at)).toBeGreaterThan(Date.now() / 1000 + 50);
  });
});
