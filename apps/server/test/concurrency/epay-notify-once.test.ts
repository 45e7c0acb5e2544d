import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEpay } from '../support/fake-epay.js';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const kinds = (['postgres', 'mysql'] as const).filter((kind) =>
  kind === 'postgres' ? process.env.TEST_POSTGRES_DSN : process.env.TEST_MYSQL_DSN,
);

const NOTIFICATIONS = 20;
const ROUNDS = 3;
const QUOTA_PER_UNIT = 500_000;
const PARTNER_ID = '1001';
const EPAY_KEY = 'merchant-key-0123456789';

interface Caller {
  id: number;
  headers: Record<string, string>;
}

/**
 * Two Tollgate processes (two nodes, no Redis, nothing shared but the database) receive 20
 * simultaneous payment notifications for one order, half on each: every one is acknowledged, the
 * buyer's balance rises once, and one top-up log row is written. Repeated over a few orders, since
 * a race that is lost once can be won the next time.
 */
// Without any server configured the suite is listed as skipped (an empty `each` is an error).
describe.skipIf(kinds.length === 0).each(kinds.length > 0 ? kinds : (['postgres'] as const))(
  'one Epay order notified at once through two processes sharing %s',
  (kind) => {
    let database: TestDatabase;
    let provider: FakeEpay;
    const nodes: ServerProcess[] = [];
    let root: Caller;
    let buyer: Caller;

    async function send(
      node: ServerProcess,
      method: string,
      path: string,
      body?: unknown,
      caller?: Caller,
    ) {
      const response = await fetch(`${node.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...caller?.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { response, json: await response.json() };
    }

    async function login(node: ServerProcess, username: string, password: string): Promise<Caller> {
      const { response, json } = await send(node, 'POST', '/api/user/login', {
        username,
        password,
      });
      if (!json.success) throw new Error(`login ${username}: ${json.message}`);
      return {
        id: json.data.id,
        headers: {
          cookie: String(response.headers.get('set-cookie')).split(';')[0]!,
          'new-api-user': String(json.data.id),
        },
      };
    }

    async function balance(): Promise<number> {
      const row = await database.handle.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', buyer.id)
        .executeTakeFirstOrThrow();
      return Number(row.quota);
    }

    async function topUpLogCount(): Promise<number> {
      const rows = await database.handle.db
        .selectFrom('logs')
        .select('id')
        .where('user_id', '=', buyer.id)
        .where('type', '=', 1)
        .execute();
      return rows.length;
    }

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      provider = await FakeEpay.start({ partnerId: PARTNER_ID, key: EPAY_KEY });
      const env = {
        SQL_DSN: database.dsn,
        SESSION_SECRET: 'shared-secret',
        GLOBAL_API_RATE_LIMIT: '100000',
        SYNC_FREQUENCY: '60',
        // One process per node: the point is two separate processes on one database.
        WORKERS: '1',
      };
      const master = await startServerProcess({ ...env, NODE_TYPE: 'master' });
      nodes.push(master);
      const setup = await send(master, 'POST', '/api/setup', {
        username: 'root',
        password: 'rootpassword1',
        confirmPassword: 'rootpassword1',
      });
      expect(setup.json.success).toBe(true);
      root = await login(master, 'root', 'rootpassword1');
      const created = await send(
        master,
        'POST',
        '/api/user/',
        { username: 'buyer', password: 'password123', display_name: 'buyer' },
        root,
      );
      expect(created.json.success).toBe(true);
      buyer = await login(master, 'buyer', 'password123');
      const options = {
        PayAddress: provider.url,
        EpayId: PARTNER_ID,
        EpayKey: EPAY_KEY,
        ServerAddress: master.url,
      };
      for (const [key, value] of Object.entries(options)) {
        const saved = await send(master, 'PUT', '/api/option/', { key, value }, root);
        expect(saved.json.success, key).toBe(true);
      }
      // Started after the options were saved, so it reads them at start.
      nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await provider?.close();
      await database?.drop();
    });

    it('credits an order once of 20 simultaneous notifications', async () => {
      const initial = await balance();
      for (let round = 0; round < ROUNDS; round += 1) {
        const amount = 10 + round;
        const paid = await send(
          nodes[round % nodes.length]!,
          'POST',
          '/api/user/pay',
          { amount, payment_method: 'zfb', top_up_code: '' },
          buyer,
        );
        expect(paid.json.message, JSON.stringify(paid.json)).toBe('success');
        expect(await provider.submit(paid.json.url, paid.json.data)).toMatchObject({ status: 200 });
        const tradeNo = paid.json.data.out_trade_no as string;
        const before = await balance();
        const logsBefore = await topUpLogCount();

        const answers = await Promise.all(
          Array.from({ length: NOTIFICATIONS }, (_, index) =>
            provider.notify(tradeNo, {
              target: nodes[index % nodes.length]!.url,
              method: index % 4 < 2 ? 'GET' : 'POST',
            }),
          ),
        );
        expect(answers, `round ${round}`).toEqual(
          Array.from({ length: NOTIFICATIONS }, () => ({ status: 200, body: 'success' })),
        );

        expect((await balance()) - before, `round ${round}`).toBe(amount * QUOTA_PER_UNIT);
        expect(await topUpLogCount(), `round ${round}`).toBe(logsBefore + 1);
        const order = await database.handle.db
          .selectFrom('top_ups')
          .selectAll()
          .where('trade_no', '=', tradeNo)
          .executeTakeFirstOrThrow();
        expect(order.status).toBe('success');
        expect(Number(order.complete_time)).toBeGreaterThan(0);
      }

      // Both processes show the new balance.
      const expected = await balance();
      expect(expected - initial).toBe((10 + 11 + 12) * QUOTA_PER_UNIT);
      for (const node of nodes) {
        const self = await send(node, 'GET', '/api/user/self', undefined, buyer);
        expect(self.json.data.quota).toBe(expected);
      }
    }, 120_000);
  },
);
