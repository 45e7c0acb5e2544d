/**
 * One declarative description of every table, rendered per dialect by `render-ddl.ts` and applied by
 * `migrate.ts`. The layout reproduces what GORM AutoMigrate creates for new-api (reference §1), so Go nodes
 * and Tollgate nodes can share a database; the one deliberate difference is that quota columns are BIGINT in
 * new PostgreSQL/MySQL databases (existing columns are never retyped).
 *
 * The `columns` objects are typed against `schema.ts`: a column missing here or unknown there fails to compile.
 */
import type { Database, TableName } from './schema.js';

/**
 * Logical column types, named after the Go declaration they come from:
 * - `int`: Go `int` with `type:int` (32-bit INT);
 * - `bigint`: Go `int`/`int64` without an explicit type (BIGINT; INTEGER in SQLite);
 * - `ubigint`: Go `uint` (BIGINT UNSIGNED in MySQL);
 * - `quota`: a balance or amount (BIGINT in new PostgreSQL/MySQL databases);
 * - `string`: Go `string` without size (MySQL varchar(191) when indexed, unique, primary or defaulted, else
 *   longtext; text elsewhere);
 * - `text`, `varchar`, `char`: explicit GORM types;
 * - `datetime`: `gorm.DeletedAt`; `json`: a JSON column (text in SQLite).
 */
export type LogicalType =
  | 'int'
  | 'bigint'
  | 'ubigint'
  | 'quota'
  | 'boolean'
  | 'double'
  | 'string'
  | 'text'
  | 'varchar'
  | 'char'
  | 'datetime'
  | 'json';

/** One column. Columns are NULLable unless `notNull` (as GORM creates them). */
export interface ColumnDefinition {
  type: LogicalType;
  /** Length for `varchar` and `char`. */
  length?: number;
  notNull?: boolean;
  default?: string | number | boolean;
  /** Single-column auto-increment primary key. */
  autoIncrementPrimaryKey?: boolean;
  /** Inline UNIQUE constraint (GORM `unique`), applied only when the table is created. */
  unique?: boolean;
}

/** One index; names follow GORM (`idx_<table>_<column>` or the model's explicit name). */
export interface IndexDefinition {
  name: string;
  columns: readonly string[];
  unique?: boolean;
}

/** One table: its columns in creation order, an optional composite primary key, its indexes. */
export interface TableDefinition<Table extends TableName> {
  columns: { readonly [Column in keyof Database[Table] & string]-?: ColumnDefinition };
  primaryKey?: readonly (keyof Database[Table] & string)[];
  indexes: readonly IndexDefinition[];
}

/** A table definition seen without its column names' type (for code that loops over every table). */
export interface AnyTableDefinition {
  columns: Readonly<Record<string, ColumnDefinition>>;
  primaryKey?: readonly string[];
  indexes: readonly IndexDefinition[];
}

const id: ColumnDefinition = { type: 'bigint', autoIncrementPrimaryKey: true };
const int: ColumnDefinition = { type: 'int' };
const bigint: ColumnDefinition = { type: 'bigint' };
const string: ColumnDefinition = { type: 'string' };
const datetime: ColumnDefinition = { type: 'datetime' };

function withDefault(column: ColumnDefinition, value: string | number | boolean): ColumnDefinition {
  return { ...column, default: value };
}
function quota(defaultValue?: number): ColumnDefinition {
  return defaultValue === undefined ? { type: 'quota' } : { type: 'quota', default: defaultValue };
}
function varchar(length: number, defaultValue?: string): ColumnDefinition {
  return defaultValue === undefined
    ? { type: 'varchar', length }
    : { type: 'varchar', length, default: defaultValue };
}

/** Plain single-column indexes named `idx_<table>_<column>`. */
function plainIndexes(table: TableName, columns: string[], unique = false): IndexDefinition[] {
  return columns.map((column) => ({ name: `idx_${table}_${column}`, columns: [column], unique }));
}

const users: TableDefinition<'users'> = {
  columns: {
    id,
    username: { type: 'string', unique: true },
    password: { type: 'string', notNull: true },
    display_name: string,
    role: withDefault(int, 1),
    status: withDefault(int, 1),
    email: string,
    github_id: string,
    oidc_id: string,
    wechat_id: string,
    telegram_id: string,
    access_token: { type: 'char', length: 32 },
    quota: quota(0),
    used_quota: quota(0),
    request_count: withDefault(int, 0),
    group: varchar(64, 'default'),
    aff_code: varchar(32),
    aff_count: withDefault(int, 0),
    aff_quota: quota(0),
    aff_history: quota(0),
    inviter_id: int,
    deleted_at: datetime,
    linux_do_id: string,
    setting: { type: 'text' },
  },
  indexes: [
    ...plainIndexes('users', ['username', 'display_name', 'email', 'github_id', 'oidc_id']),
    ...plainIndexes('users', [
      'wechat_id',
      'telegram_id',
      'inviter_id',
      'deleted_at',
      'linux_do_id',
    ]),
    ...plainIndexes('users', ['access_token', 'aff_code'], true),
  ],
};

