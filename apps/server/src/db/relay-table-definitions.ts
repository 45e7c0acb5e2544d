/**
 * Table definitions of routing and usage: channels, abilities, logs, midjourneys, tasks, quota_data.
 */
import {
  bigint,
  id,
  plainIndexes,
  quota,
  string,
  varchar,
  withDefault,
  type TableDefinition,
} from './table-definition-types.js';

export const channels: TableDefinition<'channels'> = {
  columns: {
    id,
    type: withDefault(bigint, 0),
    key: { type: 'string', notNull: true },
    openai_organization: string,
    test_model: string,
    status: withDefault(bigint, 1),
    name: string,
    weight: { type: 'ubigint', default: 0 },
    created_time: bigint,
    test_time: bigint,
    response_time: bigint,
    base_url: withDefault(string, ''),
    other: string,
    balance: { type: 'double' },
    balance_updated_time: bigint,
    models: string,
    group: varchar(64, 'default'),
    used_quota: quota(0),
    model_mapping: { type: 'text' },
    status_code_mapping: varchar(1024, ''),
    priority: withDefault(bigint, 0),
    auto_ban: withDefault(bigint, 1),
    other_info: string,
    tag: string,
    setting: { type: 'text' },
    param_override: { type: 'text' },
    channel_info: { type: 'text' },
  },
  indexes: plainIndexes('channels', ['name', 'tag']),
};

export const abilities: TableDefinition<'abilities'> = {
  columns: {
    group: { type: 'varchar', length: 64, notNull: true },
    model: { type: 'varchar', length: 255, notNull: true },
    channel_id: { type: 'bigint', notNull: true },
    enabled: { type: 'boolean' },
    priority: withDefault(bigint, 0),
    weight: { type: 'ubigint', default: 0 },
    tag: string,
  },
  primaryKey: ['group', 'model', 'channel_id'],
  indexes: plainIndexes('abilities', ['channel_id', 'priority', 'weight', 'tag']),
};

/** `idx_logs_<column>_created_at_covering`: (column, created_at) with the type and quota included. */
function coveringTimeIndexes(columns: string[]) {
  return columns.map((column) => ({
    name: `idx_logs_${column}_created_at_covering`,
    columns: [column, 'created_at'],
    include: ['type', 'quota'],
  }));
}

export const logs: TableDefinition<'logs'> = {
  columns: {
    id,
    user_id: bigint,
    created_at: bigint,
    type: bigint,
    content: string,
    username: withDefault(string, ''),
    token_name: withDefault(string, ''),
    model_name: withDefault(string, ''),
    quota: quota(0),
    prompt_tokens: withDefault(bigint, 0),
    completion_tokens: withDefault(bigint, 0),
    use_time: withDefault(bigint, 0),
    is_stream: { type: 'boolean', default: false },
    channel_id: bigint,
    token_id: withDefault(bigint, 0),
    group: string,
    other: string,
  },
  indexes: [
    { name: 'idx_created_at_id', columns: ['id', 'created_at'] },
    { name: 'idx_created_at_type', columns: ['created_at', 'type'] },
    { name: 'index_username_model_name', columns: ['model_name', 'username'] },
    ...plainIndexes('logs', ['user_id', 'username', 'token_name', 'model_name']),
    ...plainIndexes('logs', ['channel_id', 'token_id', 'group']),
    // Tollgate's: the console filters by one of these within a time range, counts the matches and
    // sums their quota; (column, created_at) with the type and quota (and, for a user, the model:
    // the "user + model" filter) answers all three from the index alone (docs/log-performance.md).
    {
      name: 'idx_logs_user_id_created_at_covering',
      columns: ['user_id', 'created_at'],
      include: ['type', 'quota', 'model_name'],
    },
    {
      name: 'idx_logs_username_created_at_covering',
      columns: ['username', 'created_at'],
      include: ['type', 'quota', 'model_name'],
    },
    ...coveringTimeIndexes(['token_name', 'model_name', 'channel_id', 'group']),
    // Tollgate's: a time window's Σ quota and count with no selective filter, or filtered by the
    // columns a third to a half of the rows share (group, a model prefix), read from this index
    // alone instead of hundreds of thousands of table rows (docs/log-performance.md).
    {
      name: 'idx_logs_created_at_type_covering',
      columns: ['created_at', 'type'],
      include: ['quota', 'model_name', 'group'],
    },
  ],
};

export const midjourneys: TableDefinition<'midjourneys'> = {
  columns: {
    id,
    code: bigint,
    user_id: bigint,
    action: varchar(40),
    mj_id: string,
    prompt: string,
    prompt_en: string,
    description: string,
    state: string,
    submit_time: bigint,
    start_time: bigint,
    finish_time: bigint,
    image_url: string,
    status: varchar(20),
    progress: varchar(30),
    fail_reason: string,
    channel_id: bigint,
    quota: quota(),
    token_id: bigint,
    buttons: { type: 'text' },
    properties: { type: 'text' },
  },
  indexes: plainIndexes('midjourneys', [
    'user_id',
    'action',
    'mj_id',
    'submit_time',
    'start_time',
    'finish_time',
    'status',
    'progress',
  ]),
};

export const tasks: TableDefinition<'tasks'> = {
  columns: {
    id,
    created_at: bigint,
    updated_at: bigint,
    task_id: varchar(50),
    platform: varchar(30),
    user_id: bigint,
    channel_id: bigint,
    quota: quota(),
    token_id: bigint,
    action: varchar(40),
    status: varchar(20),
    fail_reason: string,
    submit_time: bigint,
    start_time: bigint,
    finish_time: bigint,
    progress: varchar(20),
    properties: { type: 'json' },
    data: { type: 'json' },
    private_data: { type: 'json' },
  },
  indexes: plainIndexes('tasks', [
    'created_at',
    'task_id',
    'platform',
    'user_id',
    'channel_id',
    'action',
    'status',
    'submit_time',
    'start_time',
    'finish_time',
    'progress',
  ]),
};

export const quotaData: TableDefinition<'quota_data'> = {
  columns: {
    id,
    user_id: bigint,
    username: varchar(64, ''),
    model_name: varchar(64, ''),
    created_at: bigint,
    token_used: withDefault(bigint, 0),
    count: withDefault(bigint, 0),
    quota: quota(0),
    // Tollgate's: response cache hits and the quota they saved. Added to new-api's table with
    // default 0 (new-api neither reads nor writes them, so its rows count as no hits).
    cache_hits: withDefault(bigint, 0),
    cache_saved_quota: quota(0),
  },
  indexes: [
    ...plainIndexes('quota_data', ['user_id']),
    { name: 'idx_qdt_model_user_name', columns: ['model_name', 'username'] },
    { name: 'idx_qdt_created_at', columns: ['created_at'] },
    // Tollgate's: one user's buckets of a window (the dashboard of a user, by id or by name) are a
    // range of these instead of every bucket the user ever had.
    { name: 'idx_qdt_user_id_created_at', columns: ['user_id', 'created_at'] },
    { name: 'idx_qdt_username_created_at', columns: ['username', 'created_at'] },
    // Tollgate's: the admin dashboard sums every user's buckets per hour and model; read in this
    // order, the grouping needs no sort. The cache columns, added later, are not covered (the
    // index keeps its name and shape on databases that have it): their sums read the table rows.
    {
      name: 'idx_qdt_created_at_model_name',
      columns: ['created_at', 'model_name'],
      include: ['token_used', 'count', 'quota'],
    },
  ],
};
