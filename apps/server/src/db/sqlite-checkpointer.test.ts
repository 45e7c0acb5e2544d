import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

import { SqliteCheckpointer, type CheckpointResult } from './sqlite-checkpointer.js';

describe('SqliteCheckpointer', () => {
  const directory = mkdtempSync(join(tmpdir(), 'tollgate-checkpoint-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it.each([
    ['from a worker thread', false],
    ['from the calling thread', true],
  ])('copies the WAL back into the database file %s', async (_where, inThisThread) => {
    const file = join(directory, `wal-${inThisThread}.db`);
    const serving = new BetterSqlite3(file);
    serving.pragma('journal_mode = WAL');
    // The serving connection never checkpoints: only the thread can move pages into the file.
    serving.pragma('wal_autocheckpoint = 0');
    serving.exec('create table rows (id integer primary key, text text)');
    const insert = serving.prepare('insert into rows (text) values (?)');
    serving.transaction(() => {
      for (let index = 0; index < 2000; index += 1) insert.run('x'.repeat(500));
    })();
    const sizeBefore = statSync(file).size;

    const results: CheckpointResult[] = [];
    const checkpointer = new SqliteCheckpointer(file, {
      intervalMs: 20,
      inThisThread,
      onCheckpoint: (result) => results.push(result),
    });
    try {
      await expect
        .poll(() => results.some((result) => result.log > 0 && result.checkpointed === result.log))
        .toBe(true);
      expect(statSync(file).size).toBeGreaterThan(sizeBefore + 500_000);
      expect(serving.prepare('select count(*) as count from rows').get()).toEqual({ count: 2000 });
    } finally {
      await checkpointer.close();
      serving.close();
    }
  });

  it.each([false, true])(
    'reports a database it cannot checkpoint (in this thread: %s)',
    async (inThisThread) => {
      const errors: Error[] = [];
      const checkpointer = new SqliteCheckpointer(join(directory, 'missing', 'nowhere.db'), {
        intervalMs: 20,
        inThisThread,
        onError: (error) => errors.push(error),
      });
      await expect.poll(() => errors.length).toBeGreaterThan(0);
      await checkpointer.close();
    },
  );
});
