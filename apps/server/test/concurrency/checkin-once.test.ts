import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../support/test-databases.js';

const USERS = 3;
const ATTEMPTS_PER_USER = 16;

/**
 * The daily check-in happens once per user and day whatever number of check-ins arrive at once:
 * the unique (user_id, checkin_date) index decides, in the transaction that credits the reward.
 * On PostgreSQL and MySQL two app instances (two nodes' worth of caches and pools) share the
 * database and each takes half the calls; SQLite is one machine's database, served here by one
 * instance. For each user exactly one call succeeds, the balance rises by its reward exactly
 * once, and one row and one log row exist.
 */
describe.each(testDatabaseKinds())('simultaneous check-ins on %s', (kind) => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  let root: Session;
  const users: Session[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const existing = { dsn: database.dsn, sqlitePath: database.sqlitePath };
    apps.push(await createTestApp(kind, {}, existing));
    root = await apps[0]!.setupRoot();
    for (const [key, value] of [
      ['checkin_setting.enabled', 'true'],
      ['checkin_setting.min_quota', '1000'],
      ['checkin_setting.max_quota', '900000'],
    ]) {
      const saved = await apps[0]!.call(root, 'PUT', '/api/option/', { key, value });
      expect(saved.json(), key).toMatchObject({ success: true });
    }
    for (let index = 0; index < USERS; index += 1) {
      const username = `racer${index}`;
      const created = await apps[0]!.call(root, 'POST', '/api/user/', {
        username,
        password: 'password123',
        display_name: username,
      });
      expect(created.json().success).toBe(true);
      users.push(await apps[0]!.login(username, 'password123'));
    }
    // The second instance starts after the options were saved, so it reads them at start.
    if (kind !== 'sqlite') apps.push(await createTestApp(kind, {}, existing));
  }, 120_000);

  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
    await database?.drop();
  });

  async function balances(): Promise<Map<number, number>> {
    const rows = await database.handle.db
      .selectFrom('users')
      .select(['id', 'quota'])
      .where(
        'id',
        'in',
        users.map((user) => user.userId),
      )
      .execute();
    return new Map(rows.map((row) => [Number(row.id), Number(row.quota)]));
  }

  it('credits each user once of many simultaneous check-ins', async () => {
    const before = await balances();
    const calls = users.flatMap((user) =>
      Array.from({ length: ATTEMPTS_PER_USER }, (_, index) => ({
        user,
        app: apps[index % apps.length]!,
      })),
    );
    const results = await Promise.all(
      calls.map(async ({ user, app }) => {
        const response = await app.call(user, 'POST', '/api/user/checkin');
        expect(response.statusCode).toBe(200);
        return { user, json: response.json() };
      }),
    );

    const after = await balances();
    for (const user of users) {
      const own = results.filter((result) => result.user === user);
      const winners = own.filter((result) => result.json.success);
      expect(winners, `user ${user.userId}`).toHaveLength(1);
      for (const result of own) {
        if (!result.json.success) {
          expect(result.json).toEqual({ success: false, message: '今日已签到' });
        }
      }
      const awarded = winners[0]!.json.data.quota_awarded as number;
      expect(after.get(user.userId)! - before.get(user.userId)!).toBe(awarded);

      const rows = await database.handle.db
        .selectFrom('checkins')
        .select(['quota_awarded', 'checkin_date'])
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows.map((row) => Number(row.quota_awarded))).toEqual([awarded]);
      expect(rows[0]!.checkin_date).toBe(winners[0]!.json.data.checkin_date);
      const logs = await database.handle.db
        .selectFrom('logs')
        .select('content')
        .where('user_id', '=', user.userId)
        .where('type', '=', 4)
        .execute();
      expect(logs).toHaveLength(1);
      expect(logs[0]!.content).toMatch(/^用户签到，获得额度 /);
    }

    // Every instance answers the new balance (its caches were told of the credit).
    for (const app of apps) {
      const self = await app.call(users[0]!, 'GET', '/api/user/self');
      expect(self.json().data.quota).toBe(after.get(users[0]!.userId));
    }
  }, 120_000);
});
