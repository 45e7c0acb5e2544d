/**
 * A database laid out as an existing new-api deployment left it: the DDL GORM AutoMigrate produced for an
 * older new-api that was itself upgraded from one-api. Compared with today's layout it has
 * - 32-bit `int` quota columns on users (and `decimal` channel balance on PostgreSQL, as GORM makes it);
 * - `group varchar(32)` on users, channels and abilities;
 * - no users.oidc_id / linux_do_id / setting, no tokens.allow_ips / group, no channels.test_model /
 *   status_code_mapping / other_info / tag / setting / param_override, no abilities.weight / tag, no
 *   logs.group / other, no redemptions.used_user_id / deleted_at;
 * - one-api-only columns that must survive: users.lark_id, tokens.models / subnet, channels.config /
 *   system_prompt, plus the old channels `idx_channels_key` index;
 * - none of the tables top_ups, midjourneys, tasks, quota_data, setups (and no setups row: the root user
 *   alone marks it initialised).
 * Rows are inserted as Go wrote them, passwords as `$2a$` bcrypt hashes.
 */
import type { TestDatabaseKind } from './test-databases.js';

// GORM's type names per dialect for the templates below ({key} = an indexed Go string).
const typeNames: Record<TestDatabaseKind, Record<string, string>> = {
  sqlite: {
    pk: 'integer',
    bigint: 'integer',
    str: 'text',
    key: 'text',
    bool: 'numeric',
    float: 'real',
    time: 'datetime',
  },
  postgres: {
    pk: 'bigserial',
    bigint: 'bigint',
    str: 'text',
    key: 'text',
    bool: 'boolean',
    float: 'decimal',
    time: 'timestamptz',
  },
  mysql: {
    pk: 'bigint AUTO_INCREMENT',
    bigint: 'bigint',
    str: 'longtext',
    key: 'varchar(191)',
    bool: 'boolean',
    float: 'double',
    time: 'datetime(3)',
  },
};

/** CREATE TABLE statements in MySQL quoting, with `{type}` placeholders. */
export const legacyDdl = [
  'CREATE TABLE `users` (`id` {pk},`username` {key} UNIQUE,`password` {str} NOT NULL,`display_name` {key},' +
    '`role` int DEFAULT 1,`status` int DEFAULT 1,`email` {key},`github_id` {key},`wechat_id` {key},' +
    '`lark_id` {key},`access_token` char(32),`quota` int DEFAULT 0,`used_quota` int DEFAULT 0,' +
    "`request_count` int DEFAULT 0,`group` varchar(32) DEFAULT 'default',`aff_code` varchar(32)," +
    '`aff_count` int DEFAULT 0,`aff_quota` int DEFAULT 0,`aff_history` int DEFAULT 0,`inviter_id` int,' +
    '`telegram_id` {key},`deleted_at` {time},PRIMARY KEY (`id`))',
  'CREATE TABLE `tokens` (`id` {pk},`user_id` {bigint},`key` char(48),`status` {bigint} DEFAULT 1,' +
    '`name` {key},`created_time` {bigint},`accessed_time` {bigint},`expired_time` {bigint} DEFAULT -1,' +
    '`remain_quota` {bigint} DEFAULT 0,`unlimited_quota` {bool} DEFAULT false,`used_quota` {bigint} DEFAULT 0,' +
    '`models` {str},`subnet` {str},`model_limits_enabled` {bool} DEFAULT false,' +
    "`model_limits` varchar(1024) DEFAULT '',`deleted_at` {time},PRIMARY KEY (`id`))",
  'CREATE TABLE `channels` (`id` {pk},`type` {bigint} DEFAULT 0,`key` {key} NOT NULL,' +
    '`openai_organization` {str},`status` {bigint} DEFAULT 1,`name` {key},`weight` {bigint} DEFAULT 0,' +
    '`created_time` {bigint},`test_time` {bigint},`response_time` {bigint},' +
    "`base_url` {key} DEFAULT '',`other` {str},`balance` {float},`balance_updated_time` {bigint}," +
    "`models` {str},`group` varchar(32) DEFAULT 'default',`used_quota` {bigint} DEFAULT 0," +
    "`model_mapping` varchar(1024) DEFAULT '',`priority` {bigint} DEFAULT 0,`auto_ban` {bigint} DEFAULT 1," +
    '`config` {str},`system_prompt` {str},PRIMARY KEY (`id`))',
  'CREATE TABLE `abilities` (`group` varchar(32),`model` {key},`channel_id` {bigint},`enabled` {bool},' +
    '`priority` {bigint} DEFAULT 0,PRIMARY KEY (`group`,`model`,`channel_id`))',
  'CREATE TABLE `options` (`key` {key},`value` {str},PRIMARY KEY (`key`))',
  'CREATE TABLE `redemptions` (`id` {pk},`user_id` {bigint},`key` char(32),`status` {bigint} DEFAULT 1,' +
    '`name` {key},`quota` {bigint} DEFAULT 100,`created_time` {bigint},`redeemed_time` {bigint},' +
    'PRIMARY KEY (`id`))',
  'CREATE TABLE `logs` (`id` {pk},`user_id` {bigint},`created_at` {bigint},`type` {bigint},`content` {str},' +
    "`username` {key} DEFAULT '',`token_name` {key} DEFAULT '',`model_name` {key} DEFAULT ''," +
    '`quota` {bigint} DEFAULT 0,`prompt_tokens` {bigint} DEFAULT 0,`completion_tokens` {bigint} DEFAULT 0,' +
    '`use_time` {bigint} DEFAULT 0,`is_stream` {bool} DEFAULT false,`channel_id` {bigint},' +
    '`token_id` {bigint} DEFAULT 0,PRIMARY KEY (`id`))',
];

