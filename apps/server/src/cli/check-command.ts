import type { Config, DatabaseConfig } from '../config.js';
import { pendingMigrationSteps } from '../db/migration-status.js';
import type { TableName } from '../db/schema.js';
import { Redis } from 'ioredis';
import { findLiveRoot } from '../users/root-account.js';
import type { CliError } from './cli-command.js';
import { parseCommandArgs, type CliCommand, type CliIo } from './cli-command.js';
import { loadCliConfig, openConfiguredDatabase } from './cli-database.js';
import { checkLeases } from './check-leases.js';

type Outcome = 'ok' | 'warn' | 'fail';

/** The report's lines, and whether any of them failed. */
class Report {
  failures = 0;
  constructor(private readonly io: CliIo) {}
  line(outcome: Outcome, item: string, detail: string): void {
    if (outcome === 'fail') this.failures += 1;
    this.io.out(`${`[${outcome}]`.padEnd(7)}${item}: ${detail}`);
  }
}

/** Where a database is, without its password (URL form or the Go MySQL form `user:pass@tcp(…)`). */
function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return `sqlite ${database.sqlitePath}`;
  const masked = database.dsn
    .replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/, '$1:***@')
    .replace(/^([^:/@]*):[^@]*@(tcp|unix)\(/, '$1:***@$2(');
  return `${database.kind} ${masked}`;
}

async function checkDatabase(
  report: Report,
  item: string,
  database: DatabaseConfig,
  tables: readonly TableName[] | undefined,
  migratesAtStart: boolean,
): Promise<void> {
  let handle;
  try {
    handle = await openConfiguredDatabase(database);
  } catch (error) {
    report.line('fail', item, `${describeDatabase(database)}: ${(error as Error).message}`);
    return;
  }
  try {
    report.line('ok', item, `${describeDatabase(database)} answers`);
    const pending = await pendingMigrationSteps(handle, { tables, indexes: true });
    if (pending.length === 0) {
      report.line('ok', `${item} schema`, 'up to date');
    } else {
      const shown = `${pending.slice(0, 5).join(', ')}${pending.length > 5 ? ', …' : ''}`;
      // A master creates what is missing at start; a slave waits for one to do it.
      report.line(
        migratesAtStart ? 'warn' : 'fail',
        `${item} schema`,
        `${pending.length} change(s) pending (${shown}): run "tollgate migrate"${migratesAtStart ? ' or start the master node' : ''}`,
      );
    }
    if (!tables && pending.every((step) => !step.startsWith('table users'))) {
      const root = await findLiveRoot(handle.db);
      report.line(
        root ? 'ok' : 'warn',
        'root account',
        root
          ? `${root.username} (id ${root.id})`
          : 'none yet: open the console to run the setup, or run "tollgate create-root"',
      );
    }
  } catch (error) {
    report.line('fail', `${item} schema`, (error as Error).message);
  } finally {
    await handle.close();
  }
}

async function checkRedis(report: Report, config: Config): Promise<void> {
  if (!config.redisUrl) {
    report.line('ok', 'redis', 'not configured (caches and counters stay in each process)');
    return;
  }
  const where = config.redisUrl.replace(/\/\/([^@/]*)@/, '//***@');
  // One attempt, no reconnecting: a report, not a client that waits for Redis to come back.
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => (lastError = error));
  try {
    await redis.connect();
    await redis.ping();
    report.line('ok', 'redis', `${where} answers PING`);
  } catch (error) {
    const reason = lastError?.message ?? (error as Error).message;
    report.line('fail', 'redis', `${where} does not answer: ${reason}`);
  } finally {
    redis.disconnect();
  }
}

/** The configuration as the server reads it, and whether everything it names answers. */
async function runChecks(env: NodeJS.ProcessEnv, report: Report): Promise<void> {
  let config: Config;
  try {
    config = loadCliConfig(env);
  } catch (error) {
    report.line('fail', 'configuration', (error as CliError).message);
    return;
  }
  report.line(
    'ok',
    'configuration',
    `port ${config.port}, NODE_TYPE=${config.nodeType}, ${config.workers} worker process(es)`,
  );
  if (config.sessionSecretGenerated) {
    report.line(
      'warn',
      'SESSION_SECRET',
      'not set: a random one is used, so sessions end at every restart and do not work across nodes',
    );
  }
  const migratesAtStart = config.nodeType === 'master';
  await checkDatabase(report, 'database', config.database, undefined, migratesAtStart);
  await checkRedis(report, config);
  if (config.logDatabase) {
    await checkDatabase(
      report,
      'logs database (LOG_SQL_DSN)',
      config.logDatabase,
      ['logs', 'log_outbox_done'],
      migratesAtStart,
    );
  } else {
    report.line('ok', 'LOG_SQL_DSN', 'not set: logs are kept in the main database');
  }
  await checkLeases((outcome, item, detail) => report.line(outcome, item, detail), config);
}

/** `tollgate check`: a configuration and connectivity report. */
export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'report on the configuration and whether the database and Redis answer',
  help: `Usage: tollgate check

Reads the environment as the server does and reports, one line each, with
[ok], [warn] or [fail]: the configuration, the database (SQL_DSN / SQLITE_PATH:
does it answer, its dialect, pending schema changes, the root account), Redis
(REDIS_CONN_STRING), the logs database (LOG_SQL_DSN) and the background jobs'
leases (which node runs each job, since when, until when). Changes nothing.
Exit code 1 when a line failed, 0 otherwise.`,
  async run(args, env, io) {
    const { help } = parseCommandArgs(this.name, args, [], { min: 0, max: 0 });
    if (help) {
      io.out(this.help);
      return 0;
    }
    const report = new Report(io);
    await runChecks(env, report);
    io.out(report.failures === 0 ? 'All checks passed.' : `${report.failures} check(s) failed.`);
    return report.failures === 0 ? 0 : 1;
  },
};
