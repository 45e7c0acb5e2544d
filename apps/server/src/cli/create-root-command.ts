import { USERNAME_MAX_LENGTH } from '@tollgate/contracts';
import { hashPassword } from '../accounts/passwords.js';
import { randomAlphanumeric } from '../lib/random.js';
import { recordSetup } from '../setup/setup-state.js';
import { findLiveRoot, insertRootUser } from '../users/root-account.js';
import { similarUsernameTaken, usernameTaken } from '../users/user-repository.js';
import { normalizeUsername, usernameCharacterProblem } from '../users/username-rules.js';
import { TOLLGATE_VERSION } from '../version.js';
import { CliError, parseCommandArgs, UsageError, type CliCommand } from './cli-command.js';
import { loadCliConfig, requireUsersTable, withMainDatabase } from './cli-database.js';
import { GENERATED_PASSWORD_LENGTH } from './reset-password-command.js';

/** `tollgate create-root`: the root account without the setup wizard (prints its password). */
export const createRootCommand: CliCommand = {
  name: 'create-root',
  summary: 'create the root account when there is none (prints its password)',
  help: `Usage: tollgate create-root [--username <name>]

Creates the root (super administrator) account, as the first-run setup wizard
does, with a random password printed on standard output, and marks the setup
done. Refused when a root account already exists: use reset-password for it.

Options:
  --username <name>  the account's name (default: root, at most ${USERNAME_MAX_LENGTH} characters)

The schema must exist: start the server once, or run "tollgate migrate" first.
A server that is already running and still shows the setup wizard stops
showing it after a restart.`,
  async run(args, env, io) {
    const { help, options } = parseCommandArgs(this.name, args, ['username'], {
      min: 0,
      max: 0,
    });
    if (help) {
      io.out(this.help);
      return 0;
    }
    const username = normalizeUsername(options.username ?? 'root');
    if (username === '') throw new UsageError('--username must not be empty');
    if ([...username].length > USERNAME_MAX_LENGTH) {
      throw new UsageError(`--username must be at most ${USERNAME_MAX_LENGTH} characters`);
    }
    if (usernameCharacterProblem(username)) {
      throw new UsageError('--username must not hold control or invisible characters');
    }
    const config = loadCliConfig(env);
    const password = randomAlphanumeric(GENERATED_PASSWORD_LENGTH);
    const hash = await hashPassword(password);
    const id = await withMainDatabase(config, async (handle) => {
      await requireUsersTable(handle);
      const root = await findLiveRoot(handle.db);
      if (root) {
        throw new CliError(
          `A root account exists already: ${root.username} (id ${root.id}). Use "tollgate reset-password ${root.username}" to give it a new password`,
        );
      }
      if (await usernameTaken(handle.db, username)) {
        throw new CliError(`The name "${username}" is taken (by a live or deleted account)`);
      }
      if (await similarUsernameTaken(handle.db, username)) {
        throw new CliError(`The name "${username}" looks too much like another account's`);
      }
      const created = await insertRootUser(handle, username, hash);
      const setup = await handle.db.selectFrom('setups').select('id').limit(1).executeTakeFirst();
      if (!setup) await recordSetup(handle.db, TOLLGATE_VERSION);
      return created;
    });
    io.err(`Root account ${username} (id ${id}) created; sign in with the password below.`);
    io.out(password);
    return 0;
  },
};
