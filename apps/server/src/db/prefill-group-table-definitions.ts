/**
 * `prefill_groups` (new-api 1.0): saved model lists, tags and endpoint sets. new-api declares the
 * name unique among live rows with a partial index; MySQL has none, so here the name gets a plain
 * index and the service refuses a duplicate live name (`prefill-groups/prefill-group-service.ts`).
 * `items` is JSON text (an array of strings) in a text column on every database, so every driver
 * reads it back as a string.
 */
import { bigint, datetime, id, type TableDefinition } from './table-definition-types.js';

export const prefillGroups: TableDefinition<'prefill_groups'> = {
  columns: {
    id,
    name: { type: 'varchar', length: 64, notNull: true },
    type: { type: 'varchar', length: 32, notNull: true },
    items: { type: 'text' },
    description: { type: 'varchar', length: 255 },
    created_time: bigint,
    updated_time: bigint,
    deleted_at: datetime,
  },
  indexes: [
    { name: 'idx_prefill_groups_name', columns: ['name'] },
    { name: 'idx_prefill_groups_type', columns: ['type'] },
    { name: 'idx_prefill_groups_deleted_at', columns: ['deleted_at'] },
  ],
};
