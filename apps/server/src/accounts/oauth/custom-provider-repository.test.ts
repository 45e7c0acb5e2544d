/**
 * The bindings table on every database: one binding per (user, provider) and per (provider,
 * external account), the identity store over it, and a provider's deletion taking its bindings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/test-databases.js';
import { isUniqueViolation } from '../../db/dialect-helpers.js';
import {
  bindingIdentityStore,
  deleteCustomProvider,
  insertBinding,
  insertCustomProvider,
  listUserBindings,
} from './custom-provider-repository.js';

describe.each(testDatabaseKinds())('custom provider bindings on %s', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let first: number;
  let second: number;

  async function provider(slug: string): Promise<number> {
    return insertCustomProvider(database.handle, {
      name: slug,
      slug,
      kind: 'oauth_code',
      enabled: true,
      auth_style: 0,
      auto_register: false,
      auto_merge_by_email: false,
      created_at: 1,
      updated_at: 1,
    });
  }

  async function refused(work: Promise<unknown>): Promise<boolean> {
    try {
      await work;
      return false;
    } catch (error) {
      return isUniqueViolation(error);
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await db()
      .insertInto('users')
      .values([
        { id: 1, username: 'one', password: 'x', aff_code: 'AAAA' },
        { id: 2, username: 'two', password: 'x', aff_code: 'BBBB' },
      ])
      .execute();
    first = await provider('first');
    second = await provider('second');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('keeps one external account to one user and one account per user and provider', async () => {
    await insertBinding(db(), 1, first, 'ext-1');
    expect(await refused(insertBinding(db(), 2, first, 'ext-1'))).toBe(true);
    expect(await refused(insertBinding(db(), 1, first, 'ext-2'))).toBe(true);
    // The same external id at another provider, and another user at the same provider, are fine.
    await insertBinding(db(), 2, second, 'ext-1');
    await insertBinding(db(), 2, first, 'ext-3');
    expect(await refused(provider('first'))).toBe(true);
    expect((await listUserBindings(db(), 2)).map((row) => row.slug)).toEqual(['first', 'second']);
  });

  it('finds holders through the store and refuses a second account of the same provider', async () => {
    const store = bindingIdentityStore(first, 'already has one');
    expect(await store.holders(db(), 'ext-1')).toEqual([{ id: 1, deleted_at: null }]);
    expect(await store.holders(db(), 'nobody')).toEqual([]);
    await expect(store.attach(db(), 1, 'ext-9')).rejects.toThrow('already has one');
    expect(await store.attach(db(), 99, 'ext-9')).toBe(false);
  });

  it('frees an identity whose account was deleted for good', async () => {
    await db()
      .insertInto('users')
      .values({ id: 3, username: 'three', password: 'x', aff_code: 'CCCC' })
      .execute();
    await insertBinding(db(), 3, second, 'ext-orphan');
    await db().deleteFrom('users').where('id', '=', 3).execute();
    const store = bindingIdentityStore(second, 'already has one');
    expect(await store.holders(db(), 'ext-orphan')).toEqual([]);
    await db()
      .insertInto('users')
      .values({ id: 4, username: 'four', password: 'x', aff_code: 'DDDD' })
      .execute();
    expect(await store.attach(db(), 4, 'ext-orphan')).toBe(true);
    expect(await store.holders(db(), 'ext-orphan')).toEqual([{ id: 4, deleted_at: null }]);
  });

  it('deletes a provider together with its bindings', async () => {
    expect(await deleteCustomProvider(db(), first)).toBe(true);
    const left = await db().selectFrom('user_oauth_bindings').select('provider_id').execute();
    expect(new Set(left.map((row) => Number(row.provider_id)))).toEqual(new Set([second]));
    expect(await deleteCustomProvider(db(), first)).toBe(false);
  });
});