const legacyIndexes: Record<string, Array<[string, string, boolean?]>> = {
  users: [
    ['idx_users_username', 'username'],
    ['idx_users_display_name', 'display_name'],
    ['idx_users_email', 'email'],
    ['idx_users_github_id', 'github_id'],
    ['idx_users_wechat_id', 'wechat_id'],
    ['idx_users_lark_id', 'lark_id'],
    ['idx_users_access_token', 'access_token', true],
    ['idx_users_aff_code', 'aff_code', true],
    ['idx_users_inviter_id', 'inviter_id'],
    ['idx_users_telegram_id', 'telegram_id'],
    ['idx_users_deleted_at', 'deleted_at'],
  ],
  tokens: [
    ['idx_tokens_user_id', 'user_id'],
    ['idx_tokens_key', 'key', true],
    ['idx_tokens_name', 'name'],
    ['idx_tokens_deleted_at', 'deleted_at'],
  ],
  channels: [
    ['idx_channels_key', 'key'],
    ['idx_channels_name', 'name'],
  ],
  abilities: [
    ['idx_abilities_channel_id', 'channel_id'],
    ['idx_abilities_priority', 'priority'],
  ],
  redemptions: [
    ['idx_redemptions_key', 'key', true],
    ['idx_redemptions_name', 'name'],
  ],
  logs: [
    ['idx_logs_user_id', 'user_id'],
    ['idx_created_at_id', 'id`,`created_at'],
    ['idx_created_at_type', 'created_at`,`type'],
    ['idx_logs_token_name', 'token_name'],
    ['idx_logs_model_name', 'model_name'],
    ['index_username_model_name', 'model_name`,`username'],
    ['idx_logs_channel_id', 'channel_id'],
    ['idx_logs_token_id', 'token_id'],
  ],
};

/** The legacy DDL (tables, then indexes) in the SQL of `kind`. */
export function legacyStatements(kind: TestDatabaseKind): string[] {
  const indexStatements = Object.entries(legacyIndexes).flatMap(([table, indexes]) =>
    indexes.map(
      ([name, columns, unique]) =>
        `CREATE ${unique ? 'UNIQUE ' : ''}INDEX \`${name}\` ON \`${table}\` (\`${columns}\`)`,
    ),
  );
  return [...legacyDdl, ...indexStatements].map((statement) => {
    const typed = statement.replace(/\{(\w+)\}/g, (_, name: string) => typeNames[kind][name]);
    return kind === 'postgres' ? typed.replaceAll('`', '"') : typed;
  });
}

/** Names of the tables the legacy layout has. */
export const legacyTables = legacyDdl.map((ddl) => /`(\w+)`/.exec(ddl)![1]);
