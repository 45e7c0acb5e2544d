import BetterSqlite3 from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { createOptionStore, type OptionChange, type OptionStore } from './option-store.js';
import { defaultOptionValues } from './option-catalogue.js';

interface TestDatabase {
  options: { key: string; value: string | null };
}

/** A private in-memory database with the reference's `options` table. */
function openSqlite() {
  const sqlite = new BetterSqlite3(':memory:');
  sqlite.exec('CREATE TABLE options (key text primary key, value text)');
  const db = new Kysely<TestDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite' };
}

async function rowValue(db: Kysely<TestDatabase>, key: string) {
  const row = await db
    .selectFrom('options')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

const stores: OptionStore[] = [];
const databases: Array<Kysely<TestDatabase>> = [];

function track(store: OptionStore) {
  stores.push(store);
  return store;
}

afterEach(async () => {
  for (const store of stores.splice(0)) store.stop();
  for (const db of databases.splice(0)) await db.destroy();
  vi.restoreAllMocks();
});

describe('option store on SQLite', () => {
  it('starts from the defaults', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const store = track(createOptionStore(handle));
    await store.load();
    expect(store.snapshot()).toEqual(Object.fromEntries(defaultOptionValues()));
    expect(store.getBoolean('PasswordLoginEnabled')).toBe(true);
    expect(store.getNumber('QuotaPerUnit')).toBe(500000);
    expect(store.getJson('GroupRatio')).toEqual({
      default: 1,
      vip: 1,
      svip: 1,
    });
  });

  it('lets stored rows override the defaults and skips rows it cannot use', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    await handle.db
      .insertInto('options')
      .values([
        { key: 'SystemName', value: 'Tollgate' },
        { key: 'RetryTimes', value: '3' },
        { key: 'DrawingEnabled', value: 'no' },
        { key: 'ModelRatio', value: '{broken' },
        { key: 'SomeFutureOption', value: 'x' },
        { key: 'Notice', value: null },
      ])
      .execute();
    const warn = vi.fn();
    const store = track(createOptionStore(handle, { logger: { warn } }));
    await store.load();
    expect(store.get('SystemName')).toBe('Tollgate');
    expect(store.getNumber('RetryTimes')).toBe(3);
    // As in the reference, any text other than "true" reads as false.
    expect(store.getBoolean('DrawingEnabled')).toBe(false);
    expect(store.get('ModelRatio')).toBe(defaultOptionValues().get('ModelRatio'));
    expect(store.get('Notice')).toBe('');
    expect(store.snapshot()).not.toHaveProperty('SomeFutureOption');
    expect(warn).toHaveBeenCalledWith(
      { key: 'ModelRatio', reason: 'ModelRatio 不是合法的 JSON 字符串' },
      'stored option value ignored',
    );
  });

  it('saves with an upsert, stores numbers and booleans as text and tells listeners', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const store = track(createOptionStore(handle));
    await store.load();
    const changes: OptionChange[] = [];
    store.onChange((change) => changes.push(change));

    await store.update('RetryTimes', 2);
    await store.update('RetryTimes', '5');
    await store.update('DrawingEnabled', false);
    await store.update('Price', 7.5);

    expect(await rowValue(handle.db, 'RetryTimes')).toBe('5');
    expect(await rowValue(handle.db, 'DrawingEnabled')).toBe('false');
    expect(await rowValue(handle.db, 'Price')).toBe('7.5');
    expect(store.getNumber('RetryTimes')).toBe(5);
    expect(store.getBoolean('DrawingEnabled')).toBe(false);
    expect(
      changes.map((change) => [change.key, change.previous, change.value, change.source]),
    ).toEqual([
      ['RetryTimes', '0', '2', 'update'],
      ['RetryTimes', '2', '5', 'update'],
      ['DrawingEnabled', 'true', 'false', 'update'],
      ['Price', '7.3', '7.5', 'update'],
    ]);
  });

  it('refuses unknown keys and invalid values without touching the table', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const store = track(createOptionStore(handle));
    await store.load();

    const unknown = await store.update('NoSuchOption', 'x').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown).toMatchObject({
      code: 'unknown_option',
      message: '未知的配置项：NoSuchOption',
      status: 200,
    });

    await expect(store.update('ModelRatio', '{"gpt-4":-1}')).rejects.toThrow(
      'ModelRatio 中 gpt-4 的值不能小于 0',
    );
    await expect(store.update('GitHubOAuthEnabled', true)).rejects.toMatchObject({
      code: 'invalid_option',
      message: '无法启用 GitHub OAuth，请先填入 GitHub Client Id 以及 GitHub Client Secret！',
    });
    expect(await handle.db.selectFrom('options').selectAll().execute()).toEqual([]);

    // Once the client id is saved, the switch may be turned on.
    await store.update('GitHubClientId', 'client');
    await store.update('GitHubOAuthEnabled', true);
    expect(store.getBoolean('GitHubOAuthEnabled')).toBe(true);
  });

  it('parses JSON once per change, not per read', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const store = track(createOptionStore(handle));
    await store.load();

    const parse = vi.spyOn(JSON, 'parse');
    const first = store.getJson('ModelRatio');
    for (let read = 0; read < 100; read += 1) expect(store.getJson('ModelRatio')).toBe(first);
    expect(parse).not.toHaveBeenCalled();
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      (first as Record<string, number>)['gpt-4'] = 0;
    }).toThrow(TypeError);

    await store.update('ModelRatio', '{"gpt-4":20}');
    const second = store.getJson('ModelRatio');
    expect(second).not.toBe(first);
    expect(second).toEqual({ 'gpt-4': 20 });
    expect(store.getJson('ModelRatio')).toBe(second);
  });

  it('refuses typed reads of the wrong kind', async () => {
    const store = track(createOptionStore(openSqlite()));
    expect(() => store.getBoolean('RetryTimes')).toThrow(TypeError);
    expect(() => store.getNumber('ModelRatio')).toThrow(TypeError);
    // A text option is not a JSON key: refused by the type checker as well as at run time.
    // @ts-expect-error SystemName has no JSON schema.
    expect(() => store.getJson('SystemName')).toThrow(TypeError);
  });

  it('reads JSON rows through their schema, keeping the last good value for a bad row', async () => {
    const handle = openSqlite();
    const store = track(createOptionStore(handle));
    await store.load();
    await handle.db
      .insertInto('options')
      .values([
        { key: 'ModelRatio', value: '{"m":2,"__proto__":{"polluted":1}}' },
        { key: 'AutoGroups', value: '["vip",3]' },
      ])
      .execute();
    await store.load();
    const ratios = store.getJson('ModelRatio');
    expect(ratios).toEqual({ m: 2 });
    expect(Object.getPrototypeOf(ratios)).toBe(Object.prototype);
    expect(store.getJson('AutoGroups')).toEqual(['default']);
  });

  it('resets ModelRatio to the built-in map', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const store = track(createOptionStore(handle));
    await store.load();
    await store.update('ModelRatio', '{"only-model":1}');
    await store.update('CompletionRatio', '{"only-model":2}');
    await store.resetModelRatios();
    const builtIn = defaultOptionValues().get('ModelRatio');
    expect(store.get('ModelRatio')).toBe(builtIn);
    expect(await rowValue(handle.db, 'ModelRatio')).toBe(builtIn);
    // The reference resets ModelRatio only.
    expect(store.get('CompletionRatio')).toBe('{"only-model":2}');
  });

  it('picks up saves made by another node on re-read', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const nodeA = track(createOptionStore(handle));
    const nodeB = track(createOptionStore(handle));
    await nodeA.load();
    await nodeB.load();
    const seenByB: OptionChange[] = [];
    nodeB.onChange((change) => seenByB.push(change));

    await nodeA.update('SystemName', 'Gateway A');
    expect(nodeB.get('SystemName')).toBe('Tollgate');
    await nodeB.load();
    expect(nodeB.get('SystemName')).toBe('Gateway A');
    expect(seenByB).toEqual([
      { key: 'SystemName', value: 'Gateway A', previous: 'Tollgate', source: 'load' },
    ]);

    nodeB.startSync(1);
    await nodeA.update('RetryTimes', 4);
    await vi.waitFor(() => expect(nodeB.getNumber('RetryTimes')).toBe(4), {
      timeout: 3000,
      interval: 50,
    });
    nodeB.stop();
    await nodeA.update('RetryTimes', 6);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(nodeB.getNumber('RetryTimes')).toBe(4);
  });

  it('keeps running when a listener throws', async () => {
    const handle = openSqlite();
    databases.push(handle.db);
    const warn = vi.fn();
    const store = track(createOptionStore(handle, { logger: { warn } }));
    const unsubscribe = store.onChange(() => {
      throw new Error('listener bug');
    });
    await store.update('Notice', 'hello');
    expect(store.get('Notice')).toBe('hello');
    expect(warn).toHaveBeenCalledOnce();
    unsubscribe();
    await store.update('Notice', 'again');
    expect(warn).toHaveBeenCalledOnce();
  });
});

