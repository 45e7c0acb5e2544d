/**
 * Tables of the model and vendor metadata catalogue (`models`, `vendors`), laid out as new-api 1.0
 * creates them, so a database shared with it keeps one catalogue. Both are soft-deleted through
 * `deleted_at`. The unique indexes pair the name with `deleted_at`, as new-api's do: a deleted
 * row's name can be used again. Live rows (`deleted_at` NULL) are not held unique by such an index
 * on any of the three databases (NULLs differ from each other), so the catalogue's code refuses a
 * duplicate live name itself (catalogue/unique-names.ts).
 */
import {
  bigint,
  datetime,
  id,
  varchar,
  withDefault,
  type TableDefinition,
} from './table-definition-types.js';

export const models: TableDefinition<'models'> = {
  columns: {
    id,
    model_name: { type: 'varchar', length: 128, notNull: true },
    description: { type: 'text' },
    icon: varchar(128),
    tags: varchar(255),
    vendor_id: bigint,
    endpoints: { type: 'text' },
    status: withDefault(bigint, 1),
    sync_official: withDefault(bigint, 1),
    created_time: bigint,
    updated_time: bigint,
    deleted_at: datetime,
    name_rule: withDefault(bigint, 0),
    context_length: { type: 'int', notNull: true, default: 0 },
    max_output_tokens: { type: 'int', notNull: true, default: 0 },
    knowledge_cutoff: varchar(32),
    release_date: varchar(32),
    parameter_count: varchar(32),
    input_modalities: varchar(128),
    output_modalities: varchar(128),
  },
  indexes: [
    { name: 'uk_model_name_delete_at', columns: ['model_name', 'deleted_at'], unique: true },
    { name: 'idx_models_vendor_id', columns: ['vendor_id'] },
    { name: 'idx_models_deleted_at', columns: ['deleted_at'] },
  ],
};

export const vendors: TableDefinition<'vendors'> = {
  columns: {
    id,
    name: { type: 'varchar', length: 128, notNull: true },
    description: { type: 'text' },
    icon: varchar(128),
    status: withDefault(bigint, 1),
    created_time: bigint,
    updated_time: bigint,
    deleted_at: datetime,
  },
  indexes: [
    { name: 'uk_vendor_name_delete_at', columns: ['name', 'deleted_at'], unique: true },
    { name: 'idx_vendors_deleted_at', columns: ['deleted_at'] },
  ],
};
