import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { SqliteCheckpointer } from '../db/sqlite-checkpointer.js';
import { sqliteFilePath } from '../db/sqlite-file-path.js';

/**
 * The workers leave SQLite's WAL checkpoints to the primary, which serves nothing and so can
 * afford the fsync at the end of each; started once worker 0 has created and migrated the file.
 * Answers the checkpointers, to close at shutdown.
 */
export function startCheckpoints(config: Config, log: Logger): SqliteCheckpointer[] {
  const files = new Set(
    [config.database, config.logDatabase].flatMap((database) =>
      database?.kind === 'sqlite' ? [sqliteFilePath(database.sqlitePath)] : [],
    ),
  );
  const checkpointers: SqliteCheckpointer[] = [];
  for (const file of files) {
    if (file === ':memory:') continue;
    checkpointers.push(
      new SqliteCheckpointer(file, {
        inThisThread: true,
        onError: (error) => log.warn({ err: error }, 'SQLite WAL checkpoint failed'),
      }),
    );
  }
  return checkpointers;
}
