import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-databases.js';

const PASSWORD = 'password123';

/**
 * Sessions end when they must: signing out, a password change (own or by an admin), disabling
 * and deletion end every session of the user, on every node sharing the database. Changing one's
 * own password needs the current one.
 */
describe('ending sessions', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let root: Session;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite', { migrate: false });
    await database.handle.close();
    const shared = { dsn: '', sqlitePath: database.sqlitePath };
    first = await createTestApp('sqlite', {}, shared);
    root = await first.setupRoot();
    second = await createTestApp('sqlite', {}, shared);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  /** A new user signed in twice: on the first node and on the second. */
  async function userWithTwoSessions(): Promise<{ id: number; a: Session; b: Session }> {
    const username = `member${(sequence += 1)}`;
    await first.call(root, 'POST', '/api/user/', { username, password: PASSWORD });
    const a = await first.login(username, PASSWORD);
    const b = await second.login(username, PASSWORD);
    return { id: a.userId, a, b };
  }

  const signedIn = async (node: TestApp, session: Session) =>
    (await node.call(session, 'GET', '/api/user/self')).statusCode === 200;

  it('signing out ends every session of the user, on every node', async () => {
    const { a, b } = await userWithTwoSessions();
    expect(await signedIn(second, b)).toBe(true);
    await first.call(a, 'GET', '/api/user/logout');
    expect(await signedIn(first, a)).toBe(false);
    expect(await signedIn(second, b)).toBe(false);
  });

  it('a password change needs the current password and ends the other sessions', async () => {
    const { a, b } = await userWithTwoSessions();
    const change = (original_password?: string) =>
      first.call(a, 'PUT', '/api/user/self', { password: 'newpassword9', original_password });
    expect((await change()).json()).toMatchObject({ success: false, message: '原密码错误' });
    expect((await change('wrong-password')).json()).toMatchObject({ success: false });
    expect(await signedIn(second, b)).toBe(true);
    const changed = await change(PASSWORD);
    expect(changed.json().success).toBe(true);
    expect(await signedIn(second, b)).toBe(false);
    // The browser that changed it gets a new session and stays signed in.
    const cookie = String(changed.headers['set-cookie']).split(';')[0];
    expect(await signedIn(first, { cookie, userId: a.userId })).toBe(true);
  });

  it('an admin setting a password, disabling or deleting ends the sessions', async () => {
    const byPassword = await userWithTwoSessions();
    await first.call(root, 'PUT', '/api/user/', { id: byPassword.id, password: 'otherpass77' });
    expect(await signedIn(second, byPassword.b)).toBe(false);

    const disabled = await userWithTwoSessions();
    await first.call(root, 'POST', '/api/user/manage', { id: disabled.id, action: 'disable' });
    await first.call(root, 'POST', '/api/user/manage', { id: disabled.id, action: 'enable' });
    expect(await signedIn(second, disabled.b)).toBe(false);

    const deleted = await userWithTwoSessions();
    await first.call(root, 'POST', '/api/user/manage', { id: deleted.id, action: 'delete' });
    expect(await signedIn(second, deleted.b)).toBe(false);
  });
});

describe('the playground after signing out', () => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('refuses a session that was ended', async () => {
    const session = await fixture.harness.login('root', 'rootpassword1');
    const call = () =>
      fetch(`${fixture.url}/pg/chat/completions`, {
        method: 'POST',
        headers: {
          cookie: session.cookie,
          'new-api-user': String(session.userId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }),
      });
    expect((await call()).status).toBe(200);
    await fixture.harness.call(session, 'GET', '/api/user/logout');
    expect((await call()).status).toBe(401);
  });
});
