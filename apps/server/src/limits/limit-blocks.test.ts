import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { BlockLimitStore } from './limit-blocks.js';
import type { CounterReservation, LimitStore } from './limit-store.js';
import { SqlLimitStore } from './sql-limit-store.js';

const failOnError = (error: unknown) => {
  throw error;
};

/** The real SQL store, counting what reaches it. */
function counted(store: LimitStore) {
  const reached = { reserves: 0, settles: 0 };
  const wrapped: LimitStore = {
    reserve: (...args) => ((reached.reserves += 1), store.reserve(...args)),
    settle: (...args) => ((reached.settles += 1), store.settle(...args)),
    levels: (...args) => store.levels(...args),
    flush: () => store.flush(),
  };
  return { wrapped, reached };
}

describe('limit blocks', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });
  async function sqlStore() {
    const database = await createTestDatabase('sqlite');
    databases.push(database);
    return new SqlLimitStore(database.handle, failOnError);
  }

  const now = Math.floor(Date.now() / 1000);
  const live = now + 60;
  const rpm = (max: number): CounterReservation => ({
    key: 'lim:t1:rpm:0',
    max,
    amount: 1,
    expiresAt: now + 120,
  });
  const tpm = (amount: number): CounterReservation => ({
    key: 'lim:t1:tpm:0',
    max: 1_000_000,
    amount,
    expiresAt: now + 120,
  });
  const settled = (actualRequests: number, actualTokens: number) => [
    { key: 'lim:t1:rpm:0', actual: actualRequests, expiresAt: now + 120 },
    { key: 'lim:t1:tpm:0', actual: actualTokens, expiresAt: now + 120 },
  ];

  it('admits most calls under large limits from memory, and writes exactly what they used', async () => {
    const sql = await sqlStore();
    const { wrapped, reached } = counted(sql);
    const store = new BlockLimitStore(wrapped, failOnError);
    const replies = [];
    for (let call = 0; call < 200; call += 1) {
      replies.push(await store.reserve(`c${call}`, [rpm(100_000), tpm(50)], now, live));
    }
    expect(replies.every((reply) => reply.admitted)).toBe(true);
    // Blocks double while they run out within their second: 4 + 8 + 16 + 32 + 64 + 64 + 64 calls.
    expect(reached.reserves).toBeLessThanOrEqual(7);
    // Each call sees its own reservation counted, one more than the call before.
    expect(replies.map((reply) => reply.levels[0])).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    expect(replies[199].levels[1]).toBe(200 * 50);

    for (let call = 0; call < 200; call += 1) store.settle(`c${call}`, settled(1, 30));
    await store.flush();
    expect(await store.levels(['lim:t1:rpm:0', 'lim:t1:tpm:0'], now)).toEqual([200, 6_000]);
    expect(await sql.levels(['lim:t1:rpm:0', 'lim:t1:tpm:0'], now)).toEqual([200, 6_000]);
    expect(reached.settles).toBe(reached.reserves);
  });

  it('counts call by call when a limit is small or nearly reached', async () => {
    const { wrapped, reached } = counted(await sqlStore());
    const store = new BlockLimitStore(wrapped, failOnError);
    const replies = [];
    for (let call = 0; call < 60; call += 1) {
      replies.push(await store.reserve(`s${call}`, [rpm(50), tpm(10)], now, live));
    }
    expect(replies.filter((reply) => reply.admitted)).toHaveLength(50);
    expect(replies[50]).toMatchObject({ admitted: false, refusedIndex: 0, levels: [50] });
    // Too small for any block: every call went to the store, none asked for a block first.
    expect(reached.reserves).toBe(60);
  });

  it('never admits more than the limit across two processes, and gives unused room back', async () => {
    const database = await createTestDatabase('sqlite');
    databases.push(database);
    const nodes = [
      new BlockLimitStore(new SqlLimitStore(database.handle, failOnError), failOnError),
      new BlockLimitStore(new SqlLimitStore(database.handle, failOnError), failOnError),
    ];
    const limit = 400;
    const burst = await Promise.all(
      Array.from({ length: 900 }, (_, call) =>
        nodes[call % 2].reserve(`p${call}`, [rpm(limit)], now, live),
      ),
    );
    const admitted = burst.filter((reply) => reply.admitted).length;
    expect(admitted).toBeLessThanOrEqual(limit);
    // Near the limit calls were counted one by one; at most a block's unused room waited.
    expect(admitted).toBeGreaterThanOrEqual(limit - 64);

    // Once the blocks are closed, their unused room is anyone's: exactly the limit in all.
    await Promise.all(nodes.map((node) => node.flush()));
    const more = await Promise.all(
      Array.from({ length: 100 }, (_, call) =>
        nodes[call % 2].reserve(`q${call}`, [rpm(limit)], now, live),
      ),
    );
    expect(admitted + more.filter((reply) => reply.admitted).length).toBe(limit);
    const sql = new SqlLimitStore(database.handle, failOnError);
    expect(await sql.levels(['lim:t1:rpm:0'], now)).toEqual([limit]);
    // Blocks of calls still running are shrunk now, not by a timer after the database is gone.
    await Promise.all(nodes.map((node) => node.flush()));
  });

  it('shrinks a closed block to the calls still running, which then settle exactly', async () => {
    const sql = await sqlStore();
    const store = new BlockLimitStore(sql, failOnError);
    expect((await store.reserve('long', [rpm(100_000), tpm(500)], now, live)).admitted).toBe(true);
    expect((await store.reserve('short', [rpm(100_000), tpm(200)], now, live)).admitted).toBe(true);
    store.settle('short', settled(1, 150));
    // Closed (shutdown, or idle): the store holds what the running call set aside, not the block.
    await store.flush();
    expect(await sql.levels(['lim:t1:rpm:0', 'lim:t1:tpm:0'], now)).toEqual([2, 650]);

    store.settle('long', settled(1, 420));
    await store.flush();
    expect(await sql.levels(['lim:t1:rpm:0', 'lim:t1:tpm:0'], now)).toEqual([2, 570]);
  });

  it("frees a killed process's block at the reservation's expiry", async () => {
    const sql = await sqlStore();
    const killed = new BlockLimitStore(sql, failOnError);
    expect((await killed.reserve('k', [rpm(100_000)], now, now + 5)).admitted).toBe(true);
    expect(await sql.levels(['lim:t1:rpm:0'], now)).toEqual([4]); // the whole block
    expect(await sql.levels(['lim:t1:rpm:0'], now + 6)).toEqual([0]);
    await killed.flush(); // leaves no timer behind
  });
});
