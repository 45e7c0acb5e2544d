import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import {
  insertReturningId,
  isUniqueViolation,
  nowSeconds,
  softDeleteTimestamp,
} from './dialect-helpers.js';

describe('nowSeconds and softDeleteTimestamp', () => {
  it('gives unix seconds', () => {
    expect(Math.abs(nowSeconds() - Date.now() / 1000)).toBeLessThan(2);
    expect(Number.isInteger(nowSeconds())).toBe(true);
  });

  it('formats a soft-delete date-time as GORM writes it', () => {
    const date = new Date(Date.UTC(2024, 2, 1, 2, 3, 4, 56));
    expect(softDeleteTimestamp('mysql', date)).toBe('2024-03-01 02:03:04.056');
    expect(softDeleteTimestamp('sqlite', date)).toBe('2024-03-01 02:03:04.056+00:00');
    expect(softDeleteTimestamp('postgres', date)).toBe('2024-03-01 02:03:04.056+00:00');
  });
});

describe('isUniqueViolation', () => {
  it('says no to anything that is not a driver error', () => {
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});

describe.each(testDatabaseKinds())('dialect helpers on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('returns consecutive ids, also inside a transaction', async () => {
    const first = await insertReturningId(database.handle, 'redemptions', { key: 'a'.repeat(32) });
    const second = await database.handle.db.transaction().execute((transaction) =>
      insertReturningId({ ...database.handle, db: transaction }, 'redemptions', {
        key: 'b'.repeat(32),
      }),
    );
    expect(second).toBe(first + 1);
  });

  it('recognises the unique violation of this driver', async () => {
    const key = 'u'.repeat(48);
    await insertReturningId(database.handle, 'tokens', { user_id: 1, key });
    const error = await insertReturningId(database.handle, 'tokens', { user_id: 2, key }).catch(
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error)).toBe(true);
    const other = await database.handle.db
      .insertInto('setups')
      .values({ version: null as unknown as string, initialized_at: 1 })
      .execute()
      .catch((caught: unknown) => caught);
    expect(other).toBeInstanceOf(Error);
    expect(isUniqueViolation(other)).toBe(false);
  });

  it('writes a soft-delete timestamp the column accepts and reads it back as a string', async () => {
    const { db, dialect } = database.handle;
    const id = await insertReturningId(database.handle, 'users', {
      username: 'gone',
      password: 'x',
    });
    await db
      .updateTable('users')
      .set({ deleted_at: softDeleteTimestamp(dialect) })
      .where('id', '=', id)
      .execute();
    const row = await db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const live = await db
      .selectFrom('users')
      .select('id')
      .where('deleted_at', 'is', null)
      .execute();
    expect(live.map((user) => user.id)).not.toContain(id);
  });
});
