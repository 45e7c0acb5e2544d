import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STATUS, type CreateTokenRequest } from '@tollgate/contracts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { AppEvents } from '../lib/app-events.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import {
  createOwnTokens,
  deleteOwnToken,
  getOwnToken,
  listOwnTokens,
  searchOwnTokens,
  TOKEN_EXHAUSTED_CANNOT_ENABLE,
  TOKEN_EXPIRED_CANNOT_ENABLE,
  TOKEN_KEY_LENGTH,
  TOKEN_NOT_FOUND,
  updateOwnToken,
  updateOwnTokenStatus,
  type TokenServiceDeps,
} from './token-service.js';

const OWNER = { id: 1, group: 'default' };
const OTHER = { id: 2, group: 'default' };
const now = () => Math.floor(Date.now() / 1000);

function request(overrides: Partial<CreateTokenRequest> = {}): CreateTokenRequest {
  return {
    name: 'token',
    count: 1,
    expired_time: -1,
    remain_quota: 100,
    unlimited_quota: false,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    group: '',
    ...overrides,
  } as CreateTokenRequest;
}

describe('token service', () => {
  let database: TestDatabase;
  let options: OptionStore;
  let deps: TokenServiceDeps;
  let changes: { tokenId: number; tokenKey?: string }[];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    for (const table of ['quota_holds', 'tokens'] as const) {
      await database.handle.db.deleteFrom(table).execute();
    }
    const events = new AppEvents();
    changes = [];
    events.on('token-changed', (change) => changes.push(change));
    deps = { database: database.handle, options, events };
  });

  async function refusal(call: Promise<unknown>): Promise<string> {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }

  it('creates a batch: the first keeps the name, later ones get a suffix, every key is fresh', async () => {
    const created = await createOwnTokens(deps, OWNER, request({ name: ' batch ', count: 3 }));
    expect(created.map((token) => token.name)[0]).toBe('batch');
    for (const token of created.slice(1)) expect(token.name).toMatch(/^batch-[0-9A-Za-z]{6}$/);
    expect(new Set(created.map((token) => token.key)).size).toBe(3);
    for (const token of created) {
      expect(token.key).toMatch(new RegExp(`^[0-9A-Za-z]{${TOKEN_KEY_LENGTH}}$`));
      expect(token).toMatchObject({
        status: TOKEN_STATUS.enabled,
        remain_quota: 100,
        used_quota: 0,
      });
    }
    expect(changes.map((change) => change.tokenId)).toEqual(created.map((token) => token.id));
    expect(await listOwnTokens(deps, OWNER.id, 0, 10)).toHaveLength(3);
    expect(await listOwnTokens(deps, OWNER.id, 1, 2)).toHaveLength(1);
    expect(await listOwnTokens(deps, OTHER.id, 0, 10)).toHaveLength(0);
  });

  it('refuses bad fields before writing anything', async () => {
    // 30 bytes fit alone, but not with the suffix a batch adds.
    expect(
      await refusal(createOwnTokens(deps, OWNER, request({ name: 'n'.repeat(30), count: 2 }))),
    ).toBe('令牌名称过长');
    await expect(
      createOwnTokens(deps, OWNER, request({ name: 'n'.repeat(23), count: 2 })),
    ).resolves.toHaveLength(2);
    await database.handle.db.deleteFrom('tokens').execute();
    changes.length = 0;
    expect(await refusal(createOwnTokens(deps, OWNER, request({ name: 'n'.repeat(31) })))).toBe(
      '令牌名称过长',
    );
    expect(
      await refusal(createOwnTokens(deps, OWNER, request({ expired_time: now() - 1 }))),
    ).toMatch(/过期时间/);
    expect(await refusal(createOwnTokens(deps, OWNER, request({ remain_quota: -1 })))).toBe(
      '额度值不能为负数',
    );
    expect(
      await refusal(createOwnTokens(deps, OWNER, request({ model_limits: 'm'.repeat(1025) }))),
    ).toBe('模型限制列表过长');
    expect(await refusal(createOwnTokens(deps, OWNER, request({ allow_ips: 'nope' })))).toMatch(
      /IP 白名单格式错误/,
    );
    expect(await refusal(createOwnTokens(deps, OWNER, request({ group: ' nowhere ' })))).toBe(
      '无权使用分组 nowhere',
    );
    expect(await listOwnTokens(deps, OWNER.id, 0, 10)).toHaveLength(0);
    expect(changes).toEqual([]);
  });

  it('stores the normalised allow list and the trimmed group', async () => {
    const [token] = await createOwnTokens(
      deps,
      OWNER,
      request({
        allow_ips: ' 1.2.3.4, 10.0.0.0/8 ',
        group: ' default ',
        unlimited_quota: true,
        remain_quota: -5,
      }),
    );
    expect(token).toMatchObject({
      allow_ips: '1.2.3.4\n10.0.0.0/8',
      group: 'default',
      unlimited_quota: true,
    });
  });

  it('gets and searches only own tokens, with held quota counted in', async () => {
    const [token] = await createOwnTokens(deps, OWNER, request({ name: 'findme' }));
    await createOwnTokens(deps, OWNER, request({ name: 'other' }));
    await database.handle.db
      .insertInto('quota_holds')
      .values({
        holder: 'h',
        user_id: OWNER.id,
        token_id: token.id,
        amount: 25,
        expires_at: 2e9,
      } as never)
      .execute();
    expect((await getOwnToken(deps, OWNER.id, token.id)).remain_quota).toBe(125);
    expect(await refusal(getOwnToken(deps, OTHER.id, token.id))).toBe(TOKEN_NOT_FOUND);
    const byName = await searchOwnTokens(deps, OWNER.id, ' find ', '');
    expect(byName.map((found) => found.id)).toEqual([token.id]);
    expect(byName[0].remain_quota).toBe(125);
    const byKey = await searchOwnTokens(deps, OWNER.id, '', ` sk-${token.key.slice(5, 20)} `);
    expect(byKey.map((found) => found.id)).toEqual([token.id]);
    expect(await searchOwnTokens(deps, OWNER.id, '', '')).toHaveLength(2);
    expect(await searchOwnTokens(deps, OTHER.id, '', '')).toHaveLength(0);
    expect(
      (await listOwnTokens(deps, OWNER.id, 0, 10)).find((row) => row.id === token.id)?.remain_quota,
    ).toBe(125);
  });

  it('edits only what is sent, checking a changed expiry, quota or group', async () => {
    const past = now() - 100;
    const [token] = await createOwnTokens(deps, OWNER, request());
    // An expiry in the past is refused when it changes, kept when it does not.
    expect(
      await refusal(updateOwnToken(deps, OWNER, { id: token.id, expired_time: past })),
    ).toMatch(/过期时间/);
    await database.handle.db
      .updateTable('tokens')
      .set({ expired_time: past, group: 'gone' })
      .execute();
    await expect(
      updateOwnToken(deps, OWNER, { id: token.id, expired_time: past, group: 'gone' }),
    ).resolves.toMatchObject({
      expired_time: past,
    });
    expect(await refusal(updateOwnToken(deps, OWNER, { id: token.id, group: 'elsewhere' }))).toBe(
      '无权使用分组 elsewhere',
    );

    expect(await refusal(updateOwnToken(deps, OWNER, { id: token.id, remain_quota: -1 }))).toBe(
      '额度值不能为负数',
    );
    expect(
      await refusal(
        updateOwnToken(deps, OWNER, { id: token.id, unlimited_quota: false, remain_quota: -2 }),
      ),
    ).toBe('额度值不能为负数');
    const unlimited = await updateOwnToken(deps, OWNER, {
      id: token.id,
      unlimited_quota: true,
      remain_quota: -2,
    });
    expect(unlimited).toMatchObject({ unlimited_quota: true, remain_quota: -2 });
    // Going back to limited with the negative quota stored is refused.
    expect(
      await refusal(updateOwnToken(deps, OWNER, { id: token.id, unlimited_quota: false })),
    ).toBe('额度值不能为负数');

    expect(await refusal(updateOwnToken(deps, OWNER, { id: token.id, name: 'x'.repeat(31) }))).toBe(
      '令牌名称过长',
    );
    expect(
      await refusal(updateOwnToken(deps, OWNER, { id: token.id, model_limits: 'm'.repeat(1025) })),
    ).toBe('模型限制列表过长');
    expect(
      await refusal(updateOwnToken(deps, OWNER, { id: token.id, allow_ips: '300.1.1.1' })),
    ).toMatch(/IP 白名单/);

    changes.length = 0;
    const edited = await updateOwnToken(deps, OWNER, {
      id: token.id,
      name: ' renamed ',
      model_limits_enabled: true,
      model_limits: 'gpt-4',
      allow_ips: '1.1.1.1 ,2.2.2.2',
      group: ' default ',
      expired_time: -1,
    });
    expect(edited).toMatchObject({
      name: 'renamed',
      model_limits_enabled: true,
      model_limits: 'gpt-4',
      allow_ips: '1.1.1.1\n2.2.2.2',
      group: 'default',
      expired_time: -1,
      remain_quota: -2,
    });
    expect(await getOwnToken(deps, OWNER.id, token.id)).toMatchObject({
      name: 'renamed',
      allow_ips: '1.1.1.1\n2.2.2.2',
    });
    expect(changes).toEqual([{ tokenId: token.id, tokenKey: token.key }]);
    // Nothing to change: the token as it is.
    await expect(updateOwnToken(deps, OWNER, { id: token.id })).resolves.toMatchObject({
      name: 'renamed',
    });
    expect(await refusal(updateOwnToken(deps, OTHER, { id: token.id, name: 'stolen' }))).toBe(
      TOKEN_NOT_FOUND,
    );
  });

  it('enables a token only when it is neither expired nor out of quota', async () => {
    const [token] = await createOwnTokens(deps, OWNER, request());
    await expect(
      updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.disabled }),
    ).resolves.toMatchObject({ status: TOKEN_STATUS.disabled });
    const set = (values: object) => database.handle.db.updateTable('tokens').set(values).execute();

    await set({ expired_time: now() });
    expect(
      await refusal(
        updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.enabled }),
      ),
    ).toBe(TOKEN_EXPIRED_CANNOT_ENABLE);
    await set({ expired_time: now() + 100, remain_quota: 0 });
    expect(
      await refusal(
        updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.enabled }),
      ),
    ).toBe(TOKEN_EXHAUSTED_CANNOT_ENABLE);
    // Disabling stays possible whatever the facts.
    await expect(
      updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.disabled }),
    ).resolves.toBeDefined();
    await set({ unlimited_quota: true });
    changes.length = 0;
    await expect(
      updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.enabled }),
    ).resolves.toMatchObject({ status: TOKEN_STATUS.enabled });
    expect(changes).toEqual([{ tokenId: token.id, tokenKey: token.key }]);
    // Enabling an enabled token is not re-checked.
    await set({ unlimited_quota: false, expired_time: now() - 5 });
    await expect(
      updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.enabled }),
    ).resolves.toBeDefined();
    await set({ status: TOKEN_STATUS.disabled, expired_time: -1, remain_quota: 1 });
    await expect(
      updateOwnTokenStatus(deps, OWNER.id, { id: token.id, status: TOKEN_STATUS.enabled }),
    ).resolves.toBeDefined();
    expect(
      await refusal(
        updateOwnTokenStatus(deps, OTHER.id, { id: token.id, status: TOKEN_STATUS.disabled }),
      ),
    ).toBe(TOKEN_NOT_FOUND);
  });

  it('deletes an own token once, and tells', async () => {
    const [token] = await createOwnTokens(deps, OWNER, request());
    expect(await refusal(deleteOwnToken(deps, OTHER.id, token.id))).toBe(TOKEN_NOT_FOUND);
    changes.length = 0;
    await deleteOwnToken(deps, OWNER.id, token.id);
    expect(changes).toEqual([{ tokenId: token.id, tokenKey: token.key }]);
    expect(await refusal(deleteOwnToken(deps, OWNER.id, token.id))).toBe(TOKEN_NOT_FOUND);
    expect(await refusal(getOwnToken(deps, OWNER.id, token.id))).toBe(TOKEN_NOT_FOUND);
    expect(await searchOwnTokens(deps, OWNER.id, '', '')).toHaveLength(0);
  });
});
