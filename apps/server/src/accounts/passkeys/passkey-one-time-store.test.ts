import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/test-databases.js';
import {
  databasePasskeyStore,
  redisPasskeyStore,
  type PasskeyOneTimeStore,
} from './passkey-one-time-store.js';

/** The shared behaviour of both stores: single use, bound to purpose and owner. */
async function checkSingleUse(store: PasskeyOneTimeStore) {
  await store.put('pk-login', 'challenge-1', 'login', 300);
  expect(await store.take('pk-login', 'challenge-1', '7')).toBe(false);
  expect(await store.take('pk-verify', 'challenge-1', 'login')).toBe(false);
  const takes = await Promise.all([
    store.take('pk-login', 'challenge-1', 'login'),
    store.take('pk-login', 'challenge-1', 'login'),
  ]);
  expect(takes.filter(Boolean)).toHaveLength(1);
  expect(await store.take('pk-login', 'challenge-1', 'login')).toBe(false);
}

describe.each(testDatabaseKinds())('passkey one-time values in the database (%s)', (kind) => {
  let database: TestDatabase;
  let clock = 1_800_000_000;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('are taken once, by the same purpose and owner only', async () => {
    await checkSingleUse(databasePasskeyStore(database.handle, 'secret', () => clock));
  });

  it('expire after their lifetime (the verified marker: 60 s); a second put renews', async () => {
    const store = databasePasskeyStore(database.handle, 'secret', () => clock);
    await store.put('pk-verified', 'verified', '7', 60);
    clock += 61;
    expect(await store.take('pk-verified', 'verified', '7')).toBe(false);
    await store.put('pk-verified', 'verified', '7', 60);
    clock += 60;
    expect(await store.take('pk-verified', 'verified', '7')).toBe(true);
  });

  it('store only a keyed hash', async () => {
    const store = databasePasskeyStore(database.handle, 'secret', () => clock);
    await store.put('pk-register', 'visible-challenge', '9', 300);
    const rows = await database.handle.db
      .selectFrom('email_codes')
      .selectAll()
      .where('purpose', '=', 'pk-register')
      .execute();
    expect(JSON.stringify(rows)).not.toContain('visible-challenge');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('passkey one-time values in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('are taken once, by the same purpose and owner only, and expire with the key', async () => {
    const prefix = `test:passkey:${Date.now()}:`;
    const store = redisPasskeyStore(redis, 'secret', prefix);
    await checkSingleUse(store);
    await store.put('pk-verified', 'verified', '7', 60);
    const [key] = await redis.keys(`${prefix}pk-verified:*`);
    expect(await redis.ttl(key)).toBeGreaterThan(0);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(60);
  });
});
