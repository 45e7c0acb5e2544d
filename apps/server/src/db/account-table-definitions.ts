/** Table definitions of accounts and payments: users, tokens, options, redemptions, top_ups, setups. */
import {
  bigint,
  datetime,
  id,
  int,
  plainIndexes,
  quota,
  string,
  varchar,
  withDefault,
  type TableDefinition,
} from './table-definition-types.js';

export const users: TableDefinition<'users'> = {
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
    session_version: withDefault(bigint, 0),
    username_key: varchar(191),
    limits: { type: 'text' },
    discord_id: string,
    // Added by later new-api versions: the user's Stripe customer id, reused for every checkout.
    stripe_customer: varchar(64),
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
    ...plainIndexes('users', ['username_key']),
    ...plainIndexes('users', ['discord_id']),
  ],
};

export const tokens: TableDefinition<'tokens'> = {
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
    limits: { type: 'text' },
  },
  indexes: [
    ...plainIndexes('tokens', ['user_id', 'name', 'deleted_at']),
    ...plainIndexes('tokens', ['key'], true),
  ],
};

export const options: TableDefinition<'options'> = {
  columns: { key: { type: 'string', notNull: true }, value: string },
  primaryKey: ['key'],
  indexes: [],
};

export const redemptions: TableDefinition<'redemptions'> = {
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

export const topUps: TableDefinition<'top_ups'> = {
  columns: {
    id,
    user_id: bigint,
    amount: quota(),
    money: { type: 'double' },
    trade_no: string,
    create_time: bigint,
    status: string,
    // Added by later new-api versions with the same name and type; Tollgate sets it on completion.
    complete_time: bigint,
    // Added by later new-api versions: `stripe`, `creem` or the Epay type.
    payment_method: varchar(50),
    // Tollgate's own: the currency of `money` for hosted checkouts (lowercase ISO code, '' for Epay).
    currency: varchar(16),
  },
  indexes: plainIndexes('top_ups', ['user_id']),
};

export const setups: TableDefinition<'setups'> = {
  columns: {
    id: { type: 'ubigint', autoIncrementPrimaryKey: true },
    version: { type: 'varchar', length: 50, notNull: true },
    initialized_at: { type: 'bigint', notNull: true },
  },
  indexes: [],
};
