/**
 * Tables of the TOTP second factor (Tollgate only). new-api ignores tables it does not know, so a
 * database shared with it, or handed back to it, keeps working; later new-api versions keep their
 * own second factor in differently named tables (`two_fas`, `two_fa_backup_codes`), which these do
 * not touch.
 */
import { bigint, id, type TableDefinition } from './table-definition-types.js';

export const twoFactor: TableDefinition<'two_factor'> = {
  columns: {
    id,
    user_id: { type: 'bigint', notNull: true },
    secret: { type: 'varchar', length: 255, notNull: true },
    enabled: { type: 'boolean', notNull: true, default: false },
    last_used_step: { type: 'bigint', notNull: true, default: 0 },
    created_at: bigint,
    updated_at: bigint,
  },
  indexes: [{ name: 'idx_two_factor_user_id', columns: ['user_id'], unique: true }],
};

export const twoFactorBackupCodes: TableDefinition<'two_factor_backup_codes'> = {
  columns: {
    id,
    user_id: { type: 'bigint', notNull: true },
    code_hash: { type: 'varchar', length: 128, notNull: true },
    used_at: bigint,
    created_at: bigint,
  },
  indexes: [{ name: 'idx_two_factor_backup_codes_user_id', columns: ['user_id'] }],
};
