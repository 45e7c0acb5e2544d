import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';

import type { SqlDialect } from './open-database.js';
import {
  addColumnQuery,
  columnSqlType,
  createIndexConcurrentlyQuery,
  createIndexQuery,
  createTableQuery,
} from './render-ddl.js';

/** A Kysely that only compiles, for each dialect. */
function compilerFor(dialect: SqlDialect) {
  const parts = {
    sqlite: [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler],
    postgres: [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler],
    mysql: [MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler],
  } as const;
  const [Adapter, Introspector, Compiler] = parts[dialect];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
}

describe('columnSqlType', () => {
  it.each([
    ['users', 'quota', 'integer', 'bigint', 'bigint'],
    ['users', 'role', 'integer', 'int', 'int'],
    ['users', 'username', 'text', 'text', 'varchar(191)'],
    ['users', 'password', 'text', 'text', 'longtext'],
    ['users', 'group', 'varchar(64)', 'varchar(64)', 'varchar(64)'],
    ['users', 'access_token', 'char(32)', 'char(32)', 'char(32)'],
    ['users', 'deleted_at', 'datetime', 'timestamptz', 'datetime(3)'],
    ['users', 'setting', 'text', 'text', 'text'],
    ['tokens', 'key', 'char(48)', 'char(48)', 'char(48)'],
    ['tokens', 'unlimited_quota', 'numeric', 'boolean', 'boolean'],
    ['tokens', 'allow_ips', 'text', 'text', 'varchar(191)'],
    ['channels', 'key', 'text', 'text', 'longtext'],
    ['channels', 'balance', 'real', 'double precision', 'double'],
    ['channels', 'weight', 'integer', 'bigint', 'bigint unsigned'],
    ['abilities', 'model', 'varchar(255)', 'varchar(255)', 'varchar(255)'],
    ['abilities', 'tag', 'text', 'text', 'varchar(191)'],
    ['options', 'key', 'text', 'text', 'varchar(191)'],
    ['options', 'value', 'text', 'text', 'longtext'],
    ['logs', 'content', 'text', 'text', 'longtext'],
    ['logs', 'group', 'text', 'text', 'varchar(191)'],
    ['tasks', 'data', 'text', 'json', 'json'],
    ['quota_data', 'username', 'varchar(64)', 'varchar(64)', 'varchar(64)'],
    ['top_ups', 'amount', 'integer', 'bigint', 'bigint'],
    ['setups', 'id', 'integer', 'bigserial', 'bigint unsigned'],
  ] as const)('%s.%s is %s / %s / %s', (table, column, sqlite, postgres, mysql) => {
    expect(columnSqlType('sqlite', table, column)).toBe(sqlite);
    expect(columnSqlType('postgres', table, column)).toBe(postgres);
    expect(columnSqlType('mysql', table, column)).toBe(mysql);
  });

  it('rejects an unknown column', () => {
    expect(() => columnSqlType('mysql', 'users', 'lark_id')).toThrow('users.lark_id');
  });
});

describe('createTableQuery', () => {
  it('renders GORM-like MySQL DDL with quoted reserved words', () => {
    const text = createTableQuery(compilerFor('mysql'), 'mysql', 'users').compile().sql;
    expect(text).toMatch(/^create table if not exists `users`/);
    expect(text).toContain('`id` bigint primary key auto_increment');
    expect(text).toContain('`username` varchar(191) unique');
    expect(text).toContain('`password` longtext not null');
    expect(text).toContain("`group` varchar(64) default 'default'");
    expect(text).toContain('`quota` bigint default 0');
    expect(text).toMatch(/default charset = utf8mb4$/);
  });

  it('renders auto-increment ids per dialect', () => {
    expect(createTableQuery(compilerFor('sqlite'), 'sqlite', 'logs').compile().sql).toContain(
      '"id" integer primary key autoincrement',
    );
    expect(createTableQuery(compilerFor('postgres'), 'postgres', 'logs').compile().sql).toContain(
      '"id" bigserial primary key',
    );
  });

  it('renders the composite primary key of abilities', () => {
    const text = createTableQuery(compilerFor('postgres'), 'postgres', 'abilities').compile().sql;
    expect(text).toContain(
      'constraint "abilities_pkey" primary key ("group", "model", "channel_id")',
    );
    expect(text).toContain('"enabled" boolean');
  });
});

describe('addColumnQuery', () => {
  it('adds a column with its default and without inline unique', () => {
    expect(addColumnQuery(compilerFor('mysql'), 'mysql', 'tokens', 'group').compile().sql).toBe(
      "alter table `tokens` add column `group` varchar(191) default ''",
    );
    expect(addColumnQuery(compilerFor('sqlite'), 'sqlite', 'users', 'username').compile().sql).toBe(
      'alter table "users" add column "username" text',
    );
  });

  it('drops NOT NULL when there is no default to fill existing rows', () => {
    expect(
      addColumnQuery(compilerFor('postgres'), 'postgres', 'setups', 'version').compile().sql,
    ).toBe('alter table "setups" add column "version" varchar(50)');
  });
});

describe('createIndexQuery', () => {
  const index = { name: 'idx_tokens_key', columns: ['key'], unique: true };
  it('uses IF NOT EXISTS except on MySQL', () => {
    expect(createIndexQuery(compilerFor('mysql'), 'mysql', 'tokens', index).compile().sql).toBe(
      'create unique index `idx_tokens_key` on `tokens` (`key`)',
    );
    expect(
      createIndexQuery(compilerFor('postgres'), 'postgres', 'tokens', index).compile().sql,
    ).toBe('create unique index if not exists "idx_tokens_key" on "tokens" ("key")');
  });

  const covering = {
    name: 'idx_logs_group_created_at_covering',
    columns: ['group', 'created_at'],
    include: ['type', 'quota'],
  };
  it('stores included columns with INCLUDE on PostgreSQL, as trailing key columns elsewhere', () => {
    expect(
      createIndexQuery(compilerFor('postgres'), 'postgres', 'logs', covering).compile().sql,
    ).toBe(
      'create index if not exists "idx_logs_group_created_at_covering" on "logs" ("group", "created_at") include ("type", "quota")',
    );
    expect(createIndexQuery(compilerFor('sqlite'), 'sqlite', 'logs', covering).compile().sql).toBe(
      'create index if not exists "idx_logs_group_created_at_covering" on "logs" ("group", "created_at", "type", "quota")',
    );
    expect(createIndexQuery(compilerFor('mysql'), 'mysql', 'logs', covering).compile().sql).toBe(
      'create index `idx_logs_group_created_at_covering` on `logs` (`group`, `created_at`, `type`, `quota`)',
    );
    expect(
      createIndexConcurrentlyQuery('logs', covering).compile(compilerFor('postgres')).sql,
    ).toBe(
      'create index concurrently if not exists "idx_logs_group_created_at_covering" on "logs" ("group", "created_at") include ("type", "quota")',
    );
  });
  it('refuses included columns on a unique index (they would change what is unique)', () => {
    const unique = { ...covering, unique: true };
    expect(() => createIndexQuery(compilerFor('sqlite'), 'sqlite', 'logs', unique)).toThrow(
      /cannot include/,
    );
    expect(() => createIndexConcurrentlyQuery('logs', unique)).toThrow(/cannot include/);
  });
});
