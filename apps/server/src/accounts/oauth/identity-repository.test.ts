import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import {
  affCodeTaken,
  emailTaken,
  findIdentityHolders,
  maxUserId,
  setIdentity,
} from './identity-repository.js';

describe('identity repository', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('answers 0 as the highest id of an empty table', async () => {
    expect(await maxUserId(db())).toBe(0);
  });

  it('finds every holder of an identity, oldest first, deregistered ones included', async () => {
    await db()
      .insertInto('users')
      .values([
        {
          id: 3,
          username: 'late',
          password: 'x',
          github_id: 'octo',
          aff_code: 'AAAA',
          email: 'a@x.y',
        },
        {
          id: 1,
          username: 'early',
          password: 'x',
          github_id: 'octo',
          deleted_at: '2030-01-01 00:00:00',
        },
        { id: 2, username: 'other', password: 'x', github_id: 'someone' },
      ] as never)
      .execute();
    expect(await findIdentityHolders(db(), 'github_id', 'octo')).toEqual([
      { id: 1, deleted_at: '2030-01-01 00:00:00' },
      { id: 3, deleted_at: null },
    ]);
    expect(await findIdentityHolders(db(), 'github_id', 'nobody')).toEqual([]);
    // '' is "no identity", never a match for the accounts without one.
    expect(await findIdentityHolders(db(), 'oidc_id', '')).toEqual([]);
    expect(await maxUserId(db())).toBe(3);
  });

  it('binds an identity to a live account only', async () => {
    expect(await setIdentity(db(), 2, 'oidc_id', 'sub-2')).toBe(true);
    expect(await findIdentityHolders(db(), 'oidc_id', 'sub-2')).toEqual([
      { id: 2, deleted_at: null },
    ]);
    expect(await setIdentity(db(), 1, 'oidc_id', 'sub-1')).toBe(false);
    expect(await setIdentity(db(), 99, 'oidc_id', 'sub-99')).toBe(false);
    expect(await findIdentityHolders(db(), 'oidc_id', 'sub-1')).toEqual([]);
  });

  it('tells whether an invite code or an email address is taken', async () => {
    expect(await affCodeTaken(db(), 'AAAA')).toBe(true);
    expect(await affCodeTaken(db(), 'BBBB')).toBe(false);
    expect(await emailTaken(db(), 'a@x.y')).toBe(true);
    expect(await emailTaken(db(), 'b@x.y')).toBe(false);
  });
});
