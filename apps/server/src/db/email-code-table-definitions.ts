/**
 * The table of one-time email codes (Tollgate only): registration and binding codes, password
 * reset tokens. Used when no Redis is configured, so every process of every node checks the same
 * codes. new-api keeps these in process memory and ignores tables it does not know.
 */
import { bigint, id, type TableDefinition } from './table-definition-types.js';

export const emailCodes: TableDefinition<'email_codes'> = {
  columns: {
    id,
    purpose: { type: 'varchar', length: 16, notNull: true },
    email_key: { type: 'char', length: 64, notNull: true },
    code_hash: { type: 'char', length: 64, notNull: true },
    attempts: { type: 'int', notNull: true, default: 0 },
    expires_at: { type: 'bigint', notNull: true },
    created_at: bigint,
  },
  indexes: [
    { name: 'idx_email_codes_purpose_email', columns: ['purpose', 'email_key'], unique: true },
    { name: 'idx_email_codes_expires_at', columns: ['expires_at'] },
  ],
};
