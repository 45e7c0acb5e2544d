import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import { BlockLimitStore } from './limit-blocks.js';
import type { LimitStore } from './limit-store.js';
import { RedisLimitStore } from './redis-limit-store.js';
import { SqlLimitStore } from './sql-limit-store.js';

const failOnError = (error: unknown) => {
  throw error;
};

/**
 * The store contract, the same for Redis and every SQL dialect: reservations count at once and
 * all-or-nothing, settling replaces a reservation by the actual use, releasing adds nothing, and a
 * reservation past its expiry (its process killed) no longer counts.
 */
async function exercise(store: LimitStore, prefix: string) {
  const rpm = `${prefix}:t1:rpm:60`;
  const tpm = `${prefix}:t1:tpm:60`;
  // Real time: Redis drops keys whose expiry is already past.
  const now = Math.floor(Date.now() / 1000);
  const live = now + 60;
  const counters = (tokens: number) => [
    { key: rpm, max: 2, amount: 1, expiresAt: now + 120 },
    { key: tpm, max: 100, amount: tokens, expiresAt: now + 120 },
  ];

  expect(await store.reserve('a', counters(30), now, live)).toEqual({
    admitted: true,
    refusedIndex: 0,
    levels: [1, 30],
  });
  // The token counter has no room for 80 more: nothing is reserved, not even the request.
  expect(await store.reserve('b', counters(80), now, live)).toMatchObject({
    admitted: false,
    refusedIndex: 1,
    levels: [30],
  });
  expect(await store.levels([rpm, tpm], now)).toEqual([1, 30]);

  // Settled with what the call really used; released calls add nothing.
  store.settle('a', [
    { key: rpm, actual: 1, expiresAt: now + 120 },
    { key: tpm, actual: 12, expiresAt: now + 120 },
  ]);
  await store.flush();
  expect(await store.levels([rpm, tpm], now)).toEqual([1, 12]);
  expect((await store.reserve('c', counters(10), now, live)).admitted).toBe(true);
  store.settle('c', [
    { key: rpm, actual: 0, expiresAt: now + 120 },
    { key: tpm, actual: 0, expiresAt: now + 120 },
  ]);
  await store.flush();
  expect(await store.levels([rpm, tpm], now)).toEqual([1, 12]);

  // A reservation whose process died counts until its expiry, then never again.
  expect((await store.reserve('dead', counters(10), now, now + 5)).admitted).toBe(true);
  expect(await store.reserve('e', counters(1), now + 1, now + 60)).toMatchObject({
    admitted: false,
    refusedIndex: 0,
  });
  expect(await store.levels([rpm, tpm], now + 6)).toEqual([1, 12]);
  expect(await store.reserve('f', counters(1), now + 6, now + 66)).toMatchObject({
    admitted: true,
    levels: [2, 13],
  });

  // Calls asking at the same moment are decided one after another: exactly the room is given.
  const slot = { key: `${prefix}:t2:concurrency:0`, max: 2, amount: 1, expiresAt: now + 120 };
  const burst = await Promise.all(
    ['g1', 'g2', 'g3'].map((id) => store.reserve(id, [slot], now, live)),
  );
  expect(burst.map((reply) => reply.admitted)).toEqual([true, true, false]);

  // A call that just ended frees its slot for the next one at once, the settlement not flushed.
  store.settle('g1', [{ key: slot.key, actual: 0, expiresAt: now + 120 }]);
  expect((await store.reserve('h', [slot], now, live)).admitted).toBe(true);
  await store.flush();
  expect(await store.levels([slot.key], now)).toEqual([2]);
}

describe('limit stores', () => {
  const databases: TestDatabase[] = [];
  const connections: Redis[] = [];
  afterAll(async () => {
    connections.forEach((connection) => connection.disconnect());
    for (const database of databases) await database.drop();
  });

  for (const kind of testDatabaseKinds()) {
    it(`in the database (${kind})`, async () => {
      const database = await createTestDatabase(kind);
      databases.push(database);
      await exercise(new SqlLimitStore(database.handle, failOnError), 'lim');
      // Through the blocks (these limits are too small for any): the same contract.
      const blocks = new BlockLimitStore(
        new SqlLimitStore(database.handle, failOnError),
        failOnError,
      );
      await exercise(blocks, 'blocks');
    });
  }

  const redisUrl = process.env.TEST_REDIS_URL;
  it.skipIf(!redisUrl)('in Redis', async () => {
    const redis = new Redis(redisUrl!);
    connections.push(redis);
    await exercise(new RedisLimitStore(redis, failOnError), `lim:test:${Date.now()}`);
    const blocks = new BlockLimitStore(new RedisLimitStore(redis, failOnError), failOnError);
    await exercise(blocks, `lim:blocks:${Date.now()}`);
  });
});
