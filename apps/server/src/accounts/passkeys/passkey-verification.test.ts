import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-databases.js';
import { SoftwareAuthenticator } from '../../../test/support/software-authenticator.js';
import type { OptionStore } from '../../options/option-store.js';
import {
  beginPasskeyVerification,
  finishPasskeyVerification,
  takePasskeyVerifiedMarker,
} from './passkey-authentication.js';
import { databasePasskeyStore } from './passkey-one-time-store.js';
import { beginPasskeyRegistration, finishPasskeyRegistration } from './passkey-registration.js';
import type { PasskeyDeps } from './passkey-response.js';

const options = {
  get: (key: string) => (key === 'ServerAddress' ? 'http://localhost:3000' : ''),
  getBoolean: (key: string) => key === 'passkey.enabled',
} as unknown as OptionStore;

/**
 * The "passkey verified" marker that `POST /api/verify {method:"passkey"}` consumes: left by a
 * successful verification only, good once, and only for 60 s (a clock the test moves).
 */
describe('the passkey verified marker', () => {
  let database: TestDatabase;
  let clock = 1_800_000_000;
  let deps: PasskeyDeps;
  let authenticator: SoftwareAuthenticator;
  const userId = 42;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    deps = {
      database: database.handle,
      options,
      oneTime: databasePasskeyStore(database.handle, 'secret', () => clock),
    };
    authenticator = new SoftwareAuthenticator();
    const creation = await beginPasskeyRegistration(deps, {
      id: userId,
      username: 'grace',
      displayName: 'Grace',
    });
    await finishPasskeyRegistration(deps, userId, authenticator.register(creation));
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    clock += 1000;
  });

  async function verify() {
    const request = await beginPasskeyVerification(deps, userId);
    await finishPasskeyVerification(deps, userId, authenticator.authenticate(request));
  }

  it('is not there before a verification', async () => {
    expect(await takePasskeyVerifiedMarker(deps, userId)).toBe(false);
  });

  it('is taken once after a verification, by its own user only', async () => {
    await verify();
    expect(await takePasskeyVerifiedMarker(deps, userId + 1)).toBe(false);
    expect(await takePasskeyVerifiedMarker(deps, userId)).toBe(true);
    expect(await takePasskeyVerifiedMarker(deps, userId)).toBe(false);
  });

  it('holds for 60 s and no longer', async () => {
    await verify();
    clock += 60;
    expect(await takePasskeyVerifiedMarker(deps, userId)).toBe(true);
    await verify();
    clock += 61;
    expect(await takePasskeyVerifiedMarker(deps, userId)).toBe(false);
  });

  it('is not left by a failed verification', async () => {
    const request = await beginPasskeyVerification(deps, userId);
    const forged = authenticator.authenticate(request, { origin: 'https://evil.example' });
    await expect(finishPasskeyVerification(deps, userId, forged)).rejects.toThrow(
      'Passkey 验证失败，请重试',
    );
    expect(await takePasskeyVerifiedMarker(deps, userId)).toBe(false);
  });

  it('needs an unexpired challenge (5 minutes)', async () => {
    const request = await beginPasskeyVerification(deps, userId);
    clock += 301;
    await expect(
      finishPasskeyVerification(deps, userId, authenticator.authenticate(request)),
    ).rejects.toThrow('Passkey 验证会话不存在或已过期，请重试');
  });
});
