import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REDEMPTION_STATUS } from '@tollgate/contracts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { AppEvents } from '../lib/app-events.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import {
  INVALID_KEY,
  NO_KEY,
  REDEEMER_GONE,
  redeemCode,
  type RedeemDeps,
} from './redeem-service.js';
import {
  createRedemptions,
  deleteRedemption,
  getRedemption,
  listRedemptionPage,
  updateRedemption,
  updateRedemptionStatus,
  type RedemptionAdminDeps,
} from './redemption-admin-service.js';
import {
  COUNT_NOT_INTEGER,
  COUNT_NOT_POSITIVE,
  COUNT_TOO_LARGE,
  NAME_LENGTH_INVALID,
  ONLY_UNUSED_EDITABLE,
  QUOTA_INVALID,
  REDEMPTION_NOT_FOUND,
  STATUS_INVALID,
  USED_STATUS_LOCKED,
  redemptionCountProblem,
  redemptionNameProblem,
  redemptionQuotaProblem,
  redemptionStatusProblem,
} from './redemption-rules.js';

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('redemption rules', () => {
  it('measures names in UTF-8 bytes, 1 to 20', () => {
    expect(redemptionNameProblem('')).toBe(NAME_LENGTH_INVALID);
    expect(redemptionNameProblem('a')).toBeUndefined();
    expect(redemptionNameProblem('a'.repeat(20))).toBeUndefined();
    expect(redemptionNameProblem('a'.repeat(21))).toBe(NAME_LENGTH_INVALID);
    expect(redemptionNameProblem('码'.repeat(6))).toBeUndefined();
    expect(redemptionNameProblem('码'.repeat(7))).toBe(NAME_LENGTH_INVALID);
  });

  it('bounds the quota to the int column', () => {
    for (const good of [0, 1, 2_147_483_647]) expect(redemptionQuotaProblem(good)).toBeUndefined();
    for (const bad of [-1, 2_147_483_648, 1.5, Number.NaN, 2 ** 60]) {
      expect(redemptionQuotaProblem(bad), String(bad)).toBe(QUOTA_INVALID);
    }
  });

  it('takes 1 to 100 codes, whole numbers only', () => {
    expect(redemptionCountProblem(1)).toBeUndefined();
    expect(redemptionCountProblem(100)).toBeUndefined();
    expect(redemptionCountProblem(101)).toBe(COUNT_TOO_LARGE);
    expect(redemptionCountProblem(0)).toBe(COUNT_NOT_POSITIVE);
    expect(redemptionCountProblem(-1)).toBe(COUNT_NOT_POSITIVE);
    expect(redemptionCountProblem(1.5)).toBe(COUNT_NOT_INTEGER);
  });

  it('lets an admin set unused or disabled only', () => {
    expect(redemptionStatusProblem(REDEMPTION_STATUS.unused)).toBeUndefined();
    expect(redemptionStatusProblem(REDEMPTION_STATUS.disabled)).toBeUndefined();
    expect(redemptionStatusProblem(REDEMPTION_STATUS.used)).toBe(STATUS_INVALID);
    expect(redemptionStatusProblem(0)).toBe(STATUS_INVALID);
  });
});

