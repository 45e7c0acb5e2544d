/**
 * `checkins` (new-api 1.0's daily check-in): one row per user and day. The unique index on
 * (user_id, checkin_date) is the concurrency guard: a second check-in of the same day, from any
 * process or node, fails its insert and rolls back its credit (`checkins/checkin-service.ts`).
 */
import { bigint, id, type TableDefinition } from './table-definition-types.js';

export const checkins: TableDefinition<'checkins'> = {
  columns: {
    id,
    user_id: { ...bigint, notNull: true },
    checkin_date: { type: 'varchar', length: 10, notNull: true },
    quota_awarded: { type: 'int', notNull: true },
    created_at: { ...bigint, notNull: true },
  },
  indexes: [
    {
      name: 'idx_user_checkin_date',
      columns: ['user_id', 'checkin_date'],
      unique: true,
    },
  ],
};
