import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { PendingWrites, type LeaseRequest } from './ledger-batch.js';
import { commitLedgerBatch, type LedgerTarget } from './ledger-commit.js';

const HOLDER = 'commit-test';

describe('commitLedgerBatch', () => {
  let database: TestDatabase;
  let target: LedgerTarget;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    target = {
      db: db(),
      dialect: 'sqlite',
      holder: HOLDER,
      holdSeconds: 60,
      logs: { kind: 'table', dialect: 'sqlite' },
    };
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of [
      'users',
      'tokens',
      'channels',
      'logs',
      'log_outbox',
      'quota_holds',
    ] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values([
        { id: 1, username: 'one', password: 'x', quota: 1000 },
        { id: 2, username: 'two', password: 'x', quota: 50 },
      ] as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values([
        { id: 10, user_id: 1, key: 'a'.repeat(48), name: 't', remain_quota: 300 },
        { id: 20, user_id: 2, key: 'b'.repeat(48), name: 't', remain_quota: 40 },
      ] as never)
      .execute();
    await db()
      .insertInto('channels')
      .values({ id: 5, name: 'c', key: 'k', type: 1 } as never)
      .execute();
  });

  const lease = (overrides: Partial<LeaseRequest>): LeaseRequest => ({
    userId: 1,
    tokenId: 10,
    tokenUnlimited: false,
    wanted: 100,
    steps: [100],
    rebase: 0,
    ...overrides,
  });
  const state = async () => ({
    users: Object.fromEntries(
      (
        await db()
          .selectFrom('users')
          .select(['id', 'quota', 'used_quota', 'request_count'])
          .execute()
      ).map((row) => [
        row.id,
        [Number(row.quota), Number(row.used_quota), Number(row.request_count)],
      ]),
    ),
    tokens: Object.fromEntries(
      (await db().selectFrom('tokens').select(['id', 'remain_quota', 'used_quota']).execute()).map(
        (row) => [row.id, [Number(row.remain_quota), Number(row.used_quota)]],
      ),
    ),
    holds: Object.fromEntries(
      (
        await db().selectFrom('quota_holds').select(['user_id', 'token_id', 'amount']).execute()
      ).map((row) => [`${row.user_id}:${row.token_id}`, Number(row.amount)]),
    ),
  });
  const hold = (userId: number, tokenId: number, amount: number, holder = HOLDER) =>
    db()
      .insertInto('quota_holds')
      .values({ holder, user_id: userId, token_id: tokenId, amount, expires_at: 5 })
      .execute();

  it('grants what is wanted when both balances cover it, and reads the balances back', async () => {
    const now = Date.UTC(2030, 0, 1);
    const result = await commitLedgerBatch(
      target,
      undefined,
      [lease({ wanted: 250, steps: [100, 250] })],
      { now },
    );
    expect(result.grants).toEqual([{ granted: 250, hold: 250 }]);
    expect([...result.balances.users]).toEqual([[1, 750]]);
    expect([...result.balances.tokens]).toEqual([[10, 50]]);
    expect(await state()).toMatchObject({
      users: { 1: [750, 0, 0] },
      tokens: { 10: [50, 0] },
      holds: { '1:10': 250 },
    });
    const row = await db().selectFrom('quota_holds').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ holder: HOLDER, expires_at: now / 1000 + 60 });
  });

  it('grants the largest step that fits, else refuses naming the balance that fell short', async () => {
    const partial = await commitLedgerBatch(target, undefined, [
      lease({ wanted: 400, steps: [100, 200, 400] }),
    ]);
    expect(partial.grants).toEqual([{ granted: 200, hold: 200 }]);
    // The token has 100 left: a step of 150 does not fit it.
    const token = await commitLedgerBatch(target, undefined, [
      lease({ wanted: 150, steps: [150] }),
    ]);
    expect(token.grants).toEqual([{ granted: 0, shortfall: 'token', hold: 200 }]);
    const user = await commitLedgerBatch(target, undefined, [
      lease({ userId: 2, tokenId: 20, wanted: 60, steps: [60] }),
    ]);
    expect(user.grants).toEqual([{ granted: 0, shortfall: 'user', hold: 0 }]);
    // A refused lease still reads its balances back, so caches see what refused it.
    expect([...user.balances.users]).toEqual([[2, 50]]);
    expect([...user.balances.tokens]).toEqual([[20, 40]]);
    const noSteps = await commitLedgerBatch(target, undefined, [
      lease({ userId: 2, tokenId: 20, wanted: 45, steps: [] }),
    ]);
    expect(noSteps.grants).toEqual([{ granted: 0, shortfall: 'token', hold: 0 }]);
    expect(await state()).toMatchObject({
      users: { 1: [800, 0, 0], 2: [50, 0, 0] },
      holds: { '1:10': 200 },
    });
  });

  it('never checks an unlimited token or a call without one, but lowers an unlimited token', async () => {
    const result = await commitLedgerBatch(target, undefined, [
      lease({ wanted: 900, steps: [900], tokenUnlimited: true }),
      lease({ userId: 2, tokenId: 0, wanted: 50, steps: [50] }),
    ]);
    expect(result.grants.map((grant) => grant.granted)).toEqual([900, 50]);
    expect(await state()).toMatchObject({
      users: { 1: [100, 0, 0], 2: [0, 0, 0] },
      tokens: { 10: [-600, 0], 20: [40, 0] },
      holds: { '1:10': 900, '2:0': 50 },
    });
  });

  it('decides two leases of one user in a batch against what the first took', async () => {
    const result = await commitLedgerBatch(target, undefined, [
      lease({ tokenId: 0, wanted: 700, steps: [700] }),
      lease({ tokenId: 10, wanted: 200, steps: [200, 300] }),
      lease({ tokenId: 10, wanted: 200, steps: [200] }),
    ]);
    expect(result.grants.map((grant) => grant.granted)).toEqual([700, 200, 0]);
    expect(result.grants[2].shortfall).toBe('user');
  });

  it('charges settlements, counters, channels and log rows together, settlements before leases', async () => {
    const writes = new PendingWrites();
    writes.addSettlement({
      userId: 2,
      tokenId: 20,
      quota: 30,
      channelId: 5,
      countUsage: true,
      log: { quota: 30 } as never,
    });
    writes.addSettlement({ userId: 2, tokenId: 20, quota: -20, channelId: 5, countUsage: false });
    // 50 - 30 + 20 leaves 40: a lease of 40 fits only because the refund comes first.
    const result = await commitLedgerBatch(target, writes, [
      lease({ userId: 2, tokenId: 0, wanted: 40, steps: [40] }),
    ]);
    expect(result.grants[0].granted).toBe(40);
    expect(await state()).toMatchObject({ users: { 2: [0, 30, 1] }, tokens: { 20: [30, 10] } });
    const channel = await db()
      .selectFrom('channels')
      .select('used_quota')
      .executeTakeFirstOrThrow();
    expect(Number(channel.used_quota)).toBe(30);
    expect(
      (await db().selectFrom('logs').select('quota').execute()).map((row) => Number(row.quota)),
    ).toEqual([30]);
  });

  it('stamps the token access time', async () => {
    const writes = new PendingWrites();
    writes.addSettlement({ userId: 1, tokenId: 10, quota: 1, channelId: 0, countUsage: true });
    await commitLedgerBatch(target, writes, [], { now: Date.UTC(2031, 0, 1) });
    const token = await db()
      .selectFrom('tokens')
      .select('accessed_time')
      .where('id', '=', 10)
      .executeTakeFirstOrThrow();
    expect(Number(token.accessed_time)).toBe(Date.UTC(2031, 0, 1) / 1000);
  });

  it('takes tight holds’ charges out of the hold, never more than it has', async () => {
    await hold(1, 10, 50);
    await hold(2, 20, 10);
    const writes = new PendingWrites();
    writes.addSettlement({
      userId: 1,
      tokenId: 10,
      quota: 30,
      channelId: 0,
      countUsage: true,
      fromHold: 30,
    });
    writes.addSettlement({
      userId: 2,
      tokenId: 20,
      quota: 25,
      channelId: 0,
      countUsage: true,
      fromHold: 25,
    });
    // A hold another process gave back meanwhile: the whole charge stays on the balances.
    writes.addSettlement({
      userId: 1,
      tokenId: 0,
      quota: 5,
      channelId: 0,
      countUsage: true,
      fromHold: 5,
    });
    await commitLedgerBatch(target, writes, []);
    expect(await state()).toMatchObject({
      users: { 1: [995, 35, 2], 2: [35, 25, 1] },
      tokens: { 10: [300, 30], 20: [25, 25] },
      holds: { '1:10': 20 },
    });
  });

  it('gives released holds back, ignoring one already given back and other holders’', async () => {
    await hold(1, 10, 70);
    await hold(2, 20, 5, 'someone-else');
    const writes = new PendingWrites();
    writes.addRelease({ userId: 1, tokenId: 10 });
    writes.addRelease({ userId: 2, tokenId: 20 });
    const result = await commitLedgerBatch(target, writes, []);
    expect(await state()).toMatchObject({
      users: { 1: [1070, 0, 0], 2: [50, 0, 0] },
      tokens: { 10: [370, 0], 20: [40, 0] },
      holds: { '2:20': 5 },
    });
    expect(result.balances.users.get(1)).toBe(1070);
  });

  it('shrinks a roomy hold by what its calls used while growing it, in one write', async () => {
    await hold(1, 10, 100);
    const grown = await commitLedgerBatch(target, undefined, [
      lease({ wanted: 50, steps: [50], rebase: 30 }),
    ]);
    expect(grown.grants).toEqual([{ granted: 50, hold: 120 }]);
    expect(await state()).toMatchObject({
      users: { 1: [980, 0, 0] },
      tokens: { 10: [280, 0] },
      holds: { '1:10': 120 },
    });
    // A rebase larger than the hold shrinks it to nothing, not below.
    const refused = await commitLedgerBatch(target, undefined, [
      lease({ wanted: 5000, steps: [5000], rebase: 500 }),
    ]);
    expect(refused.grants).toEqual([{ granted: 0, shortfall: 'user', hold: 0 }]);
    expect((await state()).holds).toEqual({});
    expect((await state()).users[1][0]).toBe(1100);
  });

  it('does not rebase a hold it just released, nor one it does not have', async () => {
    await hold(1, 10, 100);
    const writes = new PendingWrites();
    writes.addRelease({ userId: 1, tokenId: 10 });
    const result = await commitLedgerBatch(target, writes, [
      lease({ wanted: 10, steps: [10], rebase: 40 }),
    ]);
    expect(result.grants).toEqual([{ granted: 10, hold: 10 }]);
    expect(await state()).toMatchObject({ users: { 1: [1090, 0, 0] }, holds: { '1:10': 10 } });
    const fresh = await commitLedgerBatch(target, undefined, [
      lease({ userId: 2, tokenId: 20, wanted: 10, steps: [10], rebase: 7 }),
    ]);
    expect(fresh.grants).toEqual([{ granted: 10, hold: 10 }]);
  });

  it('leaves an unchanged hold alone and renews every hold of its process on request', async () => {
    await hold(1, 10, 100);
    await hold(2, 20, 5, 'someone-else');
    const unchanged = await commitLedgerBatch(target, undefined, [
      lease({ wanted: 10, steps: [10], rebase: 0, userId: 2, tokenId: 20 }),
    ]);
    expect(unchanged.grants[0].granted).toBe(10);
    const now = Date.UTC(2032, 0, 1);
    await commitLedgerBatch(target, undefined, [], { renewHolds: true, now });
    const rows = await db()
      .selectFrom('quota_holds')
      .select(['holder', 'expires_at'])
      .orderBy('holder')
      .execute();
    expect(rows.map((row) => [row.holder, Number(row.expires_at)])).toEqual([
      [HOLDER, now / 1000 + 60],
      [HOLDER, now / 1000 + 60],
      ['someone-else', 5],
    ]);
  });

  it('writes log rows through the outbox when the logs live elsewhere', async () => {
    const writes = new PendingWrites();
    writes.addLog({ quota: 0, user_id: 1 } as never);
    await commitLedgerBatch({ ...target, logs: { kind: 'outbox' } }, writes, []);
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
    expect(await db().selectFrom('log_outbox').selectAll().execute()).toHaveLength(1);
  });
});