/** The same upsert against the real servers when their DSNs are given (temporary tables). */
const serverVariants = [
  {
    name: 'PostgreSQL',
    dsn: process.env.TEST_POSTGRES_DSN,
    dialect: 'postgres',
    open: (dsn: string) =>
      new Kysely<TestDatabase>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: dsn, max: 1 }) }),
      }),
    createTable: 'CREATE TEMPORARY TABLE options (key text primary key, value text)',
  },
  {
    name: 'MySQL',
    dsn: process.env.TEST_MYSQL_DSN,
    dialect: 'mysql',
    open: (dsn: string) =>
      new Kysely<TestDatabase>({
        dialect: new MysqlDialect({ pool: createPool({ uri: dsn, connectionLimit: 1 }) }),
      }),
    createTable: 'CREATE TEMPORARY TABLE options (`key` varchar(191) primary key, value text)',
  },
];

for (const variant of serverVariants) {
  describe.skipIf(!variant.dsn)(`option store on ${variant.name}`, () => {
    it('upserts rows and reads them back', async () => {
      const db = variant.open(variant.dsn as string);
      databases.push(db);
      // One pooled connection, so the temporary table is visible to every query of the test.
      await sql.raw(variant.createTable).execute(db);
      const store = track(createOptionStore({ db, dialect: variant.dialect }));
      await store.load();
      await store.update('SystemName', 'first');
      await store.update('SystemName', 'second');
      await store.update('ModelRequestRateLimitCount', 10);
      const rows = await db.selectFrom('options').selectAll().orderBy('key').execute();
      expect(rows).toEqual([
        { key: 'ModelRequestRateLimitCount', value: '10' },
        { key: 'SystemName', value: 'second' },
      ]);
      const other = track(createOptionStore({ db, dialect: variant.dialect }));
      await other.load();
      expect(other.get('SystemName')).toBe('second');
    });
  });
}
