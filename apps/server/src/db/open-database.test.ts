import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';

import { dialectForDsn, openDatabase } from './open-database.js';
import { sqliteFilePath } from './sqlite-file-path.js';
import { InvalidDsnError } from './parse-mysql-dsn.js';

describe('dialectForDsn', () => {
  it.each([
    ['', 'sqlite'],
    ['  ', 'sqlite'],
    ['local', 'sqlite'],
    ['local-anything', 'sqlite'],
    ['postgres://u:p@h:5432/db', 'postgres'],
    ['postgresql://u@h/db?sslmode=disable', 'postgres'],
    ['root:123456@tcp(localhost:3306)/oneapi', 'mysql'],
    ['mysql://root@127.0.0.1:3306/test', 'mysql'],
  ] as const)('%j is %s', (dsn, dialect) => {
    expect(dialectForDsn(dsn)).toBe(dialect);
  });
});

describe('sqliteFilePath', () => {
  it('drops the busy-timeout suffix and a file: prefix', () => {
    expect(sqliteFilePath('one-api.db?_busy_timeout=5000')).toBe('one-api.db');
    expect(sqliteFilePath('/data/one-api.db')).toBe('/data/one-api.db');
    expect(sqliteFilePath('file:/data/x.db?cache=shared')).toBe('/data/x.db');
  });

  it('refuses an empty path', () => {
    expect(() => sqliteFilePath('?_busy_timeout=5000')).toThrow('SQLITE_PATH');
  });
});

describe('openDatabase on SQLite', () => {
  const directory = mkdtempSync(join(tmpdir(), 'tollgate-open-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('creates the parent directory and sets the pragmas', async () => {
    const path = join(directory, 'nested', 'deeper', 'one-api.db');
    const handle = await openDatabase({ dsn: '', sqlitePath: `${path}?_busy_timeout=5000` });
    try {
      expect(handle.dialect).toBe('sqlite');
      expect(existsSync(path)).toBe(true);
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(handle.db)).rows[0],
        )[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('foreign_keys')).toBe(0);
      expect(await pragma('synchronous')).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('opens transactions with the write lock taken, so another process cannot write meanwhile', async () => {
    const path = join(directory, 'immediate.db');
    const handle = await openDatabase({ dsn: '', sqlitePath: path });
    // Another connection to the same file, as a second worker process would hold, failing at once
    // instead of waiting when the file is locked.
    const other = new BetterSqlite3(path);
    other.pragma('busy_timeout = 0');
    try {
      await sql`create table probe (value integer)`.execute(handle.db);
      await handle.db.transaction().execute(async (transaction) => {
        // Nothing written yet in this transaction: only BEGIN IMMEDIATE holds the lock here.
        await sql`select count(*) from probe`.execute(transaction);
        expect(() => other.exec('insert into probe values (1)')).toThrow(/locked|busy/i);
      });
      other.exec('insert into probe values (2)');
      expect(other.prepare('select value from probe').all()).toEqual([{ value: 2 }]);
    } finally {
      other.close();
      await handle.close();
    }
  });

  it("waits for another process's write lock with the event loop free, then takes it", async () => {
    const path = join(directory, 'waiting.db');
    const handle = await openDatabase({ dsn: '', sqlitePath: path });
    const other = new BetterSqlite3(path);
    try {
      await sql`create table probe (value integer)`.execute(handle.db);
      other.exec('begin immediate');
      other.exec('insert into probe values (1)');
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 5);
      const releasedAt = Date.now() + 60;
      setTimeout(() => other.exec('commit'), 60);
      await handle.db.transaction().execute(async (transaction) => {
        await sql`insert into probe values (2)`.execute(transaction);
      });
      clearInterval(ticker);
      // The transaction began only once the lock was free, and timers ran while it waited (SQLite's
      // own busy handler would have slept inside the call, the process frozen).
      expect(Date.now()).toBeGreaterThanOrEqual(releasedAt - 1);
      expect(ticks).toBeGreaterThanOrEqual(5);
      expect(other.prepare('select value from probe order by value').all()).toEqual([
        { value: 1 },
        { value: 2 },
      ]);
    } finally {
      other.close();
      await handle.close();
    }
  });

  it('treats a DSN starting with "local" as SQLite', async () => {
    const handle = await openDatabase({ dsn: 'local', sqlitePath: join(directory, 'local.db') });
    expect(handle.dialect).toBe('sqlite');
    await handle.close();
  });
});

describe('openDatabase errors', () => {
  it('names the dialect when the server cannot be reached', async () => {
    await expect(
      openDatabase({ dsn: 'postgres://nobody@127.0.0.1:1/none', sqlitePath: '' }),
    ).rejects.toThrow(/^Cannot open the postgres database/);
    await expect(
      openDatabase({ dsn: 'nobody:secret@tcp(127.0.0.1:1)/none', sqlitePath: '' }),
    ).rejects.toThrow(/^Cannot open the mysql database/);
  });

  it('rejects an unparseable MySQL DSN before connecting', async () => {
    await expect(
      openDatabase({ dsn: 'nobody:secret@tcp(127.0.0.1:1', sqlitePath: '' }),
    ).rejects.toThrow(InvalidDsnError);
  });
});

describe.runIf(process.env.TEST_MYSQL_DSN)('openDatabase with a Go-style MySQL DSN', () => {
  it('connects with the form new-api documents', async () => {
    const url = new URL(process.env.TEST_MYSQL_DSN!);
    const password = url.password ? `:${decodeURIComponent(url.password)}` : '';
    const dsn = `${decodeURIComponent(url.username)}${password}@tcp(${url.hostname}:${url.port || 3306})${url.pathname}?charset=utf8mb4&parseTime=true&loc=Local`;
    const handle = await openDatabase({ dsn, sqlitePath: '' });
    try {
      const result = await sql<{ value: number }>`select 1 + 1 as value`.execute(handle.db);
      expect(result.rows[0].value).toBe(2);
    } finally {
      await handle.close();
    }
  });
});
