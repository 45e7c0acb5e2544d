import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_STATUS } from '@tollgate/contracts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import { encodeSession, SESSION_COOKIE_NAME } from '../../accounts/session-cookie.js';
import type { UserRow } from '../../db/schema.js';
import { RelayError } from '../../errors/relay-error.js';
import { createOptionStore, type OptionStore } from '../../options/option-store.js';
import type { RelayExchange } from '../relay-exchange.js';
import {
  authenticatePlaygroundSession,
  playgroundCall,
  PLAYGROUND_TOKEN_ID,
} from './playground-caller.js';

const SECRET = 'playground-secret';

describe('playground caller', () => {
  let database: TestDatabase;
  let options: OptionStore;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
    await options.update('UserUsableGroups', JSON.stringify({ default: 'd', vip: 'v' }));
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await db().deleteFrom('users').execute();
    await db()
      .insertInto('users')
      .values({
        id: 6,
        username: 'player',
        password: 'x',
        quota: 70,
        group: 'default',
        session_version: 2,
        email: 'p@x.y',
        setting: '{"a":1}',
      } as never)
      .execute();
  });

  const session = (overrides: { id?: number; v?: number } = {}) =>
    encodeSession(
      { id: 6, username: 'player', role: 1, status: 1, group: 'default', v: 2, ...overrides },
      SECRET,
    );
  const exchange = (headers: Record<string, string | string[]>) =>
    ({ headers }) as unknown as RelayExchange;
  const good = (extra: Record<string, string | string[]> = {}) =>
    exchange({
      cookie: `${SESSION_COOKIE_NAME}=${session()}`,
      'new-api-user': '6',
      'content-type': 'application/json; charset=utf-8',
      ...extra,
    });

  async function refusal(call: Promise<unknown>): Promise<RelayError> {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RelayError);
    return error as RelayError;
  }

  it('lets the signed-in user through when the header names them and the body is JSON', async () => {
    const row = await authenticatePlaygroundSession(good(), db(), SECRET);
    expect(row.id).toBe(6);
    await expect(
      authenticatePlaygroundSession(good({ 'new-api-user': [' 6 ', '7'] }), db(), SECRET),
    ).resolves.toBeDefined();
    await expect(
      authenticatePlaygroundSession(good({ 'content-type': 'Application/JSON' }), db(), SECRET),
    ).resolves.toBeDefined();
  });

  it('refuses a visitor, and an access token with its own message', async () => {
    const visitor = await refusal(authenticatePlaygroundSession(exchange({}), db(), SECRET));
    expect([visitor.status, visitor.code]).toEqual([401, 'unauthorized']);
    const withToken = await refusal(
      authenticatePlaygroundSession(exchange({ authorization: 'tok' }), db(), SECRET),
    );
    expect([withToken.status, withToken.code]).toEqual([400, 'access_token_not_supported']);
    const forged = await refusal(
      authenticatePlaygroundSession(
        good({ cookie: `${SESSION_COOKIE_NAME}=${session()}x` }),
        db(),
        'other',
      ),
    );
    expect(forged.status).toBe(401);
  });

  it('refuses a missing or different New-Api-User header', async () => {
    for (const header of [undefined, '7', '']) {
      const headers: Record<string, string> = {
        cookie: `${SESSION_COOKIE_NAME}=${session()}`,
        'content-type': 'application/json',
      };
      if (header !== undefined) headers['new-api-user'] = header;
      const error = await refusal(authenticatePlaygroundSession(exchange(headers), db(), SECRET));
      expect([error.status, error.code], String(header)).toEqual([401, 'user_header_mismatch']);
    }
  });

  it('refuses a body that is not JSON with 415', async () => {
    for (const type of [undefined, 'text/plain', 'multipart/form-data; application/json']) {
      const headers: Record<string, string> = {
        cookie: `${SESSION_COOKIE_NAME}=${session()}`,
        'new-api-user': '6',
      };
      if (type) headers['content-type'] = type;
      const error = await refusal(authenticatePlaygroundSession(exchange(headers), db(), SECRET));
      expect([error.status, error.code], String(type)).toEqual([415, 'unsupported_media_type']);
    }
  });

  it('refuses a session that is no longer current, a deleted user and a banned one', async () => {
    const stale = exchange({
      cookie: `${SESSION_COOKIE_NAME}=${session({ v: 1 })}`,
      'new-api-user': '6',
      'content-type': 'application/json',
    });
    expect((await refusal(authenticatePlaygroundSession(stale, db(), SECRET))).code).toBe(
      'unauthorized',
    );
    await db().updateTable('users').set({ status: USER_STATUS.disabled }).execute();
    const banned = await refusal(authenticatePlaygroundSession(good(), db(), SECRET));
    expect([banned.status, banned.code]).toEqual([403, 'user_banned']);
    await db()
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() } as never)
      .execute();
    expect((await refusal(authenticatePlaygroundSession(good(), db(), SECRET))).code).toBe(
      'unauthorized',
    );
  });

  describe('the call', () => {
    const row = async () =>
      (await db().selectFrom('users').selectAll().executeTakeFirstOrThrow()) as UserRow;
    const body = (value: unknown) =>
      Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
    const refusalOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error as RelayError;
      }
      throw new Error('no refusal');
    };

    it('stands in an unlimited token of the user group, charging the user', async () => {
      const { caller, pinnedChannelId } = playgroundCall(
        await row(),
        body({ model: 'm' }),
        options,
      );
      expect(pinnedChannelId).toBeUndefined();
      expect(caller.token).toMatchObject({
        id: PLAYGROUND_TOKEN_ID,
        user_id: 6,
        name: 'playground-default',
        status: 1,
        expired_time: -1,
        unlimited_quota: true,
        model_limits_enabled: false,
        group: 'default',
      });
      expect(caller.user).toEqual({
        id: 6,
        username: 'player',
        role: 1,
        status: 1,
        group: 'default',
        quota: 70,
        email: 'p@x.y',
        setting: { a: 1 },
      });
      expect(caller.modelLimits.size).toBe(0);
      expect(caller.allowIps.size).toBe(0);
    });

    it('takes a usable group from the body, and refuses another', async () => {
      expect(playgroundCall(await row(), body({ group: ' vip ' }), options).caller.token.name).toBe(
        'playground-vip',
      );
      const user = await row();
      const forbidden = refusalOf(() => playgroundCall(user, body({ group: 'svip' }), options));
      expect([forbidden.status, forbidden.code]).toEqual([403, 'group_forbidden']);
    });

    it('falls back to the user group for an empty, malformed or non-text group', async () => {
      const user = { ...(await row()), group: '' };
      for (const value of ['', '{broken', { group: 5 }, { group: '' }, 'null']) {
        const call = playgroundCall(user, body(value), options);
        expect(call.caller.token.group, JSON.stringify(value)).toBe('default');
        expect(call.caller.user.group).toBe('default');
      }
    });

    it('reads a missing or broken setting as empty', async () => {
      const user = await row();
      expect(
        playgroundCall({ ...user, setting: '' }, body({}), options).caller.user.setting,
      ).toEqual({});
      expect(
        playgroundCall({ ...user, setting: '{x' }, body({}), options).caller.user.setting,
      ).toEqual({});
      expect(
        playgroundCall({ ...user, email: null } as never, body({}), options).caller.user.email,
      ).toBe('');
    });
  });
});
