import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import {
  countUnusedBackupCodes,
  deleteTwoFactor,
  findTwoFactor,
  listUnusedBackupCodes,
  replaceBackupCodes,
  startTwoFactorSetup,
  twoFactorEnabled,
  useBackupCode,
  useTimeStep,
} from './two-factor-repository.js';

describe('two-factor repository', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await db().deleteFrom('two_factor_backup_codes').execute();
    await db().deleteFrom('two_factor').execute();
  });

  it('starts a setup, restarts a pending one, and never replaces an enabled one', async () => {
    expect(await findTwoFactor(db(), 1)).toBeUndefined();
    expect(await twoFactorEnabled(db(), 1)).toBe(false);
    expect(await startTwoFactorSetup(db(), 1, 'secret-1', 100)).toBe(true);
    expect(await findTwoFactor(db(), 1)).toMatchObject({
      user_id: 1,
      secret: 'secret-1',
      enabled: false,
      last_used_step: 0,
      created_at: 100,
      updated_at: 100,
    });
    await replaceBackupCodes(db(), 1, ['a$1'], 100);
    expect(await startTwoFactorSetup(db(), 1, 'secret-2', 200)).toBe(true);
    expect((await findTwoFactor(db(), 1))?.secret).toBe('secret-2');
    // A restarted setup drops the codes of the abandoned one.
    expect(await countUnusedBackupCodes(db(), 1)).toBe(0);

    expect(await useTimeStep(db(), 1, 10, 300, true)).toBe(true);
    expect(await twoFactorEnabled(db(), 1)).toBe(true);
    await replaceBackupCodes(db(), 1, ['b$2'], 300);
    expect(await startTwoFactorSetup(db(), 1, 'secret-3', 400)).toBe(false);
    expect(await findTwoFactor(db(), 1)).toMatchObject({
      secret: 'secret-2',
      enabled: true,
      last_used_step: 10,
    });
    expect(await countUnusedBackupCodes(db(), 1)).toBe(1);
    // Another user's setup is separate.
    expect(await startTwoFactorSetup(db(), 2, 'other', 400)).toBe(true);
    expect(await twoFactorEnabled(db(), 2)).toBe(false);
  });

  it('uses each time step once, only later ones, enabling only a pending setup', async () => {
    await startTwoFactorSetup(db(), 1, 's', 100);
    // Not enabled yet: an ordinary use does nothing.
    expect(await useTimeStep(db(), 1, 5, 110)).toBe(false);
    expect(await useTimeStep(db(), 1, 5, 120, true)).toBe(true);
    expect(await findTwoFactor(db(), 1)).toMatchObject({
      enabled: true,
      last_used_step: 5,
      updated_at: 120,
    });
    // Enabled: enabling again does nothing; the same or an earlier step is refused.
    expect(await useTimeStep(db(), 1, 6, 130, true)).toBe(false);
    expect(await useTimeStep(db(), 1, 5, 130)).toBe(false);
    expect(await useTimeStep(db(), 1, 4, 130)).toBe(false);
    expect(await useTimeStep(db(), 1, 6, 140)).toBe(true);
    expect(await findTwoFactor(db(), 1)).toMatchObject({
      enabled: true,
      last_used_step: 6,
      updated_at: 140,
    });
    expect(await useTimeStep(db(), 9, 100, 140)).toBe(false);
  });

  it('replaces, lists, counts and uses backup codes once', async () => {
    await replaceBackupCodes(db(), 1, ['h1', 'h2', 'h3'], 100);
    await replaceBackupCodes(db(), 2, ['other'], 100);
    const codes = await listUnusedBackupCodes(db(), 1);
    expect(codes.map((code) => code.code_hash)).toEqual(['h1', 'h2', 'h3']);
    expect(codes[0]).toMatchObject({ user_id: 1, used_at: null, created_at: 100 });
    expect(await countUnusedBackupCodes(db(), 1)).toBe(3);
    expect(await useBackupCode(db(), codes[1].id, 200)).toBe(true);
    expect(await useBackupCode(db(), codes[1].id, 300)).toBe(false);
    expect((await listUnusedBackupCodes(db(), 1)).map((code) => code.code_hash)).toEqual([
      'h1',
      'h3',
    ]);
    expect(await countUnusedBackupCodes(db(), 1)).toBe(2);
    await replaceBackupCodes(db(), 1, ['n1'], 300);
    expect((await listUnusedBackupCodes(db(), 1)).map((code) => code.code_hash)).toEqual(['n1']);
    expect(await countUnusedBackupCodes(db(), 2)).toBe(1);
    expect(await countUnusedBackupCodes(db(), 3)).toBe(0);
  });

  it('deletes a second factor with its codes, once', async () => {
    await startTwoFactorSetup(db(), 1, 's', 100);
    await replaceBackupCodes(db(), 1, ['h1'], 100);
    await startTwoFactorSetup(db(), 2, 's', 100);
    expect(await deleteTwoFactor(db(), 1)).toBe(true);
    expect(await findTwoFactor(db(), 1)).toBeUndefined();
    expect(await countUnusedBackupCodes(db(), 1)).toBe(0);
    expect(await deleteTwoFactor(db(), 1)).toBe(false);
    expect(await findTwoFactor(db(), 2)).toBeDefined();
  });
});
