import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_COMMANDS, runCli } from '../../src/cli/run-cli.js';
import { pendingMigrationSteps } from '../../src/db/migration-status.js';
import { createTestApp, ROOT_PASSWORD, type TestApp } from '../support/test-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

/** Runs `tollgate <args>` in-process and collects what it printed. */
async function tollgate(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, env, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The environment that points the CLI at a test database, as the server's would. */
function envFor(database: { kind: string; dsn: string; sqlitePath: string }) {
  return {
    SQL_DSN: database.kind === 'sqlite' ? '' : database.dsn,
    SQLITE_PATH: database.sqlitePath,
    SESSION_SECRET: 'test-session-secret',
  };
}

const redisUrl = process.env.TEST_REDIS_URL;

describe('tollgate (the operator command line)', () => {
  let harness: TestApp | undefined;
  let database: TestDatabase | undefined;
  const directories: string[] = [];
  afterEach(async () => {
    await harness?.close();
    await database?.drop();
    harness = undefined;
    database = undefined;
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true });
  });

  function scratchDirectory(): string {
    const directory = mkdtempSync(join(tmpdir(), 'tollgate-cli-'));
    directories.push(directory);
    return directory;
  }

  it('lists the commands, explains each with --help and refuses what it does not know', async () => {
    const overview = await tollgate(['--help'], {});
    expect(overview.code).toBe(0);
    for (const command of CLI_COMMANDS) {
      expect(overview.out).toContain(`  ${command.name} `);
      const help = await tollgate([command.name, '--help'], {});
      expect(help.code).toBe(0);
      expect(help.out).toMatch(new RegExp(`^Usage: tollgate ${command.name}\\b`));
    }
    expect((await tollgate([], {})).code).toBe(2);
    const unknown = await tollgate(['frobnicate'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^tollgate: unknown command "frobnicate"/);
    const badOption = await tollgate(['migrate', '--force'], {});
    expect(badOption.code).toBe(2);
    expect(badOption.err).toMatch(/^tollgate migrate: Unknown option '--force'/);
    const missing = await tollgate(['reset-password'], {});
    expect(missing.code).toBe(2);
    expect(missing.err).toBe(
      'tollgate reset-password: missing argument (see tollgate reset-password --help)',
    );
    const badConfig = await tollgate(['migrate'], { NODE_TYPE: 'primary' });
    expect(badConfig.code).toBe(1);
    expect(badConfig.err).toBe(
      'tollgate migrate: Configuration error: NODE_TYPE must be master or slave, got "primary"',
    );
  });

  it('reset-password: a new password that signs in, and the old sessions end', async () => {
    harness = await createTestApp('sqlite');
    const session = await harness.setupRoot();
    expect((await harness.call(session, 'GET', '/api/user/self', undefined)).json().success).toBe(
      true,
    );

    const env = envFor({
      kind: 'sqlite',
      dsn: harness.config.database.dsn,
      sqlitePath: harness.config.database.sqlitePath,
    });
    const result = await tollgate(['reset-password', 'root'], env);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(result.err).toMatch(/^The password of root \(id \d+\) is reset/);

    const old = await harness.call(session, 'GET', '/api/user/self', undefined);
    expect(old.statusCode).toBe(401);
    await expect(harness.login('root', ROOT_PASSWORD)).rejects.toThrow(/login failed/);
    const fresh = await harness.login('root', result.out);
    expect(
      (await harness.call(fresh, 'GET', '/api/user/self', undefined)).json().data.username,
    ).toBe('root');

    const nobody = await tollgate(['reset-password', 'nobody'], env);
    expect(nobody).toMatchObject({ code: 1, out: '' });
    expect(nobody.err).toBe(
      'tollgate reset-password: No account is named "nobody" (deleted ones excepted)',
    );
  });

  it("create-root: the wizard's account with a printed password, once", async () => {
    database = await createTestDatabase('sqlite');
    const env = envFor(database);
    const tooLong = await tollgate(['create-root', '--username', 'a-very-long-name'], env);
    expect(tooLong.code).toBe(2);

    const created = await tollgate(['create-root', '--username', 'admin'], env);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^[0-9A-Za-z]{16}$/);
    const again = await tollgate(['create-root'], env);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/A root account exists already: admin \(id \d+\)/);
    const setups = await database.handle.db.selectFrom('setups').selectAll().execute();
    expect(setups).toHaveLength(1);

    // The server starts with setup done and accepts the printed password.
    harness = await createTestApp('sqlite', {}, { dsn: '', sqlitePath: database.sqlitePath });
    const status = (await harness.call(undefined, 'GET', '/api/status', undefined)).json();
    expect(status.data.setup).toBe(true);
    const session = await harness.login('admin', created.out);
    const self = (await harness.call(session, 'GET', '/api/user/self', undefined)).json();
    expect(self.data).toMatchObject({ username: 'admin', role: 100, quota: 100_000_000 });
  });

  for (const kind of testDatabaseKinds()) {
    it(`migrate: creates the schema and says so, then finds nothing to do (${kind})`, async () => {
      database = await createTestDatabase(kind, { migrate: false });
      const env = envFor(database);
      const first = await tollgate(['migrate'], env);
      expect(first.code).toBe(0);
      expect(first.err).toMatch(
        new RegExp(`^database \\(${kind}\\): \\d+ change\\(s\\): table users, `),
      );
      expect(await pendingMigrationSteps(database.handle, { indexes: true })).toEqual([]);
      const second = await tollgate(['migrate'], env);
      expect(second).toMatchObject({
        code: 0,
        err: `database (${kind}): up to date, nothing to do`,
      });
    }, 60_000);
  }

  it('backup: a checked copy of the live SQLite database, never over an existing file', async () => {
    harness = await createTestApp('sqlite');
    await harness.setupRoot();
    const env = envFor({ kind: 'sqlite', dsn: '', sqlitePath: harness.config.database.sqlitePath });
    const directory = scratchDirectory();
    const file = join(directory, 'copy.db');
    const result = await tollgate(['backup', file], env);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^Copied .+ \(\d+ pages, \d+ bytes\) to /);
    // Only the finished copy is left: no partial file, no -wal/-shm beside it.
    expect(readdirSync(directory)).toEqual(['copy.db']);
    const copy = new BetterSqlite3(file, { readonly: true });
    try {
      const root = copy.prepare('select username, role from users').all();
      expect(root).toEqual([{ username: 'root', role: 100 }]);
    } finally {
      copy.close();
    }

    const again = await tollgate(['backup', file], env);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/exists already: choose a new file name$/);
    const nowhere = await tollgate(['backup', join(directory, 'missing', 'copy.db')], env);
    expect(nowhere.code).toBe(1);
    expect(nowhere.err).toMatch(/The directory .+missing does not exist$/);
    const postgres = await tollgate(['backup', join(directory, 'pg.db')], {
      SQL_DSN: 'postgres://tollgate@127.0.0.1:5432/tollgate',
    });
    expect(postgres).toMatchObject({ code: 1 });
    expect(postgres.err).toBe(
      'tollgate backup: backup copies SQLite databases only; SQL_DSN selects postgres: use pg_dump instead',
    );
    expect(existsSync(join(directory, 'pg.db'))).toBe(false);
  });

  it('check: one line per item, exit code 1 when something does not answer', async () => {
    database = await createTestDatabase('sqlite');
    const env = { ...envFor(database), ...(redisUrl ? { REDIS_CONN_STRING: redisUrl } : {}) };
    const healthy = await tollgate(['check'], env);
    expect(healthy.code).toBe(0);
    expect(healthy.out.split('\n')).toEqual([
      expect.stringMatching(/^\[ok\] {3}configuration: port 3000, NODE_TYPE=master, \d+ worker/),
      `[ok]   database: sqlite ${database.sqlitePath} answers`,
      '[ok]   database schema: up to date',
      '[warn] root account: none yet: open the console to run the setup, or run "tollgate create-root"',
      redisUrl
        ? `[ok]   redis: ${redisUrl} answers PING`
        : '[ok]   redis: not configured (caches and counters stay in each process)',
      '[ok]   LOG_SQL_DSN: not set: logs are kept in the main database',
      '[ok]   job leases: not used: on SQLite the master node runs the background jobs',
      'All checks passed.',
    ]);

    const broken = await tollgate(['check'], {
      ...envFor(database),
      SESSION_SECRET: '',
      REDIS_CONN_STRING: 'redis://:secret@127.0.0.1:1',
      LOG_SQL_DSN: 'postgres://tollgate:secret@127.0.0.1:1/logs',
    });
    expect(broken.code).toBe(1);
    expect(broken.out).not.toContain('secret@');
    expect(broken.out).toContain('[warn] SESSION_SECRET: not set');
    expect(broken.out).toMatch(
      /^\[fail\] redis: redis:\/\/\*\*\*@127\.0\.0\.1:1 does not answer: /m,
    );
    expect(broken.out).toMatch(
      /^\[fail\] logs database \(LOG_SQL_DSN\): postgres postgres:\/\/tollgate:\*\*\*@127\.0\.0\.1:1\/logs: Cannot open/m,
    );
    expect(broken.out.split('\n').at(-1)).toBe('2 check(s) failed.');

    const unconfigured = await tollgate(['check'], { WORKERS: 'many' });
    expect(unconfigured.code).toBe(1);
    expect(unconfigured.out).toMatch(
      /^\[fail\] configuration: Configuration error: WORKERS must be an integer/,
    );
  });
});
