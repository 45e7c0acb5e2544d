import { parseArgs } from 'node:util';

/** Where a command writes: results on `out`, messages and errors on `err`. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** One `tollgate <command>`. */
export interface CliCommand {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** The whole `--help` text. */
  help: string;
  /** Runs the command; resolves to the process's exit code, throws CliError for a clear failure. */
  run(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number>;
}

/** A failure the operator can act on: its message is printed alone, without a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A command line that cannot be understood (exit code 2, like most Unix tools). */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/** A command's arguments: `--help`, its `--name value` options and its positional arguments. */
export interface CommandArgs {
  help: boolean;
  options: Record<string, string | undefined>;
  positionals: string[];
}

/**
 * Parses a command's arguments strictly: `--help`/`-h` and the named string options; an unknown
 * option or a wrong number of positional arguments is a UsageError naming the command.
 */
export function parseCommandArgs(
  command: string,
  args: string[],
  stringOptions: readonly string[],
  positionals: { min: number; max: number },
): CommandArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        ...Object.fromEntries(stringOptions.map((name) => [name, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see tollgate ${command} --help)`);
  }
  const help = parsed.values.help === true;
  const count = parsed.positionals.length;
  if (!help && (count < positionals.min || count > positionals.max)) {
    throw new UsageError(
      count < positionals.min
        ? `missing argument (see tollgate ${command} --help)`
        : `unexpected argument "${parsed.positionals[positionals.max]}" (see tollgate ${command} --help)`,
    );
  }
  const options: Record<string, string | undefined> = {};
  for (const name of stringOptions) {
    const value = (parsed.values as Record<string, unknown>)[name];
    options[name] = typeof value === 'string' ? value : undefined;
  }
  return { help, options, positionals: parsed.positionals };
}
