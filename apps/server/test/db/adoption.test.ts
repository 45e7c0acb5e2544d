/**
 * Adopting an existing new-api database in place: after `migrateDatabase`, every original row, value,
 * column (with its type) and index is still there, missing columns exist with their defaults, missing tables
 * and indexes were created, and old bcrypt hashes still verify.
 */
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertReturningId } from '../../src/db/dialect-helpers.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import type { DatabaseHandle } from '../../src/db/open-database.js';
import { listColumns, listIndexes, listTables } from '../../src/db/schema-introspection.js';
import { tableDefinition, tableNames } from '../../src/db/table-definitions.js';
import {
  createLegacyNewApiDatabase,
  type LegacyNewApiDatabase,
} from '../support/legacy-new-api-database.js';
import { testDatabaseKinds } from '../support/test-databases.js';

type Row = Record<string, unknown>;
type LooseDatabase = Record<string, Row>;

const orderColumns: Record<string, string[]> = {
  abilities: ['group', 'model', 'channel_id'],
  options: ['key'],
  log_outbox_done: ['outbox_id'],
  job_leases: ['name'],
  notice_claims: ['claim_key'],
  limit_counters: ['key'],
};

/** Every row, column (with type) and index of the given tables. */
async function snapshot(handle: DatabaseHandle, tables: string[]) {
  const db = handle.db as unknown as Kysely<LooseDatabase>;
  const result: Record<string, { rows: Row[]; columns: string[]; indexes: string[] }> = {};
  for (const table of tables) {
    let query = db.selectFrom(table).selectAll();
    for (const column of orderColumns[table] ?? ['id']) query = query.orderBy(column);
    result[table] = {
      rows: await query.execute(),
      columns: (await listColumns(handle, table)).map((column) => `${column.name} ${column.type}`),
      indexes: (await listIndexes(handle, table)).sort(),
    };
  }
  return result;
}

function pick(row: Row, keys: string[]): Row {
  return Object.fromEntries(keys.map((key) => [key, row[key]]));
}

