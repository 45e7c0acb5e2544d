/**
 * Fresh, isolated databases for tests: a temporary SQLite file always, plus a throw-away PostgreSQL and MySQL
 * database when `TEST_POSTGRES_DSN` / `TEST_MYSQL_DSN` name a server (the DSN's own database is only used to
 * run CREATE/DROP DATABASE).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';

import { migrateDatabase } from '../../src/db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/open-database.js';

/** A dialect tests can run on. */
export type TestDatabaseKind = 'sqlite' | 'postgres' | 'mysql';

/** One fresh database and how to reach it again (e.g. from a second handle or the app's config). */
export interface TestDatabase {
  kind: TestDatabaseKind;
  /** An open handle on the fresh database. */
  handle: DatabaseHandle;
  /** `SQL_DSN` for this database ('' for SQLite). */
  dsn: string;
  /** `SQLITE_PATH` for this database ('' unless SQLite). */
  sqlitePath: string;
  /** Closes the handle and deletes the database (file or server database). Safe to call twice. */
  drop(): Promise<void>;
}

/** Options of `createTestDatabase`. */
export interface CreateTestDatabaseOptions {
  /** Run `migrateDatabase` before returning (default true). */
  migrate?: boolean;
}

const serverDsnVariables = { postgres: 'TEST_POSTGRES_DSN', mysql: 'TEST_MYSQL_DSN' } as const;

/** `['sqlite']`, plus `postgres` / `mysql` when their test DSN variable is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = ['sqlite'];
  if (process.env.TEST_POSTGRES_DSN) kinds.push('postgres');
  if (process.env.TEST_MYSQL_DSN) kinds.push('mysql');
  return kinds;
}

/** Creates an empty database of `kind`, migrated unless `{ migrate: false }`. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const database = kind === 'sqlite' ? await createSqlite() : await createOnServer(kind);
  if (options.migrate ?? true) {
    try {
      await migrateDatabase(database.handle);
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return database;
}

async function createSqlite(): Promise<TestDatabase> {
  const directory = mkdtempSync(join(tmpdir(), 'tollgate-test-'));
  const sqlitePath = join(directory, 'tollgate.db');
  const handle = await openDatabase({ dsn: '', sqlitePath });
  return {
    kind: 'sqlite',
    handle,
    dsn: '',
    sqlitePath,
    drop: once(async () => {
      await handle.close().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    }),
  };
}

async function createOnServer(kind: 'postgres' | 'mysql'): Promise<TestDatabase> {
  const serverDsn = process.env[serverDsnVariables[kind]];
  if (!serverDsn) throw new Error(`${serverDsnVariables[kind]} is not set`);
  const name = `tollgate_t_${randomBytes(6).toString('hex')}`;
  await onServer(serverDsn, async (admin) => {
    const charset = kind === 'mysql' ? sql` character set utf8mb4` : sql``;
    await sql`create database ${sql.id(name)}${charset}`.execute(admin.db);
  });
  const dsn = withDatabaseName(serverDsn, name);
  const handle = await openDatabase({ dsn, sqlitePath: '' });
  return {
    kind,
    handle,
    dsn,
    sqlitePath: '',
    drop: once(async () => {
      await handle.close().catch(() => {});
      await onServer(serverDsn, async (admin) => {
        const force = kind === 'postgres' ? sql` with (force)` : sql``;
        await sql`drop database if exists ${sql.id(name)}${force}`.execute(admin.db);
      });
    }),
  };
}

async function onServer(
  dsn: string,
  work: (admin: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const admin = await openDatabase({ dsn, sqlitePath: '', maxConnections: 1 });
  try {
    await work(admin);
  } finally {
    await admin.close();
  }
}

/** The same server DSN pointing at database `name` (URL form or Go MySQL form). */
export function withDatabaseName(dsn: string, name: string): string {
  if (dsn.includes('://')) {
    const url = new URL(dsn);
    url.pathname = `/${name}`;
    return url.toString();
  }
  const slash = dsn.lastIndexOf('/');
  const query = dsn.indexOf('?', slash);
  return `${dsn.slice(0, slash + 1)}${name}${query < 0 ? '' : dsn.slice(query)}`;
}

function once(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => (result ??= action());
}
