/**
 * Plain queries over `two_factor` and `two_factor_backup_codes`. The uses that must happen once
 * (a TOTP step, a backup code) are conditional updates, so two nodes racing with the same code
 * cannot both succeed.
 */
import type { Kysely } from 'kysely';
import type { Database, TwoFactorBackupCodeRow, TwoFactorRow } from '../../db/schema.js';

type Db = Kysely<Database>;

export async function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the user signs in with a second factor. */
export async function twoFactorEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('two_factor')
    .select('enabled')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.enabled === true;
}

/**
 * Starts (or restarts) a setup: replaces a not-yet-enabled row and its codes with a new secret.
 * False when the user has an enabled second factor (nothing is changed then).
 */
export async function startTwoFactorSetup(
  db: Db,
  userId: number,
  storedSecret: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    await transaction
      .deleteFrom('two_factor')
      .where('user_id', '=', userId)
      .where('enabled', '=', false)
      .execute();
    const enabled = await transaction
      .selectFrom('two_factor')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (enabled) return false;
    await transaction.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
    await transaction
      .insertInto('two_factor')
      .values({
        user_id: userId,
        secret: storedSecret,
        enabled: false,
        last_used_step: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return true;
  });
}

/**
 * Records `step` as used when it is later than the last one: true once per step. With
 * `enable`, also turns a pending setup on (and only a pending one).
 */
export async function useTimeStep(
  db: Db,
  userId: number,
  step: number,
  now: number,
  enable = false,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor')
    .set(
      enable
        ? { last_used_step: step, updated_at: now, enabled: true }
        : { last_used_step: step, updated_at: now },
    )
    .where('user_id', '=', userId)
    .where('enabled', '=', !enable)
    .where('last_used_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces every backup code of the user with the given hashes. */
export async function replaceBackupCodes(
  db: Db,
  userId: number,
  hashes: readonly string[],
  now: number,
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
    await transaction
      .insertInto('two_factor_backup_codes')
      .values(
        hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })),
      )
      .execute();
  });
}

export async function listUnusedBackupCodes(
  db: Db,
  userId: number,
): Promise<TwoFactorBackupCodeRow[]> {
  return db
    .selectFrom('two_factor_backup_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function countUnusedBackupCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_factor_backup_codes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks a backup code used: true for the one caller that gets to use it. */
export async function useBackupCode(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_backup_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes the user's second factor and backup codes; true when there was one. */
export async function deleteTwoFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    await transaction.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
    const result = await transaction
      .deleteFrom('two_factor')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}
