/**
 * The table of sent-once notice marks (Tollgate only): a notification that must go out once per
 * period (a budget passing 80 % of its month) is claimed by inserting its key; the unique key makes
 * the claim atomic across every process and node when no Redis is configured. Rows outlive their
 * period by a margin and are then deleted. new-api ignores tables it does not know.
 */
import { bigint, type TableDefinition } from './table-definition-types.js';

export const noticeClaims: TableDefinition<'notice_claims'> = {
  columns: {
    claim_key: { type: 'varchar', length: 128, notNull: true },
    expires_at: { ...bigint, notNull: true },
  },
  primaryKey: ['claim_key'],
  indexes: [{ name: 'idx_notice_claims_expires_at', columns: ['expires_at'] }],
};
