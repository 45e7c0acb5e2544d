import { afterAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../src/bootstrap.js';
import { loadConfig } from '../../src/config.js';
import { writeLogRows } from '../../src/logs/log-destination.js';
import type { LogRow } from '../../src/logs/log-insert-statement.js';
import { pruneLogsBefore } from '../../src/logs/log-retention.js';
import type { DatabaseHandle } from '../../src/db/open-database.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

function row(content: string, createdAt: number): LogRow {
  return {
    user_id: 1,
    username: 'payer',
    created_at: createdAt,
    type: 2,
    content,
    prompt_tokens: 1,
    completion_tokens: 1,
    token_name: 'token',
    model_name: 'model',
    quota: 10,
    channel_id: 1,
    token_id: 1,
    use_time: 0,
    is_stream: false,
    group: 'default',
    other: '{}',
  };
}

/** 7 rows 10 days old and 3 rows of yesterday, interleaved so ids do not follow time. */
async function fillLogs(handle: DatabaseHandle): Promise<void> {
  const rows = Array.from({ length: 10 }, (_, index) =>
    index % 3 === 1 ? row(`new ${index}`, now - DAY) : row(`old ${index}`, now - 10 * DAY + index),
  );
  await handle.db
    .transaction()
    .execute((transaction) =>
      writeLogRows(transaction, { kind: 'table', dialect: handle.dialect }, rows, now),
    );
}

async function contents(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.db.selectFrom('logs').select('content').orderBy('id').execute();
  return rows.map((log) => String(log.content));
}

const databases: TestDatabase[] = [];
const runtimes: Runtime[] = [];
afterAll(async () => {
  for (const runtime of runtimes) await runtime.close();
  for (const database of databases) await database.drop();
});

describe.each(testDatabaseKinds())('log retention on %s', (kind) => {
  it('deletes, batch by batch, only the logs older than the cutoff', async () => {
    const database = await createTestDatabase(kind);
    databases.push(database);
    await fillLogs(database.handle);
    const deleted = await pruneLogsBefore(database.handle.db, now - 5 * DAY, {
      batchSize: 3,
      pauseMs: 0,
    });
    expect(deleted).toBe(7);
    expect(await contents(database.handle)).toEqual(['new 1', 'new 4', 'new 7']);
  }, 30_000);
});

/** The main database is SQLite; logs live there, or with LOG_SQL_DSN on a server database. */
describe.each(['sqlite', ...testDatabaseKinds().filter((kind) => kind !== 'sqlite')] as const)(
  'the retention job (logs on %s)',
  (logKind) => {
    async function start(nodeType: 'master' | 'slave', days: number) {
      const main = await createTestDatabase('sqlite', { migrate: false });
      const logs =
        logKind === 'sqlite' ? main : await createTestDatabase(logKind, { migrate: false });
      databases.push(main, logs);
      const config = loadConfig({
        SQLITE_PATH: main.sqlitePath,
        ...(logKind === 'sqlite' ? {} : { LOG_SQL_DSN: logs.dsn }),
        SESSION_SECRET: 'test-session-secret',
        NODE_TYPE: nodeType,
      });
      // A slave never migrates: the master did (here, a first runtime on the same databases).
      const runtime = await startRuntime(config, {
        database: main.handle,
        migrate: true,
      });
      runtimes.push(runtime);
      await runtime.context.options.update('LogRetentionDays', String(days));
      const logHandle = runtime.context.logDatabase;
      await fillLogs(logHandle);
      return { runtime, logHandle };
    }

    it('keeps LogRetentionDays days of logs on the master node', async () => {
      const { runtime, logHandle } = await start('master', 5);
      expect(runtime.logRetention).toBeDefined();
      expect(await runtime.logRetention!.runOnce()).toBe(7);
      expect(await contents(logHandle)).toEqual(['new 1', 'new 4', 'new 7']);
    }, 30_000);

    it('keeps everything when LogRetentionDays is 0', async () => {
      const { runtime, logHandle } = await start('master', 0);
      expect(await runtime.logRetention!.runOnce()).toBe(0);
      expect(await contents(logHandle)).toHaveLength(10);
    }, 30_000);

    it('does not run on a slave node', async () => {
      const { runtime } = await start('slave', 5);
      expect(runtime.logRetention).toBeUndefined();
    }, 30_000);
  },
);
