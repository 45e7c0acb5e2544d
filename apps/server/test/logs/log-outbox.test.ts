import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLogRows } from '../../src/logs/log-destination.js';
import type { LogRow } from '../../src/logs/log-insert-statement.js';
import { LogOutboxDrainer } from '../../src/logs/log-outbox-drainer.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

function row(index: number): LogRow {
  return {
    user_id: 1,
    username: 'payer',
    created_at: 1_700_000_000 + index,
    type: 2,
    content: `call ${index}`,
    prompt_tokens: index,
    completion_tokens: 1,
    token_name: 'token',
    model_name: 'model',
    quota: 10 + index,
    channel_id: 1,
    token_id: 1,
    use_time: 0,
    is_stream: index % 2 === 0,
    group: 'default',
    other: '{}',
  };
}

/** The main database is SQLite; the log database each dialect in turn (LOG_SQL_DSN). */
describe.each(testDatabaseKinds())('the log outbox drained into %s', (kind) => {
  let main: TestDatabase;
  let logs: TestDatabase;

  beforeAll(async () => {
    main = await createTestDatabase('sqlite');
    logs = await createTestDatabase(kind, { migrate: false });
    await migrateDatabase(logs.handle, { tables: ['logs', 'log_outbox_done'] });
  });
  afterAll(async () => {
    await main?.drop();
    await logs?.drop();
  });

  async function fillOutbox(from: number, count: number): Promise<void> {
    await main.handle.db.transaction().execute((transaction) =>
      writeLogRows(
        transaction,
        { kind: 'outbox' },
        Array.from({ length: count }, (_, index) => row(from + index)),
        1_700_000_000,
      ),
    );
  }

  it('copies every row exactly once, in order, even with two drainers at once', async () => {
    await fillOutbox(0, 250);
    const drainers = [0, 1].map(() => new LogOutboxDrainer(main.handle.db, logs.handle));
    await Promise.all(drainers.map((drainer) => drainer.drain()));
    const copied = await logs.handle.db
      .selectFrom('logs')
      .select(['content', 'quota', 'is_stream'])
      .orderBy('id')
      .execute();
    expect(copied.map((log) => log.content)).toEqual(
      Array.from({ length: 250 }, (_, index) => `call ${index}`),
    );
    expect(copied[3]).toEqual({ content: 'call 3', quota: 13, is_stream: false });
    expect(await main.handle.db.selectFrom('log_outbox').selectAll().execute()).toEqual([]);
    const marks = logs.handle.db.selectFrom('log_outbox_done').selectAll();
    expect(await marks.where('outbox_id', '>', 0).execute()).toEqual([]);
  });

  it('never copies twice what a crashed drain copied but did not remove', async () => {
    await logs.handle.db.deleteFrom('logs').execute();
    await fillOutbox(1000, 2);
    const [first] = await main.handle.db
      .selectFrom('log_outbox')
      .select('id')
      .orderBy('id')
      .execute();
    // The crash: the first row was copied and marked in the log database, but is still in the outbox.
    await logs.handle.db
      .insertInto('log_outbox_done')
      .values({ outbox_id: Number(first.id) })
      .execute();
    await logs.handle.db.insertInto('logs').values(row(1000)).execute();
    await new LogOutboxDrainer(main.handle.db, logs.handle).drain();
    const copied = await logs.handle.db
      .selectFrom('logs')
      .select('content')
      .orderBy('id')
      .execute();
    expect(copied.map((log) => log.content)).toEqual(['call 1000', 'call 1001']);
    expect(await main.handle.db.selectFrom('log_outbox').selectAll().execute()).toEqual([]);
  });
});
