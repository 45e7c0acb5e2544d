import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteFilePath } from '../db/sqlite-file-path.js';
import { CliError, parseCommandArgs, type CliCommand } from './cli-command.js';
import { loadCliConfig } from './cli-database.js';

/** sqlite3_backup_step's page count meaning "all remaining pages" (better-sqlite3's maximum). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database into `destination` with SQLite's online backup API, all pages in one
 * step: one read transaction, so the copy is one consistent moment even while the server writes
 * (in WAL mode writers go on meanwhile; a copy in small steps would restart after every write).
 */
async function copyDatabase(source: string, destination: string): Promise<number> {
  const database = new BetterSqlite3(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    const result = await database.backup(destination, { progress: () => ALL_PAGES });
    return result.totalPages;
  } finally {
    database.close();
  }
}

/**
 * Makes the copy a self-contained file (rollback journal instead of the live database's WAL, so no
 * -wal/-shm files belong to it; the server switches it back to WAL when it opens it) and answers
 * SQLite's own check of it: `ok`, or the first problem found.
 */
function finishCopy(file: string): string {
  const copy = new BetterSqlite3(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    return String(copy.pragma('quick_check', { simple: true }));
  } finally {
    copy.close();
  }
}

/** `tollgate backup <file>`: an online copy of the SQLite database. */
export const backupCommand: CliCommand = {
  name: 'backup',
  summary: 'copy the SQLite database to a file, also while the server runs',
  help: `Usage: tollgate backup <file>

Copies the SQLite database named by SQLITE_PATH into <file> with SQLite's
online backup API: a consistent copy taken while Tollgate keeps serving. The
copy is checked (PRAGMA quick_check) and only then given its name, so <file>
never holds half a backup. <file> must not exist yet.

To restore, stop Tollgate, put the copy in place of the database file (and
remove the old file's -wal and -shm files), and start it again.

For PostgreSQL or MySQL use their own tools (pg_dump, mysqldump or mariadb-dump).
A separate logs database (LOG_SQL_DSN) is not part of the copy.`,
  async run(args, env, io) {
    const { help, positionals } = parseCommandArgs(this.name, args, [], { min: 1, max: 1 });
    if (help) {
      io.out(this.help);
      return 0;
    }
    const config = loadCliConfig(env);
    if (config.database.kind !== 'sqlite') {
      const tool = config.database.kind === 'postgres' ? 'pg_dump' : 'mysqldump (or mariadb-dump)';
      throw new CliError(
        `backup copies SQLite databases only; SQL_DSN selects ${config.database.kind}: use ${tool} instead`,
      );
    }
    const source = sqliteFilePath(config.database.sqlitePath);
    if (source === ':memory:' || !existsSync(source)) {
      throw new CliError(
        `The SQLite database ${resolve(source)} does not exist: check SQLITE_PATH`,
      );
    }
    const destination = resolve(positionals[0]!);
    if (destination === resolve(source)) {
      throw new CliError('The backup file must not be the database itself');
    }
    if (existsSync(destination)) {
      throw new CliError(`${destination} exists already: choose a new file name`);
    }
    if (!existsSync(dirname(destination)) || !statSync(dirname(destination)).isDirectory()) {
      throw new CliError(`The directory ${dirname(destination)} does not exist`);
    }
    const partial = `${destination}.partial-${process.pid}`;
    try {
      const pages = await copyDatabase(source, partial);
      const check = finishCopy(partial);
      if (check !== 'ok') throw new CliError(`The copy failed SQLite's check: ${check}`);
      renameSync(partial, destination);
      io.err(
        `Copied ${resolve(source)} (${pages} pages, ${statSync(destination).size} bytes) to ${destination}`,
      );
      if (config.logDatabase) {
        io.err('Note: the logs database (LOG_SQL_DSN) is separate and not part of this copy');
      }
      return 0;
    } finally {
      for (const suffix of ['', '-wal', '-shm', '-journal'])
        rmSync(partial + suffix, { force: true });
    }
  },
};
