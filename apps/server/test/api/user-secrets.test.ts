import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** True when `value` has an `access_token` key anywhere inside it. */
function holdsAccessToken(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsAccessToken);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, inner]) => key === 'access_token' || holdsAccessToken(inner),
  );
}

/**
 * No list or read of users returns a system access token, for any role: with another user's
 * token (root's above all) anybody could act as that user. Only `GET /api/user/token` returns
 * one: the caller's own, freshly generated.
 */
describe.each(appDatabaseKinds())('user answers never carry access tokens on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  const sessions = new Map<string, Session | undefined>();

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    // Root has a token an admin must never see.
    await harness.call(root, 'GET', '/api/user/token');
    for (const username of ['admin', 'member']) {
      await harness.call(root, 'POST', '/api/user/', { username, password: 'password123' });
    }
    const admin = await harness.login('admin', 'password123');
    await harness.call(root, 'POST', '/api/user/manage', { id: admin.userId, action: 'promote' });
    const member = await harness.login('member', 'password123');
    await harness.call(member, 'GET', '/api/user/token');
    sessions.set('no session', undefined);
    sessions.set('common user', member);
    sessions.set('admin', await harness.login('admin', 'password123'));
    sessions.set('root', root);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists, searches and reads users without access tokens, for every role', async () => {
    const paths = [
      '/api/user/?p=1&page_size=100',
      '/api/user/search?keyword=',
      '/api/user/search?keyword=root',
      `/api/user/${root.userId}`,
      '/api/user/self',
    ];
    let answered = 0;
    for (const [role, session] of sessions) {
      for (const path of paths) {
        const response = await harness.call(session, 'GET', path);
        const body = response.json();
        expect(holdsAccessToken(body), `${role} ${path}`).toBe(false);
        if (body.success) answered += 1;
      }
    }
    // A common user reads only themselves; an admin all but root's row; root everything.
    expect(answered).toBe(1 + 4 + 5);
  });

  it("gives the caller their own new token only, never root's to an admin", async () => {
    const admin = sessions.get('admin')!;
    const token = (await harness.call(admin, 'GET', '/api/user/token')).json().data as string;
    const asRoot = await harness.app.inject({
      method: 'GET',
      url: '/api/user/self',
      headers: { authorization: token, 'new-api-user': String(root.userId) },
    });
    expect(asRoot.statusCode).toBe(401);
  });
});
