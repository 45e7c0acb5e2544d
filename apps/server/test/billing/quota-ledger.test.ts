import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitLedgerBatch, type LedgerTarget } from '../../src/billing/ledger-commit.js';
import { reclaimExpiredHolds } from '../../src/billing/hold-reclaimer.js';
import { QuotaLedger, type AdmitRequest } from '../../src/billing/quota-ledger.js';
import type { LogRow } from '../../src/logs/log-insert-statement.js';
import { RelayError } from '../../src/errors/relay-error.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

const USER_ID = 1;
const TOKEN_ID = 1;
const UNLIMITED_TOKEN_ID = 2;
const CHANNEL_ID = 1;

function logRow(quota: number): LogRow {
  return {
    user_id: USER_ID,
    username: 'payer',
    created_at: Math.floor(Date.now() / 1000),
    type: 2,
    content: 'call',
    prompt_tokens: 1,
    completion_tokens: 1,
    token_name: 'token',
    model_name: 'model',
    quota,
    channel_id: CHANNEL_ID,
    token_id: TOKEN_ID,
    use_time: 0,
    is_stream: false,
    group: 'default',
    other: '',
  };
}

describe.each(testDatabaseKinds())('QuotaLedger on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let holderSequence = 0;
  const target = (holdSeconds = 60): LedgerTarget => ({
    db: db(),
    dialect: database.handle.dialect,
    holder: `test-holder-${(holderSequence += 1)}`,
    holdSeconds,
    logs: { kind: 'table', dialect: database.handle.dialect },
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function reset(userQuota: number, tokenQuota: number) {
    for (const table of ['users', 'tokens', 'channels', 'logs', 'quota_holds'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({ id: USER_ID, username: 'payer', password: 'x', quota: userQuota } as never)
      .execute();
    for (const [id, unlimited] of [
      [TOKEN_ID, false],
      [UNLIMITED_TOKEN_ID, true],
    ] as const) {
      await db()
        .insertInto('tokens')
        .values({
          id,
          user_id: USER_ID,
          key: String(id).repeat(48),
          name: 'token',
          remain_quota: tokenQuota,
          unlimited_quota: unlimited,
        } as never)
        .execute();
    }
    await db()
      .insertInto('channels')
      .values({ id: CHANNEL_ID, type: 1, key: 'upstream', name: 'mock', used_quota: 0 } as never)
      .execute();
  }

  async function balances(tokenId = TOKEN_ID) {
    const user = await db()
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', USER_ID)
      .executeTakeFirstOrThrow();
    const token = await db()
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', tokenId)
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

  async function loggedQuota(): Promise<number[]> {
    const rows = await db().selectFrom('logs').select('quota').where('type', '=', 2).execute();
    return rows.map((row) => Number(row.quota));
  }

  async function holdRows() {
    return db().selectFrom('quota_holds').selectAll().execute();
  }

  /** A caller as the relay's cache holds it: balances as last read from the database. */
  async function caller(estimate: number, tokenId = TOKEN_ID): Promise<AdmitRequest> {
    const now = await balances(tokenId);
    return {
      user: { id: USER_ID, quota: now.userQuota },
      token: {
        id: tokenId,
        remain_quota: now.tokenRemain,
        unlimited_quota: tokenId === UNLIMITED_TOKEN_ID,
      },
      estimate,
    };
  }

  const charge = (quota: number, withLog = true) => ({
    quota,
    channelId: CHANNEL_ID,
    countUsage: quota > 0,
    log: withLog ? logRow(quota) : undefined,
  });

  let ledger: QuotaLedger;
  beforeEach(() => {
    ledger = new QuotaLedger(target());
  });

  it('settles hundreds of concurrent calls exactly once, each with its log row', async () => {
    await reset(1_000_000, 1_000_000);
    const request = await caller(0);
    const costs = Array.from({ length: 300 }, (_, index) => 10 + (index % 7));
    await Promise.all(
      costs.map(async (cost) => ledger.settle(await ledger.admit(request), charge(cost))),
    );
    const charged = costs.reduce((a, b) => a + b);
    expect(await balances()).toEqual({
      userQuota: 1_000_000 - charged,
      userUsed: charged,
      requests: 300,
      tokenRemain: 1_000_000 - charged,
      tokenUsed: charged,
      channelUsed: charged,
    });
    expect((await loggedQuota()).reduce((a, b) => a + b)).toBe(charged);
    await ledger.close();
  });

  it('keeps waiting calls queued when calls in flight overspend their estimates during a top-up', async () => {
    // A prompt with no output limit holds only PreConsumedQuota tokens (reference §4.1), so a call
    // may cost a hundred times its estimate. Such calls settling while a roomy hold is topped up
    // leave the new hold short; the balances did not refuse, so the waiting call is admitted by
    // the next top-up instead of being refused.
    await reset(1_000_000_000, 400_000_000);
    const request = await caller(37);
    const refused: unknown[] = [];
    for (let round = 0; round < 10; round += 1) {
      const inFlight: Array<Promise<unknown>> = [];
      const admissions: Array<Awaited<ReturnType<QuotaLedger['admit']>>> = [];
      // Spend the hold down until a call has to wait for a top-up.
      for (let call = 0; call < 200; call += 1) {
        const admitted = ledger.admit(request);
        if (admitted instanceof Promise) {
          // The top-up is under way: the calls admitted before it settle, each far above 37.
          for (const admission of admissions)
            inFlight.push(ledger.settle(admission, charge(3_842)));
          admissions.length = 0;
          const late = await admitted.catch((error: unknown) => {
            refused.push(error);
            return undefined;
          });
          if (late) inFlight.push(ledger.settle(late, charge(40)));
          break;
        }
        admissions.push(admitted);
      }
      for (const admission of admissions) inFlight.push(ledger.settle(admission, charge(40)));
      await Promise.all(inFlight);
    }
    expect(refused).toEqual([]);
    await ledger.close();
  });

  it('holds the estimate and gives back what a call did not use', async () => {
    await reset(10_000, 10_000);
    const admission = await ledger.admit(await caller(1_000));
    // A tight balance (below 100 × the estimate): exactly the estimate is held.
    expect((await holdRows()).map((row) => Number(row.amount))).toEqual([1_000]);
    expect((await balances()).userQuota).toBe(9_000);
    await ledger.settle(admission, charge(250));
    await ledger.flush();
    const second = await ledger.admit(await caller(500));
    await ledger.settle(second, charge(0, false));
    await ledger.flush();
    expect(await balances()).toEqual({
      userQuota: 9_750,
      userUsed: 250,
      requests: 1,
      tokenRemain: 9_750,
      tokenUsed: 250,
      channelUsed: 250,
    });
    expect(await holdRows()).toEqual([]);
    await ledger.close();
  });

  it('admits exactly as many concurrent calls as a tight balance covers', async () => {
    await reset(1_000, 1_000_000);
    const request = await caller(100);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => ledger.admit(request)),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(outcomes.length - refused.length).toBe(10);
    for (const outcome of refused) {
      const error = (outcome as PromiseRejectedResult).reason as RelayError;
      expect(error).toBeInstanceOf(RelayError);
      expect(error.status).toBe(403);
      expect(error.code).toBe('insufficient_user_quota');
    }
    expect((await balances()).userQuota).toBe(0);
    await ledger.close();
    expect((await balances()).userQuota).toBe(1_000);
  });

  it("lets another process spend what a tight hold's settled calls paid for", async () => {
    await reset(3_000, 1_000_000);
    const other = new QuotaLedger(target());
    const first = await ledger.admit(await caller(1_000));
    const second = await ledger.admit(await caller(1_000));
    // One call settles while the other is still in flight: its cost comes out of the hold.
    await ledger.settle(first, charge(1_000));
    expect((await holdRows()).map((row) => Number(row.amount))).toEqual([1_000]);
    expect((await balances()).userQuota).toBe(1_000);
    // The last 1 000 belong to no call: a second process may take them.
    const third = await other.admit(await caller(1_000));
    const fourth = await caller(1_000);
    await expect((async () => other.admit(fourth))()).rejects.toBeInstanceOf(RelayError);
    await ledger.settle(second, charge(1_000));
    await other.settle(third, charge(1_000));
    await Promise.all([ledger.flush(), other.flush()]);
    expect(await balances()).toMatchObject({ userQuota: 0, userUsed: 3_000, requests: 3 });
    expect(await holdRows()).toEqual([]);
    await Promise.all([ledger.close(), other.close()]);
  });

  it('never lets concurrent calls on a comfortable balance spend more than it holds', async () => {
    // 101 calls' worth: above new-api's trust threshold of 100 estimates, where it reserves
    // nothing and 204 concurrent calls all went through.
    const estimate = 1_000;
    await reset(101 * estimate, 10_000_000);
    const other = new QuotaLedger(target());
    const ledgers = [ledger, other];
    const request = await caller(estimate, UNLIMITED_TOKEN_ID);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 204 }, (_, index) =>
        Promise.resolve(ledgers[index % 2].admit({ ...request })).then((admission) => ({
          admission,
          ledger: ledgers[index % 2],
        })),
      ),
    );
    const admitted = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    );
    expect(admitted.length).toBeLessThanOrEqual(101);
    expect(admitted.length).toBeGreaterThan(0);
    // Each costs exactly its estimate: the balance ends at or above zero, never below.
    await Promise.all(
      admitted.map(({ admission, ledger }) => ledger.settle(admission, charge(estimate))),
    );
    await Promise.all(ledgers.map((each) => each.close()));
    const after = await balances(UNLIMITED_TOKEN_ID);
    expect(after.userQuota).toBe(101 * estimate - admitted.length * estimate);
    expect(after.userQuota).toBeGreaterThanOrEqual(0);
    expect((await loggedQuota()).length).toBe(admitted.length);
    expect(await holdRows()).toEqual([]);
  });

  it('admits most calls on a comfortable balance from memory, with one hold for many', async () => {
    await reset(10_000_000, 10_000_000);
    const request = await caller(100);
    const first = await ledger.admit(request);
    const holds = await holdRows();
    expect(holds).toHaveLength(1);
    const held = Number(holds[0].amount);
    expect(held).toBeGreaterThanOrEqual(16 * 100);
    // The next calls fit in the hold: admitted synchronously, no write.
    const next = ledger.admit(request);
    expect(next).not.toBeInstanceOf(Promise);
    await ledger.settle(first, charge(40));
    await ledger.settle(await next, charge(60));
    await ledger.flush();
    expect(await holdRows()).toEqual([]);
    expect(await balances()).toMatchObject({ userQuota: 10_000_000 - 100, userUsed: 100 });
    await ledger.close();
  });

  it('refuses a call its token cannot cover, and takes nothing from the user', async () => {
    await reset(5_000, 150);
    const limited = await caller(100);
    const outcomes = await Promise.allSettled([ledger.admit(limited), ledger.admit(limited)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    const refused = (outcomes[1] as PromiseRejectedResult).reason as RelayError;
    expect(refused.code).toBe('pre_consume_token_quota_failed');
    // An unlimited token is lowered but never checked.
    const unlimited = await ledger.admit(await caller(200, UNLIMITED_TOKEN_ID));
    expect(await balances()).toMatchObject({ userQuota: 4_700, tokenRemain: 50 });
    expect((await balances(UNLIMITED_TOKEN_ID)).tokenRemain).toBe(-50);
    await ledger.settle(unlimited, charge(200));
    await ledger.close();
    expect((await balances()).userQuota).toBe(4_800);
  });

  it("reads balances back after each write, including another process's charges", async () => {
    await reset(10_000, 10_000);
    const other = new QuotaLedger(target());
    const request = await caller(0);
    await other.settle(await other.admit(request), charge(500));
    const observed: Array<[number | undefined, number | undefined]> = [];
    ledger.onBalances((balances) =>
      observed.push([balances.users.get(USER_ID), balances.tokens.get(TOKEN_ID)]),
    );
    const written = ledger.settle(await ledger.admit(request), charge(300));
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

  it('keeps settlements and their log rows in memory in batch mode until flushed', async () => {
    await reset(10_000, 10_000);
    const batched = new QuotaLedger(target(), { enabled: true, intervalSeconds: 3600 });
    const request = await caller(0);
    await batched.settle(await batched.admit(request), charge(40));
    await batched.settle(await batched.admit(request), charge(60));
    expect((await balances()).userQuota).toBe(10_000);
    expect(await loggedQuota()).toEqual([]);
    await batched.flush();
    expect(await balances()).toMatchObject({ userQuota: 9_900, requests: 2, channelUsed: 100 });
    expect((await loggedQuota()).sort()).toEqual([40, 60]);
    await batched.close();
  });

  it('gives the holds of a process that died back once they expire, with a log row', async () => {
    await reset(10_000, 10_000);
    // A process took 3,000 into its hold, settled 1,200 worth of calls, and died a minute ago.
    const dead: LedgerTarget = { ...target(), holdSeconds: 5 };
    const past = Date.now() - 60_000;
    const grant = await commitLedgerBatch(
      dead,
      undefined,
      [
        {
          userId: USER_ID,
          tokenId: TOKEN_ID,
          tokenUnlimited: false,
          wanted: 3_000,
          steps: [],
          rebase: 0,
        },
      ],
      { now: past },
    );
    expect(grant.grants).toEqual([{ granted: 3_000, hold: 3_000 }]);
    const { PendingWrites } = await import('../../src/billing/ledger-batch.js');
    const writes = new PendingWrites();
    writes.addSettlement({
      userId: USER_ID,
      tokenId: TOKEN_ID,
      quota: 1_200,
      channelId: CHANNEL_ID,
      countUsage: true,
      log: logRow(1_200),
    });
    await commitLedgerBatch(dead, writes, [], { now: past });
    // Charged directly; the hold still sets 3,000 aside until it is given back.
    expect((await balances()).userQuota).toBe(10_000 - 3_000 - 1_200);

    // A live process's holds are not touched.
    const live = await ledger.admit(await caller(500));
    const reclaimed = await reclaimExpiredHolds({
      db: db(),
      dialect: database.handle.dialect,
      logs: { kind: 'table', dialect: database.handle.dialect },
    });
    expect([...reclaimed]).toEqual([[USER_ID, 3_000]]);
    expect(await balances()).toMatchObject({ userQuota: 10_000 - 1_200 - 500, tokenUsed: 1_200 });
    const systemLogs = await db()
      .selectFrom('logs')
      .select('content')
      .where('type', '=', 4)
      .execute();
    expect(systemLogs).toHaveLength(1);
    expect(systemLogs[0].content).toContain('3000');
    await ledger.settle(live, charge(500));
    await ledger.close();
    expect(await balances()).toMatchObject({ userQuota: 10_000 - 1_700, userUsed: 1_700 });
    expect((await loggedQuota()).reduce((a, b) => a + b)).toBe(1_700);
  });

  it('charges the balance directly when its own hold was given back while it stalled', async () => {
    await reset(10_000, 10_000);
    const admission = await ledger.admit(await caller(1_000));
    // The process stalled past its hold's life; another gave the hold back.
    await db().updateTable('quota_holds').set({ expires_at: 1 }).execute();
    await reclaimExpiredHolds({
      db: db(),
      dialect: database.handle.dialect,
      logs: { kind: 'table', dialect: database.handle.dialect },
    });
    expect((await balances()).userQuota).toBe(10_000);
    await ledger.settle(admission, charge(300));
    await ledger.close();
    expect(await balances()).toMatchObject({ userQuota: 9_700, tokenRemain: 9_700, userUsed: 300 });
    expect(await loggedQuota()).toEqual([300]);
  });
});

describe('QuotaLedger when the database fails', () => {
  it('writes neither a charge nor its log row until both can be written', async () => {
    const database = await createTestDatabase('sqlite');
    const db = database.handle.db;
    try {
      await db
        .insertInto('users')
        .values({ id: USER_ID, username: 'payer', password: 'x', quota: 1_000 } as never)
        .execute();
      const errors: unknown[] = [];
      const ledger = new QuotaLedger(
        {
          db,
          dialect: 'sqlite',
          holder: 'failing',
          holdSeconds: 60,
          logs: { kind: 'table', dialect: 'sqlite' },
        },
        undefined,
        (error) => errors.push(error),
      );
      // A trigger makes every log insert fail, as a full disk or an outage would.
      await db.executeQuery(
        CompiledQuery.raw(
          "create trigger refuse before insert on logs begin select raise(abort, 'down'); end",
        ),
      );
      const admission = await ledger.admit({
        user: { id: USER_ID, quota: 1_000 },
        token: { id: 0, remain_quota: 0, unlimited_quota: true },
        estimate: 0,
      });
      await expect(
        ledger.settle(admission, {
          quota: 300,
          channelId: 0,
          countUsage: true,
          log: { ...logRow(300), token_id: 0 },
        }),
      ).rejects.toThrow();
      expect(errors).toHaveLength(1);
      const unchanged = await db.selectFrom('users').select('quota').executeTakeFirstOrThrow();
      expect(Number(unchanged.quota)).toBe(1_000);
      await db.executeQuery(CompiledQuery.raw('drop trigger refuse'));
      await ledger.flush();
      const row = await db
        .selectFrom('users')
        .select(['quota', 'request_count'])
        .executeTakeFirstOrThrow();
      expect(Number(row.quota)).toBe(700);
      expect(Number(row.request_count)).toBe(1);
      const logs = await db.selectFrom('logs').select('quota').execute();
      expect(logs.map((log) => Number(log.quota))).toEqual([300]);
      await ledger.close();
    } finally {
      await database.drop();
    }
  });
});
