import type { Config } from '../config.js';
import { migrateDatabase } from '../db/migrate.js';
import { pendingMigrationSteps } from '../db/migration-status.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { TableName } from '../db/schema.js';
import { fillMissingUsernameKeys } from '../users/user-repository.js';
import { parseCommandArgs, type CliCommand, type CliIo } from './cli-command.js';
import { loadCliConfig, openConfiguredDatabase } from './cli-database.js';

const LOG_TABLES: readonly TableName[] = ['logs', 'log_outbox_done'];

/** Migrates one database and says what it did. */
async function migrateOne(
  handle: DatabaseHandle,
  label: string,
  io: CliIo,
  tables?: readonly TableName[],
): Promise<void> {
  const before = await pendingMigrationSteps(handle, { tables, indexes: true });
  await migrateDatabase(handle, { tables, onWarning: (message) => io.err(`warning: ${message}`) });
  const after = new Set(await pendingMigrationSteps(handle, { tables, indexes: true }));
  const applied = before.filter((step) => !after.has(step));
  io.err(
    applied.length === 0
      ? `${label} (${handle.dialect}): up to date, nothing to do`
      : `${label} (${handle.dialect}): ${applied.length} change(s): ${applied.join(', ')}`,
  );
}

async function migrateAll(config: Config, io: CliIo): Promise<void> {
  const main = await openConfiguredDatabase(config.database, { create: true });
  try {
    await migrateOne(main, 'database', io);
    // The server's start-up step after migrating: look-alike keys for names new-api wrote.
    const filled = await fillMissingUsernameKeys(main.db);
    if (filled > 0) io.err(`database: username keys filled for ${filled} account(s)`);
    if (config.logDatabase) {
      const logs = await openConfiguredDatabase(config.logDatabase, { create: true });
      try {
        await migrateOne(logs, 'logs database (LOG_SQL_DSN)', io, LOG_TABLES);
      } finally {
        await logs.close();
      }
    }
  } finally {
    await main.close();
  }
}

/** `tollgate migrate`: the schema changes the master makes at start, then exit. */
export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'create or update the database schema, then exit (for deploy pipelines)',
  help: `Usage: tollgate migrate

Creates the missing tables, columns and indexes in the database named by
SQL_DSN / SQLITE_PATH (and the log tables in LOG_SQL_DSN's database when set),
exactly as a master node does at start, then exits. Nothing is dropped, renamed
or retyped, so it is safe on a new-api or one-api database and safe to run
again, also while Tollgate runs. Exit code 0 when the schema is up to date.`,
  async run(args, env, io) {
    const { help } = parseCommandArgs(this.name, args, [], { min: 0, max: 0 });
    if (help) {
      io.out(this.help);
      return 0;
    }
    await migrateAll(loadCliConfig(env), io);
    return 0;
  },
};