const tokens: TableDefinition<'tokens'> = {
  columns: {
    id,
    user_id: bigint,
    key: { type: 'char', length: 48 },
    status: withDefault(bigint, 1),
    name: string,
    created_time: bigint,
    accessed_time: bigint,
    expired_time: withDefault(bigint, -1),
    remain_quota: quota(0),
    unlimited_quota: { type: 'boolean', default: false },
    model_limits_enabled: { type: 'boolean', default: false },
    model_limits: varchar(1024, ''),
    allow_ips: withDefault(string, ''),
    used_quota: quota(0),
    group: withDefault(string, ''),
    deleted_at: datetime,
  },
  indexes: [
    ...plainIndexes('tokens', ['user_id', 'name', 'deleted_at']),
    ...plainIndexes('tokens', ['key'], true),
  ],
};

const channels: TableDefinition<'channels'> = {
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
  },
  indexes: plainIndexes('channels', ['name', 'tag']),
};

const abilities: TableDefinition<'abilities'> = {
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

const options: TableDefinition<'options'> = {
  columns: { key: { type: 'string', notNull: true }, value: string },
  primaryKey: ['key'],
  indexes: [],
};

const redemptions: TableDefinition<'redemptions'> = {
  columns: {
    id,
    user_id: bigint,
    key: { type: 'char', length: 32 },
    status: withDefault(bigint, 1),
    name: string,
    quota: quota(100),
    created_time: bigint,
    redeemed_time: bigint,
    used_user_id: bigint,
    deleted_at: datetime,
  },
  indexes: [
    ...plainIndexes('redemptions', ['key'], true),
    ...plainIndexes('redemptions', ['name', 'deleted_at']),
  ],
};

const logs: TableDefinition<'logs'> = {
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
  ],
};

const topUps: TableDefinition<'top_ups'> = {
  columns: {
    id,
    user_id: bigint,
    amount: quota(),
    money: { type: 'double' },
    trade_no: string,
    create_time: bigint,
    status: string,
  },
  indexes: plainIndexes('top_ups', ['user_id']),
};

const midjourneys: TableDefinition<'midjourneys'> = {
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

const tasks: TableDefinition<'tasks'> = {
  columns: {
    id,
    created_at: bigint,
    updated_at: bigint,
    task_id: varchar(50),
    platform: varchar(30),
    user_id: bigint,
    channel_id: bigint,
    quota: quota(),
    action: varchar(40),
    status: varchar(20),
    fail_reason: string,
    submit_time: bigint,
    start_time: bigint,
    finish_time: bigint,
    progress: varchar(20),
    properties: { type: 'json' },
    data: { type: 'json' },
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

const quotaData: TableDefinition<'quota_data'> = {
  columns: {
    id,
    user_id: bigint,
    username: varchar(64, ''),
    model_name: varchar(64, ''),
    created_at: bigint,
    token_used: withDefault(bigint, 0),
    count: withDefault(bigint, 0),
    quota: quota(0),
  },
  indexes: [
    ...plainIndexes('quota_data', ['user_id']),
    { name: 'idx_qdt_model_user_name', columns: ['model_name', 'username'] },
    { name: 'idx_qdt_created_at', columns: ['created_at'] },
  ],
};

const setups: TableDefinition<'setups'> = {
  columns: {
    id: { type: 'ubigint', autoIncrementPrimaryKey: true },
    version: { type: 'varchar', length: 50, notNull: true },
    initialized_at: { type: 'bigint', notNull: true },
  },
  indexes: [],
};

/** Every table, in creation order. */
export const tableDefinitions: { readonly [Table in TableName]: TableDefinition<Table> } = {
  users,
  tokens,
  channels,
  abilities,
  options,
  redemptions,
  logs,
  top_ups: topUps,
  midjourneys,
  tasks,
  quota_data: quotaData,
  setups,
};

/** The twelve table names, in creation order. */
export const tableNames = Object.keys(tableDefinitions) as TableName[];

/** Looks up a table definition without the per-table generic (for code that loops over all tables). */
export function tableDefinition(table: TableName): AnyTableDefinition {
  return tableDefinitions[table] as AnyTableDefinition;
}

/** `table.column` keys of every boolean column (SQLite and MySQL store them as 0/1). */
export const booleanColumnKeys: ReadonlySet<string> = new Set(
  tableNames.flatMap((table) =>
    Object.entries(tableDefinition(table).columns)
      .filter(([, column]) => column.type === 'boolean')
      .map(([column]) => `${table}.${column}`),
  ),
);
