/**
 * `passkey_credentials`: users' WebAuthn credentials, laid out as new-api's `PasskeyCredential`
 * model (reference §3) so a shared database works for both. One credential per user in use (the
 * main line); rows are deleted for real (`deleted_at` is never set) so the unique credential id is
 * freed at once.
 */
import { datetime, id, type TableDefinition } from './table-definition-types.js';

const flag = { type: 'boolean', default: false } as const;

export const passkeyCredentials: TableDefinition<'passkey_credentials'> = {
  columns: {
    id,
    user_id: { type: 'bigint', notNull: true },
    credential_id: { type: 'varchar', length: 512, notNull: true },
    public_key: { type: 'text', notNull: true },
    attestation_type: { type: 'varchar', length: 255 },
    aaguid: { type: 'varchar', length: 512 },
    sign_count: { type: 'ubigint', default: 0 },
    clone_warning: flag,
    user_present: flag,
    user_verified: flag,
    backup_eligible: flag,
    backup_state: flag,
    transports: { type: 'text' },
    attachment: { type: 'varchar', length: 32 },
    last_used_at: datetime,
    created_at: datetime,
    updated_at: datetime,
    deleted_at: datetime,
  },
  indexes: [
    { name: 'idx_passkey_credentials_user_id', columns: ['user_id'] },
    { name: 'idx_passkey_credentials_credential_id', columns: ['credential_id'], unique: true },
    { name: 'idx_passkey_credentials_deleted_at', columns: ['deleted_at'] },
  ],
};
