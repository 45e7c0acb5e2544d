import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLegacyNewApiDatabase,
  type LegacyNewApiDatabase,
} from '../support/legacy-new-api-database.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

/**
 * Tollgate started on a database an existing new-api deployment left behind: it adopts it in
 * place, the old accounts sign in with their old passwords, and no row is lost.
 */
describe.each(testDatabaseKinds())('adopting an existing new-api database on %s', (kind) => {
  let legacy: LegacyNewApiDatabase;
  let harness: TestApp;
  const countsBefore = new Map<string, number>();

  async function countRows(
    db: LegacyNewApiDatabase['handle']['db'],
    table: string,
  ): Promise<number> {
    const result = await sql<{
      total: number | string;
    }>`SELECT COUNT(*) AS total FROM ${sql.table(table)}`.execute(db);
    return Number(result.rows[0].total);
  }

  beforeAll(async () => {
    legacy = await createLegacyNewApiDatabase(kind);
    for (const table of legacy.legacyTables)
      countsBefore.set(table, await countRows(legacy.handle.db, table));
    await legacy.handle.close();
    harness = await createTestApp(kind, {}, { dsn: legacy.dsn, sqlitePath: legacy.sqlitePath });
  });
  afterAll(async () => {
    await harness?.close();
    await legacy?.drop();
  });

  it('treats the database as set up (a root user exists)', async () => {
    const setup = (await harness.call(undefined, 'GET', '/api/setup')).json().data;
    expect(setup.status).toBe(true);
    expect((await harness.call(undefined, 'GET', '/api/status')).json().data.setup).toBe(true);
  });

  it("accepts root's access token new-api stored in plain text, until a new one replaces it", async () => {
    const root = legacy.users.find((user) => user.username === 'root')!;
    const viaLegacyToken = () =>
      harness.app.inject({
        method: 'GET',
        url: '/api/user/self',
        headers: { authorization: 'f'.repeat(32), 'new-api-user': String(root.id) },
      });
    expect((await viaLegacyToken()).json().data.username).toBe('root');
    const session = await harness.login('root', root.password);
    const fresh = (await harness.call(session, 'GET', '/api/user/token')).json().data as string;
    expect((await viaLegacyToken()).json().success).toBe(false);
    const stored = await harness.runtime.context.database.db
      .selectFrom('users')
      .select('access_token')
      .where('id', '=', root.id)
      .executeTakeFirstOrThrow();
    // Only a hash is kept; presenting it is refused.
    expect(stored.access_token).not.toContain(fresh);
    const viaStoredValue = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: String(stored.access_token), 'new-api-user': String(root.id) },
    });
    expect(viaStoredValue.json().success).toBe(false);
  });

  it('signs the old users in with their old bcrypt passwords', async () => {
    for (const user of legacy.users) {
      const response = await harness.call(undefined, 'POST', '/api/user/login', {
        username: user.username,
        password: user.password,
      });
      const shouldSucceed = !user.softDeleted && user.status === 1;
      expect(response.json().success, user.username).toBe(shouldSucceed);
      if (shouldSucceed) {
        expect(response.json().data).toMatchObject({
          id: user.id,
          username: user.username,
          role: user.role,
        });
        const wrong = await harness.call(undefined, 'POST', '/api/user/login', {
          username: user.username,
          password: `${user.password}x`,
        });
        expect(wrong.json().success).toBe(false);
      }
    }
  });

  it('keeps every row and shows the old users to the root account', async () => {
    const db = harness.runtime.context.database.db;
    for (const [table, before] of countsBefore) {
      const after = await countRows(db, table);
      // `setups` gains the row that marks the adopted database as initialised.
      expect(after, table).toBe(table === 'setups' ? before + 1 : before);
    }
    const root = legacy.users.find((user) => user.role === 100)!;
    const session = await harness.login(root.username, root.password);
    const list = (await harness.call(session, 'GET', '/api/user/?p=1&page_size=100')).json().data;
    expect(list.items.map((user: { username: string }) => user.username).sort()).toEqual(
      legacy.users.map((user) => user.username).sort(),
    );
    const deregistered = list.items.find((user: { username: string }) => user.username === 'bob');
    expect(deregistered.DeletedAt).not.toBeNull();
  });
});
