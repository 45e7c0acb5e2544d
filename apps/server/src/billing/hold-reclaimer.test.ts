import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import {
  giveBackHolds,
  reclaimExpiredHolds,
  startHoldReclaimer,
  type HoldTarget,
} from './hold-reclaimer.js';

describe('hold reclaimer', () => {
  let database: TestDatabase;
  let target: HoldTarget;
  const db = () => database.handle.db;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    target = { db: db(), dialect: 'sqlite', logs: { kind: 'table', dialect: 'sqlite' } };
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
      .values([
        { id: 1, username: 'one', password: 'x', quota: 100 },
        { id: 2, username: 'two', password: 'x', quota: 200 },
        { id: 3, username: 'three', password: 'x', quota: 300 },
      ] as never)
      .execute();
    await db()
      .insertInto('tokens')
      .values([
        { id: 10, user_id: 1, key: 'a'.repeat(48), name: 't', remain_quota: 10 },
        { id: 20, user_id: 2, key: 'b'.repeat(48), name: 't', remain_quota: 20 },
      ] as never)
      .execute();
  });

  const hold = (
    holder: string,
    userId: number,
    tokenId: number,
    amount: number,
    expiresAt: number,
  ) =>
    db()
      .insertInto('quota_holds')
      .values({ holder, user_id: userId, token_id: tokenId, amount, expires_at: expiresAt })
      .execute();
  const state = async () => ({
    users: (await db().selectFrom('users').select(['id', 'quota']).orderBy('id').execute()).map(
      (row) => Number(row.quota),
    ),
    tokens: (
      await db().selectFrom('tokens').select(['id', 'remain_quota']).orderBy('id').execute()
    ).map((row) => Number(row.remain_quota)),
    holds: (await db().selectFrom('quota_holds').select('holder').orderBy('id').execute()).map(
      (row) => row.holder,
    ),
    logs: await db()
      .selectFrom('logs')
      .select(['user_id', 'username', 'type', 'content'])
      .orderBy('user_id')
      .execute(),
  });

  it('gives back every hold of a stopping process, summed per user and token, without log rows', async () => {
    const later = now() + 600;
    await hold('me', 1, 10, 30, later);
    await hold('me', 1, 0, 5, later);
    await hold('me', 2, 20, -7, later);
    await hold('other', 3, 0, 50, later);
    const given = await giveBackHolds(target, 'me', { log: false });
    expect([...given]).toEqual([
      [1, 35],
      [2, -7],
    ]);
    expect(await state()).toEqual({
      users: [135, 193, 300],
      tokens: [40, 13],
      holds: ['other'],
      logs: [],
    });
  });

  it('gives back only expired holds when asked, with a log row per user saying what happened', async () => {
    await hold('dead', 1, 10, 30, now() - 10);
    await hold('dead', 2, 20, -7, now() - 10);
    await hold('dead', 3, 0, 0, now() - 10);
    await hold('dead', 1, 0, 9, now() + 600);
    const given = await giveBackHolds(target, 'dead', { expiredBefore: now(), log: true });
    expect([...given]).toEqual([
      [1, 30],
      [2, -7],
      [3, 0],
    ]);
    const after = await state();
    expect(after).toMatchObject({ users: [130, 193, 300], tokens: [40, 13], holds: ['dead'] });
    // The live hold stays whole.
    expect(after.logs).toEqual([
      {
        user_id: 1,
        username: 'one',
        type: 4,
        content: '进程 dead 已停止，其未结算调用的预扣额度 30 已退还',
      },
      {
        user_id: 2,
        username: 'two',
        type: 4,
        content: '进程 dead 已停止，其调用超出预扣的额度 7 已扣除',
      },
    ]);
  });

  it('does nothing for a holder with nothing to give back', async () => {
    expect((await giveBackHolds(target, 'nobody', { log: true })).size).toBe(0);
    expect(await state()).toEqual({
      users: [100, 200, 300],
      tokens: [10, 20],
      holds: [],
      logs: [],
    });
  });

  it('reclaims the expired holds of every process, and leaves live ones', async () => {
    await hold('dead-a', 1, 10, 10, now() - 5);
    await hold('dead-b', 1, 0, 20, now() - 5);
    await hold('alive', 2, 20, 40, now() + 600);
    const reclaimed = await reclaimExpiredHolds(target);
    expect([...reclaimed]).toEqual([[1, 30]]);
    expect(await state()).toMatchObject({
      users: [130, 200, 300],
      tokens: [20, 20],
      holds: ['alive'],
    });
    expect((await state()).logs).toHaveLength(2);
    expect((await reclaimExpiredHolds(target)).size).toBe(0);
  });

  it('runs now and then, telling whose balances changed, until stopped', async () => {
    await hold('dead', 2, 20, 15, now() - 5);
    const told: number[][] = [];
    const errors: unknown[] = [];
    const reclaimer = startHoldReclaimer(
      target,
      20,
      (userIds) => told.push(userIds),
      (error) => errors.push(error),
    );
    for (let attempt = 0; attempt < 1000 && told.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(told).toEqual([[2]]);
    // A later hold that expires is picked up by a later round.
    await hold('dead', 1, 0, 5, now() - 5);
    for (let attempt = 0; attempt < 1000 && told.length === 1; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(told).toEqual([[2], [1]]);
    await reclaimer.stop();
    await hold('dead', 3, 0, 5, now() - 5);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(told).toHaveLength(2);
    expect(errors).toEqual([]);
  });

  it('reports a failing round and keeps going', async () => {
    const errors: unknown[] = [];
    const broken = {
      ...target,
      db: {
        selectFrom: () => {
          throw new Error('down');
        },
      },
    } as never;
    const reclaimer = startHoldReclaimer(
      broken,
      10,
      () => {},
      (error) => errors.push(error),
    );
    for (let attempt = 0; attempt < 1000 && errors.length < 2; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await reclaimer.stop();
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });
});
