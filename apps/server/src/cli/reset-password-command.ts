import { hashPassword } from '../accounts/passwords.js';
import { randomAlphanumeric } from '../lib/random.js';
import { findLiveUserByUsername, setPasswordAndEndSessions } from '../users/user-repository.js';
import { CliError, parseCommandArgs, type CliCommand } from './cli-command.js';
import { loadCliConfig, requireUsersTable, withMainDatabase } from './cli-database.js';

/** Long enough to be unguessable, within the console's 8–20 character rule. */
export const GENERATED_PASSWORD_LENGTH = 16;

/** `tollgate reset-password <username>`: a new random password; every session of the user ends. */
export const resetPasswordCommand: CliCommand = {
  name: 'reset-password',
  summary: 'give a user a new random password (prints it) and end their sessions',
  help: `Usage: tollgate reset-password <username>

Sets a new random password for the account named <username> and prints it on
standard output. Every console session of the account ends (sessions on other
nodes too: they are checked against the database). The account's two-factor
setting and access token are kept.

Reads the database from SQL_DSN / SQLITE_PATH like the server; it may run while
the server runs.`,
  async run(args, env, io) {
    const { help, positionals } = parseCommandArgs(this.name, args, [], { min: 1, max: 1 });
    if (help) {
      io.out(this.help);
      return 0;
    }
    const username = positionals[0]!;
    const config = loadCliConfig(env);
    const password = randomAlphanumeric(GENERATED_PASSWORD_LENGTH);
    const hash = await hashPassword(password);
    const user = await withMainDatabase(config, async (handle) => {
      await requireUsersTable(handle);
      const found = await findLiveUserByUsername(handle.db, username);
      if (!found) throw new CliError(`No account is named "${username}" (deleted ones excepted)`);
      // As a password change in the console: the new hash, and a new session version.
      await setPasswordAndEndSessions(handle.db, found.id, hash);
      return found;
    });
    io.err(`The password of ${user.username} (id ${user.id}) is reset; its sessions have ended.`);
    io.out(password);
    return 0;
  },
};
