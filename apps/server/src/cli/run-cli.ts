import { backupCommand } from './backup-command.js';
import { checkCommand } from './check-command.js';
import { CliError, type CliCommand, type CliIo } from './cli-command.js';
import { createRootCommand } from './create-root-command.js';
import { migrateCommand } from './migrate-command.js';
import { resetPasswordCommand } from './reset-password-command.js';

/** Every command, in the order `tollgate --help` lists them. */
export const CLI_COMMANDS: readonly CliCommand[] = [
  resetPasswordCommand,
  createRootCommand,
  migrateCommand,
  backupCommand,
  checkCommand,
];

function overview(): string {
  const width = Math.max(...CLI_COMMANDS.map((command) => command.name.length)) + 2;
  return [
    'Usage: tollgate <command> [options]',
    '',
    "Tollgate's operator commands. They read the same environment as the server",
    '(SQL_DSN, SQLITE_PATH, REDIS_CONN_STRING, LOG_SQL_DSN, …).',
    '',
    'Commands:',
    ...CLI_COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    'Run "tollgate <command> --help" for the details of one.',
  ].join('\n');
}

/**
 * Runs `tollgate <args>` and resolves to the exit code: 0 done, 1 failed, 2 bad command line.
 * Failures the operator can act on are printed as one line; anything else with its stack.
 */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview());
    return name === undefined ? 2 : 0;
  }
  const command = CLI_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`tollgate: unknown command "${name}"\n\n${overview()}`);
    return 2;
  }
  try {
    return await command.run(rest, env, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`tollgate ${command.name}: ${error.message}`);
      return error.exitCode;
    }
    io.err(`tollgate ${command.name} failed: ${error instanceof Error ? error.stack : error}`);
    return 1;
  }
}
