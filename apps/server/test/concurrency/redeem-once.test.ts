import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-processes.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const kinds = (['postgres', 'mysql'] as const).filter((kind) =>
  kind === 'postgres' ? process.env.TEST_POSTGRES_DSN : process.env.TEST_MYSQL_DSN,
);

const USERS = 5;
const ATTEMPTS = 50;
const ROUNDS = 3;
const CODE_QUOTA = 12_345;

interface Caller {
  id: number;
  headers: Record<string, string>;
}

/**
 * Two Tollgate processes (two nodes, no Redis, nothing shared but the database) receive 50
 * simultaneous redemptions of one code from several users, half on each process: exactly one
 * succeeds, one balance rises by the code's quota once, and one top-up log row is written.
 * Repeated over a few codes, since a race that is lost once can be won the next time.
 */
// Without any server configured the suite is listed as skipped (an empty `each` is an error).
describe.skipIf(kinds.length === 0).each(kinds.length > 0 ? kinds : (['postgres'] as const))(
  'one code redeemed at once through two processes sharing %s',
  (kind) => {
    let database: TestDatabase;
    const nodes: ServerProcess[] = [];
    let root: Caller;
    const users: Caller[] = [];

    let attemptCount = 0;
    async function post(node: ServerProcess, path: string, body: unknown, caller?: Caller) {
      attemptCount += 1;
      const response = await fetch(`${node.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Each request from an address of its own: redeeming is under the critical per-IP limit.
          'x-forwarded-for': `198.18.${attemptCount >> 8}.${attemptCount & 255}`,
          ...caller?.headers,
        },
        body: JSON.stringify(body),
      });
      return { response, json: await response.json() };
    }

    async function login(node: ServerProcess, username: string, password: string): Promise<Caller> {
      const { response, json } = await post(node, '/api/user/login', { username, password });
      if (!json.success) throw new Error(`login ${username}: ${json.message}`);
      return {
        id: json.data.id,
        headers: {
          cookie: String(response.headers.get('set-cookie')).split(';')[0]!,
          'new-api-user': String(json.data.id),
        },
      };
    }

    async function balances(): Promise<Map<number, number>> {
      const rows = await database.handle.db
        .selectFrom('users')
        .select(['id', 'quota'])
        .where(
          'id',
          'in',
          users.map((user) => user.id),
        )
        .execute();
      return new Map(rows.map((row) => [Number(row.id), Number(row.quota)]));
    }

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const env = {
        SQL_DSN: database.dsn,
        SESSION_SECRET: 'shared-secret',
        GLOBAL_API_RATE_LIMIT: '100000',
        TRUSTED_PROXIES: '127.0.0.1,::1',
        SYNC_FREQUENCY: '60',
        // One process per node: the point is two separate processes on one database.
        WORKERS: '1',
      };
      const master = await startServerProcess({ ...env, NODE_TYPE: 'master' });
      nodes.push(master);
      const setup = await post(master, '/api/setup', {
        username: 'root',
        password: 'rootpassword1',
        confirmPassword: 'rootpassword1',
      });
      expect(setup.json.success).toBe(true);
      root = await login(master, 'root', 'rootpassword1');
      for (let index = 0; index < USERS; index += 1) {
        const username = `redeemer${index}`;
        const created = await post(
          master,
          '/api/user/',
          { username, password: 'password123', display_name: username },
          root,
        );
        expect(created.json.success).toBe(true);
        users.push(await login(master, username, 'password123'));
      }
      nodes.push(await startServerProcess({ ...env, NODE_TYPE: 'slave' }));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await database?.drop();
    });

    it('credits exactly one redemption of 50 simultaneous ones', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const created = await post(
          nodes[0]!,
          '/api/redemption/',
          { name: `race ${round}`, quota: CODE_QUOTA, count: 1 },
          root,
        );
        expect(created.json.success).toBe(true);
        const key = created.json.data[0] as string;
        const before = await balances();

        const results = await Promise.all(
          Array.from({ length: ATTEMPTS }, async (_, index) => {
            const user = users[index % USERS]!;
            const node = nodes[index % nodes.length]!;
            const { response, json } = await post(node, '/api/user/topup', { key }, user);
            expect(response.status).toBe(200);
            return { user, json };
          }),
        );

        const winners = results.filter((result) => result.json.success);
        expect(winners, `round ${round}`).toHaveLength(1);
        const winner = winners[0]!;
        expect(winner.json.data).toBe(CODE_QUOTA);
        for (const result of results) {
          if (result !== winner) {
            expect(result.json).toEqual({
              success: false,
              message: '兑换失败，无效的兑换码',
            });
          }
        }

        const after = await balances();
        for (const user of users) {
          const gained = after.get(user.id)! - before.get(user.id)!;
          expect(gained, `round ${round}, user ${user.id}`).toBe(
            user === winner.user ? CODE_QUOTA : 0,
          );
        }

        const code = await database.handle.db
          .selectFrom('redemptions')
          .selectAll()
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        expect(Number(code.status)).toBe(3);
        expect(Number(code.used_user_id)).toBe(winner.user.id);
        const logs = await database.handle.db
          .selectFrom('logs')
          .select(['user_id', 'content'])
          .where('type', '=', 1)
          .where('content', 'like', `%兑换码ID ${code.id}`)
          .execute();
        expect(logs).toHaveLength(1);
        expect(Number(logs[0]!.user_id)).toBe(winner.user.id);
      }

      // The other process sees the winner's new balance too.
      const self = await fetch(`${nodes[1]!.url}/api/user/self`, { headers: users[0]!.headers });
      const expected = (await balances()).get(users[0]!.id);
      expect((await self.json()).data.quota).toBe(expected);
    }, 120_000);
  },
);