describe('redemption services', () => {
  let database: TestDatabase;
  let logDatabase: TestDatabase;
  let options: OptionStore;
  let admin: RedemptionAdminDeps;
  let redeem: RedeemDeps;
  let changedUsers: number[];
  const db = () => database.handle.db;
  const redeemer = { id: 5, username: 'redeemer' };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    logDatabase = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
  });
  afterAll(async () => {
    await database?.drop();
    await logDatabase?.drop();
  });
  beforeEach(async () => {
    for (const table of ['redemptions', 'users', 'logs', 'log_outbox'] as const) {
      await db().deleteFrom(table).execute();
    }
    await db()
      .insertInto('users')
      .values({ id: redeemer.id, username: redeemer.username, password: 'x', quota: 10 } as never)
      .execute();
    const events = new AppEvents();
    changedUsers = [];
    events.on('user-changed', ({ userId }) => changedUsers.push(userId));
    admin = { database: database.handle };
    redeem = { database: database.handle, logDatabase: database.handle, options, events };
  });

  const balance = async () =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select('quota')
          .where('id', '=', redeemer.id)
          .executeTakeFirstOrThrow()
      ).quota,
    );
  const codeRow = (key: string) =>
    db().selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

  it('creates a batch of unused 32-hex codes with the trimmed name', async () => {
    const keys = await createRedemptions(admin, 1, { name: ' gift ', count: 3, quota: 500 });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(await codeRow(key)).toMatchObject({
        user_id: 1,
        name: 'gift',
        quota: 500,
        status: REDEMPTION_STATUS.unused,
        redeemed_time: 0,
        used_user_id: 0,
      });
    }
  });

  it('refuses a bad name, count or quota and stores nothing', async () => {
    expect(await refusal(createRedemptions(admin, 1, { name: '  ', count: 1, quota: 1 }))).toBe(
      NAME_LENGTH_INVALID,
    );
    expect(await refusal(createRedemptions(admin, 1, { name: 'a', count: 0, quota: 1 }))).toBe(
      COUNT_NOT_POSITIVE,
    );
    expect(await refusal(createRedemptions(admin, 1, { name: 'a', count: 1, quota: -1 }))).toBe(
      QUOTA_INVALID,
    );
    expect((await listRedemptionPage(admin, { p: 1, page_size: 10 })).total).toBe(0);
  });

  it('lists live codes newest first, pages clamped and sized', async () => {
    const keys = await createRedemptions(admin, 1, { name: 'page', count: 12, quota: 1 });
    await createRedemptions(admin, 1, { name: 'other', count: 1, quota: 1 });
    const first = await listRedemptionPage(admin, { p: 0, page_size: 0 });
    expect(first).toMatchObject({ total: 13, page: 1, page_size: 10 });
    expect(first.items).toHaveLength(10);
    const ids = first.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = await listRedemptionPage(admin, { p: 2, page_size: 10 });
    expect(second.items).toHaveLength(3);
    expect(second.items[0].id).toBe(ids[9] - 1);
    expect((await listRedemptionPage(admin, { p: 1, page_size: 1000 })).page_size).toBe(100);
    expect((await listRedemptionPage(admin, { p: 1, page_size: 5 })).items).toHaveLength(5);
    expect((await listRedemptionPage(admin, { p: 1e12, page_size: 5 })).page).toBe(1_000_000);

    const named = await listRedemptionPage(admin, { p: 1, page_size: 100, keyword: ' pa ' });
    expect(named.total).toBe(12);
    const id = (await codeRow(keys[0])).id;
    const byId = await listRedemptionPage(admin, { p: 1, page_size: 100, keyword: String(id) });
    expect(byId.items.map((item) => item.id)).toEqual([id]);
    expect(
      (await listRedemptionPage(admin, { p: 1, page_size: 100, keyword: `+${id}` })).total,
    ).toBe(1);
    // Beyond an int, a number cannot be an id (and is not sent to the database as one).
    expect(
      (await listRedemptionPage(admin, { p: 1, page_size: 100, keyword: '99999999999' })).total,
    ).toBe(0);
    expect(
      (await listRedemptionPage(admin, { p: 1, page_size: 100, keyword: '2147483647' })).total,
    ).toBe(0);
  });

  it('gets a code by id, and answers not found for an unknown or deleted one', async () => {
    const [key] = await createRedemptions(admin, 1, { name: 'one', count: 1, quota: 7 });
    const { id } = await codeRow(key);
    expect(await getRedemption(admin, id)).toMatchObject({ id, key, quota: 7 });
    expect(await refusal(getRedemption(admin, id + 100))).toBe(REDEMPTION_NOT_FOUND);
    await deleteRedemption(admin, id);
    expect(await refusal(getRedemption(admin, id))).toBe(REDEMPTION_NOT_FOUND);
    expect(await refusal(deleteRedemption(admin, id))).toBe(REDEMPTION_NOT_FOUND);
    expect((await listRedemptionPage(admin, { p: 1, page_size: 10 })).total).toBe(0);
  });

  it('edits unused codes only, checking what is sent', async () => {
    const [key] = await createRedemptions(admin, 1, { name: 'edit', count: 1, quota: 7 });
    const { id } = await codeRow(key);
    expect(await refusal(updateRedemption(admin, { id, name: '' }))).toBe(NAME_LENGTH_INVALID);
    expect(await refusal(updateRedemption(admin, { id, quota: -5 }))).toBe(QUOTA_INVALID);
    expect(await refusal(updateRedemption(admin, { id: id + 100, name: 'x' }))).toBe(
      REDEMPTION_NOT_FOUND,
    );
    expect(await updateRedemption(admin, { id })).toMatchObject({ name: 'edit', quota: 7 });
    expect(await updateRedemption(admin, { id, name: ' renamed ', quota: 9 })).toMatchObject({
      name: 'renamed',
      quota: 9,
    });
    expect(await updateRedemption(admin, { id, quota: 0 })).toMatchObject({
      name: 'renamed',
      quota: 0,
    });

    await updateRedemptionStatus(admin, { id, status: REDEMPTION_STATUS.disabled });
    expect(await refusal(updateRedemption(admin, { id, quota: 1 }))).toBe(ONLY_UNUSED_EDITABLE);
    expect(await refusal(updateRedemption(admin, { id }))).toBe(ONLY_UNUSED_EDITABLE);
  });

  it('toggles unspent codes only', async () => {
    const [key] = await createRedemptions(admin, 1, { name: 'toggle', count: 1, quota: 7 });
    const { id } = await codeRow(key);
    expect(
      await refusal(updateRedemptionStatus(admin, { id, status: REDEMPTION_STATUS.used })),
    ).toBe(STATUS_INVALID);
    expect(
      await updateRedemptionStatus(admin, { id, status: REDEMPTION_STATUS.disabled }),
    ).toMatchObject({
      status: REDEMPTION_STATUS.disabled,
    });
    expect(
      await updateRedemptionStatus(admin, { id, status: REDEMPTION_STATUS.unused }),
    ).toMatchObject({
      status: REDEMPTION_STATUS.unused,
    });
    expect(
      await refusal(
        updateRedemptionStatus(admin, { id: id + 100, status: REDEMPTION_STATUS.unused }),
      ),
    ).toBe(REDEMPTION_NOT_FOUND);
    await redeemCode(redeem, redeemer, key);
    expect(
      await refusal(updateRedemptionStatus(admin, { id, status: REDEMPTION_STATUS.disabled })),
    ).toBe(USED_STATUS_LOCKED);
    expect(await refusal(updateRedemption(admin, { id, name: 'late' }))).toBe(ONLY_UNUSED_EDITABLE);
  });

  it('redeems a code once: credit, used row, top-up log, cache news', async () => {
    const [key] = await createRedemptions(admin, 1, { name: 'gift', count: 1, quota: 500_000 });
    expect(await redeemCode(redeem, redeemer, `  ${key} `)).toBe(500_000);
    expect(await balance()).toBe(500_010);
    expect(await codeRow(key)).toMatchObject({
      status: REDEMPTION_STATUS.used,
      used_user_id: redeemer.id,
    });
    expect((await codeRow(key)).redeemed_time).toBeGreaterThan(0);
    const logs = await db().selectFrom('logs').selectAll().execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: redeemer.id, username: 'redeemer', type: 1 });
    expect(logs[0].content).toBe(
      `通过兑换码充值 ＄1.000000 额度，兑换码ID ${(await codeRow(key)).id}`,
    );
    expect(changedUsers).toEqual([redeemer.id]);

    expect(await refusal(redeemCode(redeem, redeemer, key))).toBe(`兑换失败，${INVALID_KEY}`);
    expect(await balance()).toBe(500_010);
    expect(changedUsers).toEqual([redeemer.id]);
  });

  it('refuses empty, overlong, unknown, disabled and deleted codes alike, crediting nothing', async () => {
    const [disabled, deleted] = await createRedemptions(admin, 1, {
      name: 'no',
      count: 2,
      quota: 5,
    });
    await updateRedemptionStatus(admin, {
      id: (await codeRow(disabled)).id,
      status: REDEMPTION_STATUS.disabled,
    });
    await deleteRedemption(admin, (await codeRow(deleted)).id);
    expect(await refusal(redeemCode(redeem, redeemer, '   '))).toBe(NO_KEY);
    for (const key of ['f'.repeat(65), 'f'.repeat(32), disabled, deleted]) {
      expect(await refusal(redeemCode(redeem, redeemer, key)), key).toBe(
        `兑换失败，${INVALID_KEY}`,
      );
    }
    expect(await balance()).toBe(10);
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
    expect(changedUsers).toEqual([]);
  });

  it('leaves the code unused when the redeemer is gone', async () => {
    const [key] = await createRedemptions(admin, 1, { name: 'gone', count: 1, quota: 5 });
    expect(await refusal(redeemCode(redeem, { id: 999, username: 'ghost' }, key))).toBe(
      `兑换失败，${REDEEMER_GONE}`,
    );
    expect(await codeRow(key)).toMatchObject({ status: REDEMPTION_STATUS.unused, used_user_id: 0 });
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
  });

  it('writes the log row through the outbox when the logs live in another database', async () => {
    const [key] = await createRedemptions(admin, 1, { name: 'outbox', count: 1, quota: 5 });
    await redeemCode({ ...redeem, logDatabase: logDatabase.handle }, redeemer, key);
    expect(await db().selectFrom('logs').selectAll().execute()).toHaveLength(0);
    expect(await db().selectFrom('log_outbox').selectAll().execute()).toHaveLength(1);
  });
});
