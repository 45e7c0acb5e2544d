import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/support/test-databases.js';
import { migrateDatabase } from './migrate.js';
import { openDatabase, type DatabaseHandle } from './open-database.js';
import {
  listColumns,
  listIndexes,
  listInvalidPostgresIndexes,
  listTables,
} from './schema-introspection.js';
import { tableDefinition, tableNames } from './table-definitions.js';

/** Every table's columns (with types) and index names, for before/after comparisons. */
async function describeSchema(handle: DatabaseHandle) {
  const schema: Record<string, { columns: string[]; indexes: string[] }> = {};
  for (const table of tableNames) {
    const columns = await listColumns(handle, table);
    schema[table] = {
      columns: columns.map((column) => `${column.name} ${column.type}`),
      indexes: (await listIndexes(handle, table)).sort(),
    };
  }
  return schema;
}

async function expectCompleteSchema(handle: DatabaseHandle) {
  const tables = await listTables(handle);
  for (const table of tableNames) {
    expect(tables, table).toContain(table);
    const definition = tableDefinition(table);
    const columns = (await listColumns(handle, table)).map((column) => column.name.toLowerCase());
    expect(columns, table).toEqual(Object.keys(definition.columns));
    const indexes = await listIndexes(handle, table);
    for (const index of definition.indexes) expect(indexes, table).toContain(index.name);
  }
}

const quotaColumns = {
  users: ['quota', 'used_quota', 'aff_quota', 'aff_history'],
  tokens: ['remain_quota', 'used_quota'],
  logs: ['quota'],
  quota_data: ['quota', 'cache_saved_quota'],
  channels: ['used_quota'],
  redemptions: ['quota'],
  midjourneys: ['quota'],
  tasks: ['quota'],
  top_ups: ['amount'],
} as const;

