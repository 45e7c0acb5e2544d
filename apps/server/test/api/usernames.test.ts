import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

/**
 * New usernames are normalised, refuse invisible characters and refuse look-alikes of existing
 * names (registration, creation by an admin, renaming), with one indexed read.
 */
describe.each(testDatabaseKinds())('usernames on %s', (kind) => {
  let harness: TestApp;
  let root: Session;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    await harness.call(root, 'PUT', '/api/option/', { key: 'RegisterEnabled', value: 'true' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const register = (username: string) =>
    harness
      .call(undefined, 'POST', '/api/user/register', { username, password: 'password123' })
      .then((response) => response.json());

  it('stores full-width names in their plain form, and signs in with either', async () => {
    expect((await register('ｍｉｎｇ')).success).toBe(true);
    const row = await harness.runtime.context.database.db
      .selectFrom('users')
      .select(['username', 'username_key'])
      .where('username', '=', 'ming')
      .executeTakeFirst();
    expect(row).toEqual({ username: 'ming', username_key: 'mlng' });
    expect((await harness.login('ｍｉｎｇ', 'password123')).userId).toBeGreaterThan(0);
  });

  it('refuses invisible and control characters', async () => {
    for (const name of ['zero\u200Bwidth', 'bidi\u202Eevil', 'bell\u0007']) {
      const answer = await register(name);
      expect(answer.success, JSON.stringify(name)).toBe(false);
      expect(answer.message).toContain('不可见字符');
    }
  });

  it('refuses look-alikes of existing names, everywhere a name is chosen', async () => {
    for (const name of ['ROOT', 'r00t', 'rооt' /* Cyrillic o */, 'ＲＯＯＴ']) {
      const answer = await register(name);
      expect(answer.success, name).toBe(false);
    }
    expect((await register('r00t')).message).toBe('用户名与已有用户过于相似，请换一个');
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'Mlng',
      password: 'password123',
    });
    expect(created.json()).toMatchObject({ success: false });
    expect((await register('walter')).success).toBe(true);
    const walter = await harness.login('walter', 'password123');
    const rename = await harness.call(walter, 'PUT', '/api/user/self', { username: 'rоot' });
    expect(rename.json()).toMatchObject({ success: false });
    // Renaming to a look-alike of one's own name is fine.
    const own = await harness.call(walter, 'PUT', '/api/user/self', { username: 'WALTER' });
    expect(own.json().success).toBe(true);
  });
});
