/**
 * Fresh, isolated databases for tests: a temporary SQLite file always, plus a throw-away PostgreSQL and MySQL
 * database when `TEST_POSTGRES_DSN` / `TEST_MYSQL_DSN` name a server (the DSN's own database is only used to
 * run CREATE/DROP DATABASE). A migrated database is a copy of the run's template (vitest.global-setup.ts),
 * migrated once, when there is one.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'kysely';
import { inject } from 'vitest';

import { migrateDatabase } from '../../src/db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/open-database.js';

/** A dialect tests can run on. */
export type TestDatabaseKind = 'sqlite' | 'postgres' | 'mysql';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per dialect, the run's migrated template: a SQLite file or a server database's name. */
    testDatabaseTemplates: Partial<Record<TestDatabaseKind, string>>;
  }
}

/** One fresh database and how to reach it again (e.g. from a second handle or the app's config). */
export interface TestDatabase {
  kind: TestDatabaseKind;
  /** An open handle on the fresh database. */
  handle: DatabaseHandle;
  /** `SQL_DSN` for this database ('' for SQLite). */
  dsn: string;
  /** `SQLITE_PATH` for this database ('' unless SQLite). */
  sqlitePath: string;
  /** The server database's name ('' for SQLite). */
  name: string;
  /** Closes the handle and deletes the database (file or server database). Safe to call twice. */
  drop(): Promise<void>;
}

/** Options of `createTestDatabase`. */
export interface CreateTestDatabaseOptions {
  /** Run `migrateDatabase` before returning (default true). */
  migrate?: boolean;
  /** Copy the run's migrated template when there is one (default true; false migrates afresh). */
  fromTemplate?: boolean;
  /** Prefix of a server database's name (default `tollgate_t_`, which CI's clean-up knows). */
  namePrefix?: string;
}

const serverDsnVariables = { postgres: 'TEST_POSTGRES_DSN', mysql: 'TEST_MYSQL_DSN' } as const;

/**
 * The databases of a test whose subject is SQL (repositories, the ledger, migrations, logs,
 * searches and aggregates): `['sqlite']`, plus `postgres` / `mysql` when their test DSN variable
 * is set.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = ['sqlite'];
  if (process.env.TEST_POSTGRES_DSN) kinds.push('postgres');
  if (process.env.TEST_MYSQL_DSN) kinds.push('mysql');
  return kinds;
}

/**
 * The databases of a test whose subject is not SQL (the relay, sign-in, settings…): SQLite, the
 * default deployment, whose queries are the same builder calls the SQL tests check on every
 * dialect. `TEST_ALL_DATABASES=true` runs these on every configured database too.
 */
export function appDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_ALL_DATABASES === 'true' ? testDatabaseKinds() : ['sqlite'];
}

/** The run's migrated template of `kind`: a SQLite file or a server database's name. */
function templateOf(kind: TestDatabaseKind): string | undefined {
  try {
    return inject('testDatabaseTemplates')?.[kind];
  } catch {
    return undefined; // not in a vitest worker with the global setup
  }
}

/** Creates a database of `kind`: migrated (a copy of the template) unless `{ migrate: false }`. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const template = migrate && (options.fromTemplate ?? true) ? templateOf(kind) : undefined;
  const database =
    kind === 'sqlite'
      ? await createSqlite(template)
      : await createOnServer(kind, options.namePrefix ?? 'tollgate_t_', template);
  if (migrate && !template) {
    try {
      await migrateDatabase(database.handle);
    } catch (error) {
      await database.drop();
      throw error;
    }
  }
  return database;
}

async function createSqlite(template: string | undefined): Promise<TestDatabase> {
  const directory = mkdtempSync(join(tmpdir(), 'tollgate-test-'));
  const sqlitePath = join(directory, 'tollgate.db');
  if (template) copyFileSync(template, sqlitePath);
  const handle = await openDatabase({ dsn: '', sqlitePath });
  return {
    kind: 'sqlite',
    handle,
    dsn: '',
    sqlitePath,
    name: '',
    drop: once(async () => {
      await handle.close().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    }),
  };
}

async function createOnServer(
  kind: 'postgres' | 'mysql',
  prefix: string,
  template: string | undefined,
): Promise<TestDatabase> {
  const serverDsn = process.env[serverDsnVariables[kind]];
  if (!serverDsn) throw new Error(`${serverDsnVariables[kind]} is not set`);
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await onServer(serverDsn, async (admin) => {
    if (kind === 'postgres') {
      const copy = template ? sql` template ${sql.id(template)}` : sql``;
      await sql`create database ${sql.id(name)}${copy}`.execute(admin.db);
      return;
    }
    await sql`create database ${sql.id(name)} character set utf8mb4`.execute(admin.db);
    if (template) await copyMysqlTables(admin, template, name);
  });
  const dsn = withDatabaseName(serverDsn, name);
  const handle = await openDatabase({ dsn, sqlitePath: '' });
  return {
    kind,
    handle,
    dsn,
    sqlitePath: '',
    name,
    drop: once(async () => {
      await handle.close().catch(() => {});
      await dropServerDatabase(kind, name);
    }),
  };
}

/** MySQL has no database templates: each table is created like the template's (indexes included). */
async function copyMysqlTables(admin: DatabaseHandle, from: string, to: string): Promise<void> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = ${from} and table_type = 'BASE TABLE'`.execute(admin.db);
  for (const { name } of tables.rows) {
    await sql`create table ${sql.id(to, name)} like ${sql.id(from, name)}`.execute(admin.db);
  }
}

/** Drops a server database created by `createTestDatabase`, closing its other sessions. */
export async function dropServerDatabase(kind: 'postgres' | 'mysql', name: string): Promise<void> {
  const serverDsn = process.env[serverDsnVariables[kind]];
  if (!serverDsn) return;
  await onServer(serverDsn, async (admin) => {
    const force = kind === 'postgres' ? sql` with (force)` : sql``;
    await sql`drop database if exists ${sql.id(name)}${force}`.execute(admin.db);
  });
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
