import { createMockUpstream } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPayer, prepareRelayNode, type Payer } from '../support/priced-node.js';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

/** Each call costs exactly this: a per-call price of 0.002 USD at 500,000 quota per USD. */
const CALL_COST = 1000;
const MODELS = {
  'answer-plain': { upstream: 'gpt-4o-mini', price: 0.002 },
  'answer-stream': { upstream: 'gpt-4o-mini@chunks=3,delay=5', price: 0.002 },
};
/**
 * Client loops calling back to back: many calls are always a moment from their answer. Twelve
 * keep both workers busy on two cores; more only slow the rest of a loaded test run.
 */
const CLIENTS = 12;
/** Answers before each kill, and in all while a worker is replaced. */
const ANSWERS_BEFORE_KILL = 60;
const HOLD_SECONDS = 3;
const serverKinds = testDatabaseKinds().filter((kind) => kind !== 'sqlite');

interface Tally {
  attempted: number;
  answered: number;
}

/** One call; true when the client holds the whole answer (a stream up to `[DONE]`). */
async function callOnce(url: string, payer: Payer, stream: boolean): Promise<boolean> {
  try {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${payer.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: stream ? 'answer-stream' : 'answer-plain',
        stream,
        messages: [{ role: 'user', content: 'hello' }],
      }),
      // A connection handed to a worker as it died may never be answered.
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    if (response.status !== 200) return false;
    if (stream) return text.includes('data: [DONE]');
    return Array.isArray((JSON.parse(text) as { choices?: unknown }).choices);
  } catch {
    return false; // reset, refused or cut short: the client holds no answer
  }
}

/**
 * Calls from CLIENTS loops until stopped; counts what the clients received. `answeredAtLeast`
 * resolves once `count` calls were answered (the moment to kill something, whatever the load).
 */
function callInLoops(url: () => string, payer: Payer) {
  let running = true;
  const tally: Tally = { attempted: 0, answered: 0 };
  const waiting: { count: number; resolve(): void }[] = [];
  const done = Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let index = 0; running; index += 1) {
        tally.attempted += 1;
        if (await callOnce(url(), payer, (client + index) % 2 === 0)) {
          tally.answered += 1;
          for (const waiter of waiting.filter((item) => tally.answered >= item.count)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve();
          }
        } else {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    }),
  );
  return {
    answeredAtLeast: (count: number) =>
      new Promise<void>((resolve) => {
        if (tally.answered >= count) resolve();
        else waiting.push({ count, resolve });
      }),
    async stop(): Promise<Tally> {
      running = false;
      await done;
      return tally;
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The billing invariant of a gateway: a call whose answer reached the client is charged and
 * logged, however the server dies. Two worker processes serve a steady stream of plain and
 * streamed calls while one worker, then the whole server (primary and workers at once), is killed
 * with SIGKILL. Afterwards every answer a client holds has its consume log row, and each balance
 * dropped by exactly what the rows charge.
 */
describe.skipIf(serverKinds.length === 0)('answered calls through kill -9', () => {
  // Minutes, not seconds, on a machine that runs the browser tests beside: the time is a bound for
  // a hung test, not a measure of speed.
  describe.each(serverKinds)('on %s', { timeout: 240_000 }, (kind) => {
    let database: TestDatabase;
    let mock: Awaited<ReturnType<typeof createMockUpstream>>;
    let server: ServerProcess | undefined;
    let env: Record<string, string> = {};

    beforeAll(async () => {
      mock = await createMockUpstream();
      database = await createTestDatabase(kind);
      env = {
        SQL_DSN: database.dsn,
        SESSION_SECRET: 'shared-secret',
        GLOBAL_API_RATE_LIMIT: '1000000',
        QUOTA_HOLD_SECONDS: String(HOLD_SECONDS),
        WORKERS: '2',
        NODE_TYPE: 'master',
      };
      server = await startServerProcess(env);
      await prepareRelayNode(server.url, mock.url, MODELS);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await mock?.close();
      await database?.drop();
    });

    /** Waits until the holds of dead processes expired and were given back. */
    async function deadHoldsReturned(killedAt: number): Promise<void> {
      const db = database.handle.db;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const now = Math.floor(Date.now() / 1000);
        const expired = await db
          .selectFrom('quota_holds')
          .select('id')
          .where('expires_at', '<', now)
          .execute();
        if (Date.now() > killedAt + (HOLD_SECONDS + 1) * 1000 && expired.length === 0) return;
        if (Date.now() > deadline) throw new Error('the dead processes’ holds were not given back');
        await sleep(250);
      }
    }

    /** What the database charged `payer`, checked against its balances. */
    async function charged(payer: Payer): Promise<number> {
      const db = database.handle.db;
      const logs = await db
        .selectFrom('logs')
        .select('quota')
        .where('type', '=', 2)
        .where('user_id', '=', payer.userId)
        .execute();
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', payer.userId)
        .executeTakeFirstOrThrow();
      const token = await db
        .selectFrom('tokens')
        .select(['remain_quota', 'used_quota'])
        .where('id', '=', payer.tokenId)
        .executeTakeFirstOrThrow();
      const logged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
      expect(logged).toBe(logs.length * CALL_COST);
      expect(payer.quota - Number(user.quota)).toBe(logged);
      expect(Number(user.used_quota)).toBe(logged);
      expect(Number(user.request_count)).toBe(logs.length);
      expect(payer.quota - Number(token.remain_quota)).toBe(logged);
      expect(Number(token.used_quota)).toBe(logged);
      return logs.length;
    }

    it('charges and logs every answer through kill -9 of a worker, then of the whole server', async () => {
      const node = server!;
      // A worker dies: the primary starts another one while calls go on, on both.
      const workerPayer = await insertPayer(database.handle, 'worker-kill', 1_000_000 * CALL_COST);
      const [victim] = node.workerPids();
      expect(victim).toBeGreaterThan(0);
      const workerLoad = callInLoops(() => node.url, workerPayer);
      await workerLoad.answeredAtLeast(ANSWERS_BEFORE_KILL);
      process.kill(victim, 'SIGKILL');
      await workerLoad.answeredAtLeast(2 * ANSWERS_BEFORE_KILL);
      const workerTally = await workerLoad.stop();
      expect(workerTally.attempted).toBeGreaterThan(workerTally.answered); // calls were cut short

      // The whole server dies: primary and workers at the same moment.
      const serverPayer = await insertPayer(database.handle, 'server-kill', 1_000_000 * CALL_COST);
      const serverLoad = callInLoops(() => node.url, serverPayer);
      await serverLoad.answeredAtLeast(ANSWERS_BEFORE_KILL);
      await node.killAll();
      const killedAt = Date.now();
      const serverTally = await serverLoad.stop();

      // A new server gives back what the dead processes held, then stops gracefully.
      server = await startServerProcess(env);
      await deadHoldsReturned(killedAt);
      await server.stop();
      server = undefined;
      expect(await database.handle.db.selectFrom('quota_holds').selectAll().execute()).toEqual([]);
      for (const [payer, tally] of [
        [workerPayer, workerTally],
        [serverPayer, serverTally],
      ] as const) {
        const logged = await charged(payer);
        console.info(`${kind}, ${payer.name}: ${JSON.stringify({ ...tally, logged })}`);
        expect(tally.answered).toBeGreaterThanOrEqual(ANSWERS_BEFORE_KILL);
        // Every answer a client holds was charged and logged.
        expect(logged).toBeGreaterThanOrEqual(tally.answered);
      }
    });
  });
});
