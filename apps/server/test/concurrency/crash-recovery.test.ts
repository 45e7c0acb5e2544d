import { randomBytes } from 'node:crypto';
import { createMockUpstream } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

/** Each call costs exactly this: a per-call price of 0.002 USD at 500,000 quota per USD. */
const CALL_COST = 1000;
/** A tight balance (each call holds exactly its estimate) and one above new-api's trust threshold. */
const PAYERS = [
  { name: 'tight', affordable: 40 },
  { name: 'roomy', affordable: 150 },
] as const;
const CALLS_PER_BURST = 90;
const HOLD_SECONDS = 3;

interface Payer {
  name: string;
  affordable: number;
  userId: number;
  tokenId: number;
  apiKey: string;
  successes: number;
}

/**
 * Fault injection on PostgreSQL: two Tollgate processes serve bursts of concurrent plain and
 * streamed calls from two users — one whose balance is tight, one above the trust threshold — and
 * one process is killed with SIGKILL mid-burst, then restarted. Once the dead process's holds
 * expire and are given back, every balance must have dropped by exactly what its consume logs
 * charge, the counters must agree, no call may have been charged beyond the balance, and nothing
 * may stay held.
 */
describe.skipIf(!process.env.TEST_POSTGRES_DSN)('a process killed mid-burst on PostgreSQL', () => {
  let database: TestDatabase;
  let mock: Awaited<ReturnType<typeof createMockUpstream>>;
  const nodes: ServerProcess[] = [];
  const payers: Payer[] = [];
  let env: Record<string, string> = {};

  beforeAll(async () => {
    mock = await createMockUpstream();
    database = await createTestDatabase('postgres');
    env = {
      SQL_DSN: database.dsn,
      SESSION_SECRET: 'shared-secret',
      GLOBAL_API_RATE_LIMIT: '100000',
      QUOTA_HOLD_SECONDS: String(HOLD_SECONDS),
      WORKERS: '1',
      ...(process.env.TEST_REDIS_URL ? { REDIS_CONN_STRING: process.env.TEST_REDIS_URL } : {}),
    };
    const master = await startServerProcess({ ...env, NODE_TYPE: 'master' });
    nodes.push(master);
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${master.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then((response) => response.json());
    await post('/api/setup', {
      username: 'root',
      password: 'rootpassword1',
      confirmPassword: 'rootpassword1',
    });
    const login = await fetch(`${master.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'rootpassword1' }),
    });
    const { data: root } = await login.json();
    const session = {
      cookie: String(login.headers.get('set-cookie')).split(';')[0],
      'new-api-user': String(root.id),
    };
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${master.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...session },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      if (!json.success) throw new Error(`${path}: ${json.message}`);
    };
    // Plain answers take 400 ms, streams 100 ms then five chunks 80 ms apart: the kill at
    // 250 ms finds every call of the killed process in flight, half of them mid-stream.
    await call('POST', '/api/channel/', {
      mode: 'single',
      channel: {
        type: 1,
        name: 'mock',
        key: 'sk-upstream',
        base_url: mock.url,
        models: 'priced-model,priced-stream,priced-fast',
        group: 'default',
        model_mapping: JSON.stringify({
          'priced-model': 'gpt-4o-mini@latency=400',
          'priced-fast': 'gpt-4o-mini',
          'priced-stream': 'gpt-4o-mini@latency=100,delay=80,chunks=5',
        }),
      },
    });
    await call('PUT', '/api/option/', {
      key: 'ModelPrice',
      value: JSON.stringify({
        'priced-model': 0.002,
        'priced-stream': 0.002,
        'priced-fast': 0.002,
      }),
    });

    const db = database.handle.db;
    for (const payer of PAYERS) {
      const userId = Number(
        (
          await db
            .insertInto('users')
            .values({
              username: payer.name,
              password: 'x',
              quota: payer.affordable * CALL_COST,
              aff_code: payer.name,
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const key = randomBytes(24).toString('hex');
      const tokenId = Number(
        (
          await db
            .insertInto('tokens')
            .values({
              user_id: userId,
              key,
              name: `${payer.name}-token`,
              status: 1,
              remain_quota: payer.affordable * CALL_COST,
              unlimited_quota: false,
              expired_time: -1,
              created_time: Math.floor(Date.now() / 1000),
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      payers.push({ ...payer, userId, tokenId, apiKey: `sk-${key}`, successes: 0 });
    }
    nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await mock?.close();
    await database?.drop();
  });

  /** One call; true when the client got the whole answer. */
  async function relayCall(
    node: ServerProcess,
    payer: Payer,
    stream: boolean,
    model = stream ? 'priced-stream' : 'priced-model',
  ): Promise<boolean> {
    try {
      const response = await fetch(`${node.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${payer.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model,
          stream,
          messages: [{ role: 'user', content: 'hello' }],
        }),
      });
      const text = await response.text();
      return response.status === 200 && (!stream || text.includes('data: [DONE]'));
    } catch {
      return false;
    }
  }

  async function burst(targets: ServerProcess[]): Promise<void> {
    await Promise.all(
      payers.flatMap((payer) =>
        Array.from({ length: CALLS_PER_BURST }, async (_, index) => {
          const node = targets[index % targets.length];
          if (await relayCall(node, payer, index % 4 < 2)) payer.successes += 1;
        }),
      ),
    );
  }

  it('keeps every balance, counter and log exact and never overspends', async () => {
    const db = database.handle.db;
    const roomy = payers[1];
    // Killed right after answering: every charge it committed has its log row, and the reverse.
    const answered = await Promise.all(
      Array.from({ length: 30 }, () => relayCall(nodes[1], roomy, false, 'priced-fast')),
    );
    roomy.successes += answered.filter(Boolean).length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    await nodes[1].kill();
    nodes[1] = await startServerProcess({ ...env, NODE_TYPE: 'slave' });

    // Killed while every call it serves is in flight, half of them mid-stream.
    const victim = nodes[1];
    const firstBurst = burst([nodes[0], victim]);
    // Once both processes hold quota for their calls (250 ms on an idle machine; later on a busy
    // one, but still long before a 400 ms call ends).
    let heldAtKill: { holder: string }[] = [];
    const waitUntil = Date.now() + 5000;
    await new Promise((resolve) => setTimeout(resolve, 250));
    for (;;) {
      heldAtKill = await db.selectFrom('quota_holds').select('holder').distinct().execute();
      if (heldAtKill.length >= 2 || Date.now() > waitUntil) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await victim.kill();
    const killedAt = Date.now();
    await firstBurst;
    // The victim and the survivor both held quota when it died.
    expect(heldAtKill.length).toBeGreaterThanOrEqual(2);

    // The restarted process is a new holder; the dead one's holds expire and are given back.
    nodes[1] = await startServerProcess({ ...env, NODE_TYPE: 'slave' });
    await burst(nodes);
    // Once they expire (HOLD_SECONDS after the kill), the dead processes' holds are given back.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const now = Math.floor(Date.now() / 1000);
      const expired = await db
        .selectFrom('quota_holds')
        .select('id')
        .where('expires_at', '<', now)
        .execute();
      if (Date.now() > killedAt + (HOLD_SECONDS + 1) * 1000 && expired.length === 0) break;
      if (Date.now() > deadline) throw new Error('the dead processes’ holds were not given back');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const refundLogs = await db
      .selectFrom('logs')
      .select('content')
      .where('type', '=', 4)
      .execute();
    // At least the second victim's holds (it held some when it died, checked above); the first
    // one may have given its holds back between its last answer and the kill.
    expect(refundLogs.length).toBeGreaterThanOrEqual(1);
    // A graceful stop gives back what the living processes hold.
    expect(await Promise.all(nodes.splice(0).map((node) => node.stop()))).toEqual([0, 0]);

    expect(await db.selectFrom('quota_holds').selectAll().execute()).toEqual([]);
    for (const payer of payers) {
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
      const logs = await db
        .selectFrom('logs')
        .select('quota')
        .where('type', '=', 2)
        .where('user_id', '=', payer.userId)
        .execute();
      const logged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
      const initial = payer.affordable * CALL_COST;
      // Drift: what the balance lost beyond what the logs charge. Must be zero.
      expect(initial - Number(user.quota) - logged).toBe(0);
      expect(Number(user.used_quota)).toBe(logged);
      expect(Number(user.request_count)).toBe(logs.length);
      expect(initial - Number(token.remain_quota)).toBe(logged);
      expect(Number(token.used_quota)).toBe(logged);
      expect(logged).toBe(logs.length * CALL_COST);
      expect(Number(user.quota)).toBeGreaterThanOrEqual(0);
      expect(payer.successes).toBeLessThanOrEqual(payer.affordable);
      expect(logs.length).toBeLessThanOrEqual(payer.affordable);
      // Every call answered in full was charged: the victim was killed either while it held
      // every call it served in flight, or 150 ms after its last answer.
      expect(logs.length).toBe(payer.successes);
    }
  }, 120_000);
});
