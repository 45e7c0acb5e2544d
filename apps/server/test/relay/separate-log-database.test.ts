import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

/** The main database is SQLite; the log database is a fresh PostgreSQL database when available. */
describe.skipIf(!process.env.TEST_POSTGRES_DSN)(
  'LOG_SQL_DSN: consume logs in their own database',
  () => {
    let fixture: RelayFixture;
    let logDatabase: TestDatabase;
    beforeAll(async () => {
      logDatabase = await createTestDatabase('postgres', { migrate: false });
      await logDatabase.handle.close();
      fixture = await createRelayFixture('sqlite', { LOG_SQL_DSN: logDatabase.dsn });
    });
    afterAll(async () => {
      await fixture?.close();
      await logDatabase?.drop();
    });

    it('migrates only logs there, and writes and reads logs there only', async () => {
      const context = fixture.harness.runtime.context;
      await fixture.client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'to the log database' }],
      });
      const inLogDb = await fixture
        .consumeLogs()
        .then(() =>
          context.logDatabase.db.selectFrom('logs').select('id').where('type', '=', 2).execute(),
        );
      const inMainDb = await context.database.db
        .selectFrom('logs')
        .select('id')
        .where('type', '=', 2)
        .execute();
      expect(inLogDb).toHaveLength(1);
      expect(inMainDb).toHaveLength(0);
      const listed = await fixture.harness.call(
        fixture.root,
        'GET',
        '/api/log/?p=1&page_size=10&type=2',
      );
      expect(listed.json().data.total).toBe(1);
    });

    it('writes account log rows (an admin setting a balance) there too', async () => {
      const { harness, root } = fixture;
      const created = await harness.call(root, 'POST', '/api/user/', {
        username: 'logdbuser',
        password: 'password123',
        display_name: 'logdbuser',
      });
      expect(created.json().success).toBe(true);
      const found = await harness.call(root, 'GET', '/api/user/search?keyword=logdbuser');
      const id = found.json().data.items[0].id as number;
      const update = await harness.call(root, 'PUT', '/api/user/', {
        id,
        username: 'logdbuser',
        display_name: 'logdbuser',
        quota: 4321,
        password: '',
      });
      expect(update.json().success).toBe(true);
      const context = harness.runtime.context;
      const manageRows = (database: typeof context.database) =>
        database.db
          .selectFrom('logs')
          .select('id')
          .where('type', '=', 3)
          .where('user_id', '=', id)
          .execute();
      expect(await manageRows(context.logDatabase)).toHaveLength(1);
      expect(await manageRows(context.database)).toHaveLength(0);
      const listed = await harness.call(root, 'GET', '/api/log/?p=1&page_size=10&type=3');
      expect(listed.json().data.total).toBe(1);
    });
  },
);
