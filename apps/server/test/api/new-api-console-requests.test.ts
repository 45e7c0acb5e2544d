import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessFailure,
  createTestApp,
  REFUSED,
  type Session,
  type TestApp,
} from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/**
 * Requests exactly as new-api's own console sends them: Tollgate is its drop-in server, so each
 * of these must be answered as new-api answers it.
 */
describe.each(appDatabaseKinds())("new-api's console requests on %s", (kind) => {
  let harness: TestApp;
  let root: Session;
  let alice: Session;
  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    const created = await harness.call(root, 'POST', '/api/user/', {
      username: 'alice',
      password: 'password123',
      display_name: 'alice',
    });
    expect(created.json().success).toBe(true);
    alice = await harness.login('alice', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  const withoutSlash = (url: string) => url.replace(/\/(\?|$)/, '$1');

  it('answers every GET route with and without a trailing slash', async () => {
    // Registered without the slash (the console's dashboard asks `/api/data/self/`) and with it.
    const routes: Array<[Session | undefined, string]> = [
      [alice, '/api/data/self/'],
      [alice, '/api/user/self/'],
      [alice, '/api/log/self/stat/?type=0'],
      [undefined, '/api/notice/'],
      [root, '/api/group/'],
      [root, '/api/option/'],
      [alice, '/api/token/?p=0&size=10'],
    ];
    for (const [session, url] of routes) {
      const slashed = await harness.call(session, 'GET', url);
      const bare = await harness.call(session, 'GET', withoutSlash(url));
      expect(slashed.statusCode, url).toBe(200);
      expect(slashed.json().success, url).toBe(true);
      expect(bare.statusCode, withoutSlash(url)).toBe(200);
      expect(bare.json(), url).toEqual(slashed.json());
    }
  });

  it('keeps refusing what the route refuses, and unknown paths, in either spelling', async () => {
    for (const url of ['/api/data/', '/api/data']) {
      const forbidden = await harness.call(alice, 'GET', url);
      expect(businessFailure(forbidden), url).toEqual(REFUSED);
    }
    for (const url of ['/api/nope', '/api/nope/']) {
      expect((await harness.call(alice, 'GET', url)).statusCode, url).toBe(404);
    }
  });

  async function storedOption(key: string): Promise<string | undefined> {
    const list = (await harness.call(root, 'GET', '/api/option/')).json().data as {
      key: string;
      value: string;
    }[];
    return list.find((option) => option.key === key)?.value;
  }

  it('reads an option update without a value as the empty text', async () => {
    const saved = await harness.call(root, 'PUT', '/api/option/', {
      key: 'CustomCallbackAddress',
      value: 'https://8.8.8.8/pay',
    });
    expect(saved.json().success).toBe(true);
    expect(await storedOption('CustomCallbackAddress')).toBe('https://8.8.8.8/pay');

    // The payment section's save with the callback address cleared.
    const cleared = await harness.call(root, 'PUT', '/api/option/', {
      key: 'CustomCallbackAddress',
    });
    expect(cleared.json()).toEqual({ success: true, message: '' });
    expect(await storedOption('CustomCallbackAddress')).toBe('');
  });

  it("still applies each key's rules to an update without a value", async () => {
    const before = await storedOption('QuotaPerUnit');
    // The empty text is no number: refused, nothing stored.
    const quota = await harness.call(root, 'PUT', '/api/option/', { key: 'QuotaPerUnit' });
    expect(businessFailure(quota)).toEqual(REFUSED);
    expect(await storedOption('QuotaPerUnit')).toBe(before);

    for (const body of [{ key: 'NoSuchOption' }, { value: 'x' }, { key: '' }]) {
      const refused = await harness.call(root, 'PUT', '/api/option/', body);
      expect(businessFailure(refused), JSON.stringify(body)).toEqual(REFUSED);
    }
    // A value of another type than text, number or boolean stays refused.
    const nullValue = await harness.call(root, 'PUT', '/api/option/', {
      key: 'CustomCallbackAddress',
      value: null,
    });
    expect(businessFailure(nullValue)).toEqual(REFUSED);
    // Only root edits options, with or without a value.
    const byUser = await harness.call(alice, 'PUT', '/api/option/', {
      key: 'CustomCallbackAddress',
    });
    expect(byUser.json().success).toBe(false);
  });
});
