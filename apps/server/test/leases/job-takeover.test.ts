import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { insertPayer, type Payer } from '../support/priced-node.js';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const LEASE_SECONDS = 2;
const TASK_QUOTA = 5000;
/** A task failed after an hour (task-poller.ts): submitted this long ago, it fails 2 s from now. */
const TIMEOUT_SECONDS = 3600;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two nodes on PostgreSQL, leases in `job_leases`: the master holding every job's lease is killed
 * with SIGKILL while a task that is about to fail is pending. The slave takes the leases over,
 * polls the task and refunds it once; the master, restarted, takes the leases back and the slave
 * stops: the refund is not repeated.
 */
describe.skipIf(!process.env.TEST_POSTGRES_DSN)('job leases across two nodes', () => {
  let database: TestDatabase;
  let payer: Payer;
  let channelId: number;
  const nodes: ServerProcess[] = [];
  let env: Record<string, string> = {};

  const db = () => database.handle.db;
  const holderOf = async (job: string) =>
    (
      await db()
        .selectFrom('job_leases')
        .select('holder')
        .where('name', '=', job)
        .executeTakeFirst()
    )?.holder;
  const refundLogs = async () =>
    (await db().selectFrom('logs').select('content').where('type', '=', 4).execute()).filter(
      (log) => String(log.content).startsWith('异步任务执行失败 lease-task'),
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    payer = await insertPayer(database.handle, 'task-payer', 0);
    // A task platform channel whose upstream never answers: its tasks stay pending until they time out.
    const channel = await db()
      .insertInto('channels')
      .values({
        type: 36,
        key: 'suno-key',
        name: 'suno',
        status: 1,
        base_url: 'http://127.0.0.1:1',
        models: 'suno_music',
        group: 'default',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    channelId = Number(channel.id);
    env = {
      SQL_DSN: database.dsn,
      SESSION_SECRET: 'shared-secret',
      WORKERS: '1',
      UPDATE_TASK: 'true',
      TASK_POLL_INTERVAL: '1',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      METRICS_ENABLED: 'true',
      REDIS_CONN_STRING: '',
    };
    nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'master' }));
    nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await database?.drop();
  });

  it('takes the jobs over from a killed master, refunds once, and hands them back', async () => {
    const [master, slave] = nodes;
    await until('the master to hold task polling', async () =>
      (await holderOf('task-polling'))?.startsWith('master/') ? true : undefined,
    );
    const nowSeconds = Math.floor(Date.now() / 1000);
    await db()
      .insertInto('tasks')
      .values({
        task_id: 'lease-task',
        platform: 'suno',
        user_id: payer.userId,
        channel_id: channelId,
        quota: TASK_QUOTA,
        token_id: payer.tokenId,
        action: 'MUSIC',
        status: 'IN_PROGRESS',
        progress: '10%',
        submit_time: nowSeconds - TIMEOUT_SECONDS + 2,
        created_at: nowSeconds,
        updated_at: nowSeconds,
      } as never)
      .execute();
    await master.kill();
    const killedAt = Date.now();

    const slaveHolder = await until('the slave to take task polling over', async () => {
      const holder = await holderOf('task-polling');
      return holder?.startsWith('slave/') ? holder : undefined;
    });
    const takeoverMs = Date.now() - killedAt;
    await until('the task to be refunded', async () => {
      const task = await db()
        .selectFrom('tasks')
        .select('status')
        .where('task_id', '=', 'lease-task')
        .executeTakeFirstOrThrow();
      return task.status === 'FAILURE' ? true : undefined;
    });
    const refundMs = Date.now() - killedAt;
    console.info(`lease takeover ${takeoverMs} ms, task refunded ${refundMs} ms after the kill`);
    expect(takeoverMs).toBeLessThan((LEASE_SECONDS + 2) * 1000);
    // The task fails 2 s after the kill; then one polling round (1 s) on the new holder.
    expect(refundMs).toBeLessThan((LEASE_SECONDS + 4) * 1000);
    // Every job moved: log retention and the totals fold go on too.
    for (const job of ['log-retention', 'log-totals'])
      expect(await holderOf(job)).toBe(slaveHolder);
    expect(slave.output()).toContain('job lease taken over: task-polling now runs here');

    const readiness = await (await fetch(`${slave.url}/readyz`)).json();
    expect(readiness.leases).toContainEqual(
      expect.objectContaining({ job: 'task-polling', holder: slaveHolder }),
    );
    const held = /tollgate_job_lease_held\{job="task-polling"\} (\d)/;
    expect((await (await fetch(`${slave.url}/metrics`)).text()).match(held)?.[1]).toBe('1');

    // The master comes back: it takes every lease at once, the slave stops its jobs.
    const restarted = await startServerProcess({ ...env, NODE_TYPE: 'master' });
    nodes[0] = restarted;
    await until('the master to take task polling back', async () =>
      (await holderOf('task-polling'))?.startsWith('master/') ? true : undefined,
    );
    await until('the slave to stop polling', async () =>
      slave.output().includes('job lease lost: task-polling stops here') ? true : undefined,
    );
    expect((await (await fetch(`${slave.url}/metrics`)).text()).match(held)?.[1]).toBe('0');
    // Two more polling rounds on the master: the task stays refunded once.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await refundLogs()).toHaveLength(1);
    const user = await db()
      .selectFrom('users')
      .select('quota')
      .where('id', '=', payer.userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.quota)).toBe(TASK_QUOTA);

    const out: string[] = [];
    const code = await runCli(
      ['check'],
      { ...env, NODE_TYPE: 'slave' },
      {
        out: (text) => out.push(text),
        err: (text) => out.push(text),
      },
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(
      /^\[ok\] {3}job lease task-polling: held by master\/\S+ since \S+, expires in \d s$/m,
    );
  }, 90_000);
});