// Creating every table on a database server is DDL-bound (seconds on a busy MySQL), and grows with
// each table added.
describe.each(testDatabaseKinds())('migrateDatabase on %s', { timeout: 30_000 }, (kind) => {
  const databases: TestDatabase[] = [];
  const extraHandles: DatabaseHandle[] = [];
  async function fresh(): Promise<TestDatabase> {
    const database = await createTestDatabase(kind, { migrate: false });
    databases.push(database);
    return database;
  }
  afterEach(async () => {
    await Promise.all(extraHandles.splice(0).map((handle) => handle.close()));
    await Promise.all(databases.splice(0).map((database) => database.drop()));
  });

  it('creates every table, column and index; a second run changes nothing', async () => {
    const { handle } = await fresh();
    expect(await listTables(handle)).toEqual([]);
    await migrateDatabase(handle);
    await expectCompleteSchema(handle);
    const first = await describeSchema(handle);
    await migrateDatabase(handle);
    expect(await describeSchema(handle)).toEqual(first);
  });

  it('gives quota columns a 64-bit type', async () => {
    const { handle } = await fresh();
    await migrateDatabase(handle);
    const expected = {
      sqlite: /^integer$/,
      postgres: /^bigint$/,
      mysql: /^bigint\(20\)$|^bigint$/,
    }[kind];
    for (const [table, columns] of Object.entries(quotaColumns)) {
      const types = new Map(
        (await listColumns(handle, table)).map((column) => [column.name, column.type]),
      );
      for (const column of columns)
        expect(types.get(column), `${table}.${column}`).toMatch(expected);
    }
  });

  it('succeeds when several processes migrate the same fresh database at once', async () => {
    const database = await fresh();
    const others = await Promise.all(
      [1, 2].map(() => openDatabase({ dsn: database.dsn, sqlitePath: database.sqlitePath })),
    );
    extraHandles.push(...others);
    await Promise.all([database.handle, ...others].map((handle) => migrateDatabase(handle)));
    await expectCompleteSchema(database.handle);
  });

  it('retires the hold index of earlier Tollgate versions once its replacement exists', async () => {
    const { handle } = await fresh();
    await migrateDatabase(handle);
    // An earlier version's quota_holds: unique over (holder, user_id, token_id) only.
    const drop = handle.db.schema.dropIndex('idx_quota_holds_holder_pool');
    await (kind === 'mysql' ? drop.on('quota_holds') : drop).execute();
    await handle.db.schema
      .createIndex('idx_quota_holds_holder_user_token')
      .on('quota_holds')
      .columns(['holder', 'user_id', 'token_id'])
      .unique()
      .execute();
    await migrateDatabase(handle);
    const indexes = await listIndexes(handle, 'quota_holds');
    expect(indexes).toContain('idx_quota_holds_holder_pool');
    expect(indexes).not.toContain('idx_quota_holds_holder_user_token');
    // A process may now hold a user's wallet and a subscription of theirs for one token.
    await handle.db
      .insertInto('quota_holds')
      .values([
        { holder: 'h', user_id: 1, token_id: 2, subscription_id: 0, amount: 5, expires_at: 9 },
        { holder: 'h', user_id: 1, token_id: 2, subscription_id: 3, amount: 5, expires_at: 9 },
      ])
      .execute();
  });

  it('migrates only the tables asked for', async () => {
    const { handle } = await fresh();
    await migrateDatabase(handle, { tables: ['logs'] });
    // PostgreSQL keeps hourly totals of the logs beside them (postgres-log-totals.ts).
    expect((await listTables(handle)).sort()).toEqual(
      kind === 'postgres' ? ['log_hourly_totals', 'logs'] : ['logs'],
    );
  });

  it('skips a unique index that existing duplicates prevent, with a warning', async () => {
    const { handle } = await fresh();
    await handle.db.schema
      .createTable('tokens')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('key', 'char(48)')
      .execute();
    const key = 'k'.repeat(48);
    // This early tokens table has only id and key (no user_id yet), hence the cast.
    const rows = [
      { id: 1, key },
      { id: 2, key },
    ];
    await handle.db
      .insertInto('tokens')
      .values(rows as never)
      .execute();
    const warnings: string[] = [];
    await migrateDatabase(handle, { onWarning: (message) => warnings.push(message) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('idx_tokens_key');
    expect(await listIndexes(handle, 'tokens')).not.toContain('idx_tokens_key');
    expect(
      await handle.db.selectFrom('tokens').select(['id', 'key']).orderBy('id').execute(),
    ).toEqual([
      { id: 1, key },
      { id: 2, key },
    ]);
  });

  it('adds the cache columns to a new-api quota_data table, its rows reading 0', async () => {
    const { handle } = await fresh();
    // new-api's layout of the hourly buckets, without Tollgate's cache columns.
    await handle.db.schema
      .createTable('quota_data')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('user_id', 'bigint')
      .addColumn('username', 'varchar(64)', (column) => column.defaultTo(''))
      .addColumn('model_name', 'varchar(64)', (column) => column.defaultTo(''))
      .addColumn('created_at', 'bigint')
      .addColumn('token_used', 'bigint', (column) => column.defaultTo(0))
      .addColumn('count', 'bigint', (column) => column.defaultTo(0))
      .addColumn('quota', 'bigint', (column) => column.defaultTo(0))
      .execute();
    const bucket = { user_id: 7, username: 'alice', model_name: 'gpt-4o', created_at: 3600 };
    await handle.db
      .insertInto('quota_data')
      .values({ id: 1, ...bucket, token_used: 10, count: 2, quota: 30 } as never)
      .execute();
    await migrateDatabase(handle, { tables: ['quota_data'] });
    const columns = (await listColumns(handle, 'quota_data')).map((column) => column.name);
    expect(columns).toEqual(expect.arrayContaining(['cache_hits', 'cache_saved_quota']));
    const rows = await handle.db
      .selectFrom('quota_data')
      .select(['count', 'quota', 'cache_hits', 'cache_saved_quota'])
      .execute();
    expect(rows.map((row) => Object.values(row).map(Number))).toEqual([[2, 30, 0, 0]]);
    // A row written afterwards without them (as new-api writes) gets the defaults too.
    await handle.db
      .insertInto('quota_data')
      .values({ id: 2, ...bucket, created_at: 7200, count: 1, quota: 5 } as never)
      .execute();
    const added = await handle.db
      .selectFrom('quota_data')
      .select(['cache_hits', 'cache_saved_quota'])
      .where('created_at', '=', 7200)
      .executeTakeFirstOrThrow();
    expect([Number(added.cache_hits), Number(added.cache_saved_quota)]).toEqual([0, 0]);
  });

  it.runIf(kind === 'postgres')(
    'builds again an index an interrupted concurrent build left invalid',
    async () => {
      const { handle } = await fresh();
      await migrateDatabase(handle, { tables: ['logs'] });
      await handle.db.insertInto('logs').values({ user_id: 1, created_at: 1, type: 2 }).execute();
      // What a CREATE INDEX CONCURRENTLY stopped half-way leaves: the index, marked invalid.
      const name = 'idx_logs_group_created_at_covering';
      await sql`update pg_index set indisvalid = false where indexrelid = ${sql.lit(name)}::regclass`.execute(
        handle.db,
      );
      expect(await listInvalidPostgresIndexes(handle, 'logs')).toEqual([{ name, building: false }]);
      await migrateDatabase(handle, { tables: ['logs'] });
      expect(await listInvalidPostgresIndexes(handle, 'logs')).toEqual([]);
      expect(await listIndexes(handle, 'logs')).toContain(name);
    },
  );
});
