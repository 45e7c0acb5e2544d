import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const run = promisify(execFile);
const racer = fileURLToPath(new URL('../support/refund-racer.mjs', import.meta.url));
const kinds = (['postgres', 'mysql'] as const).filter((kind) =>
  kind === 'postgres' ? process.env.TEST_POSTGRES_DSN : process.env.TEST_MYSQL_DSN,
);
const CHARGED = 250_000;

/**
 * A failed task (a video generation, say) seen by two processes at once — two nodes' pollers,
 * or a poller and a lease's new holder — is refunded exactly once: each OS process runs the
 * built server's failAndRefund on its own connection at the same instant; one wins the
 * conditional UPDATE, and the user, the token and the log are credited once.
 */
describe.skipIf(kinds.length === 0).each(kinds.length > 0 ? kinds : (['postgres'] as const))(
  'a task refund raced by two processes on %s',
  (kind) => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('refunds once, whichever process wins', async () => {
      const db = database.handle.db;
      await db
        .insertInto('users')
        .values({ id: 5, username: 'racer', password: 'x', quota: 1_000, used_quota: CHARGED })
        .execute();
      await db
        .insertInto('tokens')
        .values({
          id: 6,
          user_id: 5,
          key: 'r'.repeat(48),
          name: 't',
          remain_quota: 9_000,
          used_quota: CHARGED,
        })
        .execute();
      for (let round = 0; round < 5; round += 1) {
        const taskId = `task_race_${round}`;
        await db
          .insertInto('tasks')
          .values({
            task_id: taskId,
            platform: 'sora',
            user_id: 5,
            token_id: 6,
            channel_id: 1,
            quota: CHARGED,
            action: 'generate',
            status: 'IN_PROGRESS',
            progress: '40%',
          } as never)
          .execute();
        const row = await db
          .selectFrom('tasks')
          .select('id')
          .where('task_id', '=', taskId)
          .executeTakeFirstOrThrow();
        const task = JSON.stringify({
          table: 'tasks',
          id: Number(row.id),
          userId: 5,
          tokenId: 6,
          quota: CHARGED,
          reason: 'upstream failed',
          logContent: `异步任务执行失败 ${taskId}，补偿 {quota}`,
        });
        const startAt = String(Date.now() + 1500);
        const outcomes = await Promise.all(
          [0, 1].map(async () => {
            const { stdout } = await run(process.execPath, [racer, database.dsn, task, startAt]);
            return (JSON.parse(stdout) as { won: boolean }).won;
          }),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
      }
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota'])
        .where('id', '=', 5)
        .executeTakeFirstOrThrow();
      expect(Number(user.quota)).toBe(1_000 + 5 * CHARGED);
      const token = await db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', 6)
        .executeTakeFirstOrThrow();
      expect(Number(token.remain_quota)).toBe(9_000 + 5 * CHARGED);
      const logs = await db.selectFrom('logs').select('content').where('type', '=', 4).execute();
      expect(logs).toHaveLength(5);
      const tasks = await db.selectFrom('tasks').select('status').execute();
      expect(tasks.every((task) => task.status === 'FAILURE')).toBe(true);
    }, 60_000);
  },
);
