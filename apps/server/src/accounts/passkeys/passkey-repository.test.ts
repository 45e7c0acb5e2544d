import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/test-databases.js';
import {
  deletePasskeysOfUser,
  findPasskeyByCredentialId,
  findPasskeyByUser,
  passkeyTimeToIso,
  recordPasskeyUse,
  savePasskey,
  type NewPasskeyCredential,
} from './passkey-repository.js';

const credential = (userId: number, credentialId: string): NewPasskeyCredential => ({
  userId,
  credentialId,
  publicKey: 'cHVibGljLWtleQ==',
  attestationType: 'none',
  aaguid: 'AAAAAAAAAAAAAAAAAAAAAA==',
  signCount: 0,
  userVerified: true,
  backupEligible: false,
  backupState: false,
  transports: ['internal'],
  attachment: 'platform',
});

/** `passkey_credentials` on every database: upsert by credential id, one per user, hard delete. */
describe.each(testDatabaseKinds())('passkey credentials on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('upserts by credential id, keeps one per user, records uses and deletes for real', async () => {
    const target = database.handle;
    await savePasskey(target, credential(1, 'Y3JlZC1h'));
    await savePasskey(target, { ...credential(1, 'Y3JlZC1h'), signCount: 3 });
    const first = await findPasskeyByUser(target, 1);
    expect(first).toMatchObject({ credential_id: 'Y3JlZC1h', sign_count: 3, user_present: true });
    expect(first?.transports).toBe('["internal"]');
    expect(passkeyTimeToIso(first!.created_at)).not.toBeNull();

    // A new registration replaces the user's earlier passkey.
    await savePasskey(target, credential(1, 'Y3JlZC1i'));
    expect(await findPasskeyByCredentialId(target, 'Y3JlZC1h')).toBeUndefined();
    const second = await findPasskeyByUser(target, 1);
    expect(second).toMatchObject({ credential_id: 'Y3JlZC1i', last_used_at: null });

    const before = Date.now();
    await recordPasskeyUse(target, second!.id, {
      signCount: 4_000_000_000,
      userVerified: false,
      backupEligible: true,
      backupState: true,
    });
    const used = await findPasskeyByUser(target, 1);
    expect(used).toMatchObject({
      sign_count: 4_000_000_000,
      user_verified: false,
      backup_eligible: true,
      backup_state: true,
    });
    const lastUsed = Date.parse(passkeyTimeToIso(used!.last_used_at)!);
    expect(Math.abs(lastUsed - before)).toBeLessThan(60_000);

    // The credential id is unique across users.
    await expect(
      target.db
        .insertInto('passkey_credentials')
        .values({ user_id: 2, credential_id: 'Y3JlZC1i', public_key: 'eA==' })
        .execute(),
    ).rejects.toThrow();

    expect(await deletePasskeysOfUser(target, 1)).toBe(1);
    const left = await target.db
      .selectFrom('passkey_credentials')
      .select('id')
      .where('credential_id', '=', 'Y3JlZC1i')
      .execute();
    expect(left).toEqual([]);
  });
});

describe('stored passkey times', () => {
  it.each([
    ['2026-11-28 11:50:00.123+00:00', '2026-11-28T11:50:00.123Z'],
    ['2026-11-28 11:50:00.123+00', '2026-11-28T11:50:00.123Z'],
    ['2026-11-28 11:50:00.123', '2026-11-28T11:50:00.123Z'],
    ['2026-11-28T19:50:00+08:00', '2026-11-28T11:50:00.000Z'],
  ])('reads %s as ISO', (stored, iso) => {
    expect(passkeyTimeToIso(stored)).toBe(iso);
  });
  it('reads nothing as null', () => {
    expect(passkeyTimeToIso(null)).toBeNull();
  });
});