describe.each(testDatabaseKinds())('adopting a legacy new-api database on %s', (kind) => {
  let legacy: LegacyNewApiDatabase;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let after: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    legacy = await createLegacyNewApiDatabase(kind);
    before = await snapshot(legacy.handle, legacy.legacyTables);
    await migrateDatabase(legacy.handle);
    after = await snapshot(legacy.handle, legacy.legacyTables);
  });
  afterAll(async () => {
    await legacy?.drop();
  });

  it('starts from the legacy layout', () => {
    expect(before.users.columns).toContain(
      'lark_id ' + { sqlite: 'text', postgres: 'text', mysql: 'varchar(191)' }[kind],
    );
    expect(before.users.columns.some((column) => column.startsWith('setting '))).toBe(false);
    expect(before.users.rows).toHaveLength(4);
    expect(before.logs.rows).toHaveLength(2);
  });

  it('keeps every original row and value, one-api-only columns included', () => {
    for (const table of legacy.legacyTables) {
      expect(after[table].rows, table).toHaveLength(before[table].rows.length);
      after[table].rows.forEach((row, index) => {
        const original = before[table].rows[index];
        expect(pick(row, Object.keys(original)), `${table} row ${index}`).toEqual(original);
      });
    }
    expect(after.users.rows.map((row) => row.lark_id)).toEqual([
      '',
      'ou_lark_alice',
      '',
      'ou_lark_carol',
    ]);
    expect(after.channels.rows.map((row) => row.system_prompt)).toEqual(['', 'Be brief.']);
    expect(after.tokens.rows.map((row) => row.subnet)).toEqual(['', '10.0.0.0/8']);
  });

  it('keeps every original column with its original type, and every original index', () => {
    for (const table of legacy.legacyTables) {
      for (const column of before[table].columns)
        expect(after[table].columns, table).toContain(column);
      for (const index of before[table].indexes)
        expect(after[table].indexes, table).toContain(index);
    }
    // Retyping is never done: the 32-bit quota column of the legacy users table stays as it was.
    expect(after.users.columns).toContain(
      'quota ' + { sqlite: 'int', postgres: 'integer', mysql: 'int(11)' }[kind],
    );
  });

  it('adds the missing columns and fills existing rows with their defaults', () => {
    const column = (table: string, name: string) => after[table].rows.map((row) => row[name]);
    expect(column('tokens', 'group')).toEqual(['', '']);
    expect(column('tokens', 'allow_ips')).toEqual(['', '']);
    expect(column('channels', 'status_code_mapping')).toEqual(['', '']);
    expect(column('abilities', 'weight')).toEqual([0, 0, 0, 0, 0]);
    for (const [table, names] of Object.entries({
      users: ['oidc_id', 'linux_do_id', 'setting'],
      channels: ['test_model', 'other_info', 'tag', 'setting', 'param_override'],
      abilities: ['tag'],
      logs: ['group', 'other'],
      redemptions: ['used_user_id', 'deleted_at'],
    })) {
      for (const name of names) {
        expect(
          column(table, name).every((value) => value === null),
          `${table}.${name}`,
        ).toBe(true);
      }
    }
  });

  it('creates the missing tables, columns and indexes', async () => {
    const tables = await listTables(legacy.handle);
    for (const table of tableNames) {
      expect(tables).toContain(table);
      const columns = (await listColumns(legacy.handle, table)).map((column) => column.name);
      for (const name of Object.keys(tableDefinition(table).columns)) {
        expect(columns, table).toContain(name);
      }
      const indexes = await listIndexes(legacy.handle, table);
      for (const index of tableDefinition(table).indexes)
        expect(indexes, table).toContain(index.name);
    }
  });

  it('keeps the Go bcrypt hashes, which still verify the old passwords', async () => {
    const rows = await legacy.handle.db
      .selectFrom('users')
      .select(['id', 'username', 'password'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.id, row.username])).toEqual(
      legacy.users.map((user) => [user.id, user.username]),
    );
    for (const [index, user] of legacy.users.entries()) {
      expect(rows[index].password).toMatch(/^\$2a\$10\$/);
      expect(await bcrypt.compare(user.password, rows[index].password), user.username).toBe(true);
    }
  });

  it('reads legacy values with the shared conventions (numbers, booleans, strings)', async () => {
    const { db } = legacy.handle;
    const tokens = await db
      .selectFrom('tokens')
      .select(['unlimited_quota', 'model_limits_enabled'])
      .orderBy('id')
      .execute();
    expect(tokens).toEqual([
      { unlimited_quota: false, model_limits_enabled: true },
      { unlimited_quota: true, model_limits_enabled: false },
    ]);
    const channel = await db
      .selectFrom('channels')
      .select(['balance', 'used_quota', 'priority'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(channel).toEqual({ balance: 12.5, used_quota: 3_000_000_000, priority: 5 });
    const bob = await db
      .selectFrom('users')
      .select(['quota', 'deleted_at'])
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow();
    expect(bob.quota).toBe(7);
    expect(typeof bob.deleted_at).toBe('string');
    const enabled = await db
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(enabled.enabled).toBe(false);
    const notice = await db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'Notice')
      .executeTakeFirstOrThrow();
    expect(notice.value).toBe('欢迎使用 🚀');
  });

  it('accepts new rows afterwards, and a second migration changes nothing', async () => {
    const target = legacy.handle;
    const userId = await insertReturningId(target, 'users', {
      username: 'dave',
      password: 'x',
      setting: '{}',
    });
    expect(userId).toBe(5);
    const tokenId = await insertReturningId(target, 'tokens', {
      user_id: userId,
      key: 'd'.repeat(48),
      group: 'vip',
    });
    expect(tokenId).toBe(3);
    await target.db
      .updateTable('channels')
      .set({ used_quota: 10_000_000_000 })
      .where('id', '=', 2)
      .execute();
    const schemaBefore = await snapshot(target, [...tableNames]);
    await migrateDatabase(target);
    expect(await snapshot(target, [...tableNames])).toEqual(schemaBefore);
  });
});
