import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveAffQuotaToQuota } from '../../src/users/user-repository.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import {
  businessFailure,
  createTestApp,
  REFUSED,
  type Session,
  type TestApp,
} from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const UNIT = 500_000;

describe.each(appDatabaseKinds())('user settings, invitations and first tokens on %s', (kind) => {
  let harness: TestApp;
  let root: Session;

  const db = () => harness.runtime.context.database.db;
  const logDb = () => harness.runtime.context.logDatabase.db;
  const setOption = async (key: string, value: string) => {
    const response = await harness.call(root, 'PUT', '/api/option/', { key, value });
    expect(response.json()).toMatchObject({ success: true });
  };
  async function register(username: string, affCode?: string): Promise<Session> {
    const response = await harness.call(undefined, 'POST', '/api/user/register', {
      username,
      password: 'password123',
      ...(affCode ? { aff_code: affCode } : {}),
    });
    expect(response.json()).toEqual({ success: true, message: '' });
    return harness.login(username, 'password123');
  }
  const storedSetting = async (userId: number) =>
    (
      await db()
        .selectFrom('users')
        .select('setting')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).setting;
  const balances = (userId: number) =>
    db()
      .selectFrom('users')
      .select(['quota', 'aff_quota', 'aff_count', 'aff_history'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
      .then((row) => ({
        quota: Number(row.quota),
        aff_quota: Number(row.aff_quota),
        aff_count: Number(row.aff_count),
        aff_history: Number(row.aff_history),
      }));

  beforeAll(async () => {
    harness = await createTestApp(kind, { GENERATE_DEFAULT_TOKEN: 'true' });
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('refuses a bad setting with the reference messages', async () => {
    const alice = await register('alice');
    const put = async (body: Record<string, unknown>) =>
      (await harness.call(alice, 'PUT', '/api/user/setting', body)).json();
    const valid = { notify_type: 'email', quota_warning_threshold: 1000 };
    expect(await put({ ...valid, notify_type: 'sms' })).toEqual({
      success: false,
      message: '无效的预警类型',
    });
    expect(await put({ ...valid, quota_warning_threshold: 0 })).toEqual({
      success: false,
      message: '预警阈值必须大于0',
    });
    expect(await put({ ...valid, notification_email: 'no-at-sign' })).toEqual({
      success: false,
      message: '无效的邮箱地址',
    });
    const webhook = { ...valid, notify_type: 'webhook' };
    expect(await put(webhook)).toEqual({ success: false, message: 'Webhook地址不能为空' });
    expect(await put({ ...webhook, webhook_url: 'not a url' })).toEqual({
      success: false,
      message: '无效的Webhook地址',
    });
    // The server holds webhooks to https (the secret travels with each call).
    expect(await put({ ...webhook, webhook_url: 'http://hooks.example.com/in' })).toEqual({
      success: false,
      message: 'Webhook地址必须以https://开头',
    });
    expect((await put({ ...valid, quota_warning_threshold: 'many' })).success).toBe(false);
    // Webhooks at internal addresses are refused before anything is stored.
    for (const [url, reason] of [
      ['https://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
      ['https://0x7f000001/hook', '127.0.0.1 is a loopback address'],
      ['https://2130706433/hook', '127.0.0.1 is a loopback address'],
      ['https://[::1]/hook', '::1 is a loopback address'],
      ['https://[::ffff:127.0.0.1]/hook', 'an IPv4-mapped form of 127.0.0.1'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local address'],
      ['https://10.0.0.1/hook', '10.0.0.1 is a private address'],
      ['https://localhost/hook', 'localhost resolves to'],
    ]) {
      const refused = await harness.call(alice, 'PUT', '/api/user/setting', {
        ...webhook,
        webhook_url: url,
      });
      expect(businessFailure(refused)).toEqual(REFUSED);
      expect(refused.json().message).toContain('Webhook地址不可用（不允许内部地址）');
      expect(refused.json().message).toContain(reason);
    }
    expect(await storedSetting(alice.userId)).toBeFalsy();

    const anonymous = await harness.call(undefined, 'PUT', '/api/user/setting', valid);
    expect(anonymous.statusCode).toBe(401);
  });

  it('replaces the whole setting and never sends the webhook secret back', async () => {
    const bob = await register('bob');
    const put = async (body: Record<string, unknown>) =>
      (await harness.call(bob, 'PUT', '/api/user/setting', body)).json();
    const secretShownAsSet = async () =>
      (await harness.call(bob, 'GET', '/api/user/self')).json().data.webhook_secret_set;
    expect(await secretShownAsSet()).toBe(false);
    expect(
      await put({
        notify_type: 'webhook',
        quota_warning_threshold: 250000,
        webhook_url: 'https://hooks.example.com/in',
        webhook_secret: 'bob-secret',
        notification_email: 'ignored@example.com',
        accept_unset_model_ratio_model: true,
      }),
    ).toEqual({ success: true, message: '设置已更新' });
    expect(await storedSetting(bob.userId)).toBe(
      '{"accept_unset_model_ratio_model":true,"notify_type":"webhook","quota_warning_threshold":250000,"webhook_secret":"bob-secret","webhook_url":"https://hooks.example.com/in"}',
    );
    const self = (await harness.call(bob, 'GET', '/api/user/self')).json().data;
    expect(typeof self.setting).toBe('string');
    expect(self.setting).not.toContain('bob-secret');
    expect(JSON.parse(self.setting)).toEqual({
      accept_unset_model_ratio_model: true,
      notify_type: 'webhook',
      quota_warning_threshold: 250000,
      webhook_url: 'https://hooks.example.com/in',
    });
    const asAdmin = (await harness.call(root, 'GET', `/api/user/${bob.userId}`)).json().data;
    expect(asAdmin.setting).not.toContain('bob-secret');
    // What the console is told instead: that a secret is set.
    expect(self.webhook_secret_set).toBe(true);
    expect(asAdmin.webhook_secret_set).toBe(true);

    // The console never has the secret: saving without one keeps it.
    await put({
      notify_type: 'webhook',
      quota_warning_threshold: 300000,
      webhook_url: 'https://hooks.example.com/in',
      webhook_secret: '',
    });
    expect(JSON.parse((await storedSetting(bob.userId)) ?? '')).toMatchObject({
      quota_warning_threshold: 300000,
      webhook_secret: 'bob-secret',
      accept_unset_model_ratio_model: false,
    });
    expect(await secretShownAsSet()).toBe(true);
    // Nor does leaving the field out (a console that never sends it).
    expect(
      await put({
        notify_type: 'webhook',
        quota_warning_threshold: 350000,
        webhook_url: 'https://hooks.example.com/in',
      }),
    ).toEqual({ success: true, message: '设置已更新' });
    expect(JSON.parse((await storedSetting(bob.userId)) ?? '')).toMatchObject({
      quota_warning_threshold: 350000,
      webhook_secret: 'bob-secret',
    });
    // A new secret replaces it.
    await put({
      notify_type: 'webhook',
      quota_warning_threshold: 350000,
      webhook_url: 'https://hooks.example.com/in',
      webhook_secret: ' bob-secret-2 ',
    });
    expect(JSON.parse((await storedSetting(bob.userId)) ?? '')).toMatchObject({
      webhook_secret: 'bob-secret-2',
    });

    // Switching to email replaces everything: the webhook fields are gone.
    await put({
      notify_type: 'email',
      quota_warning_threshold: 1.5,
      webhook_url: 'https://hooks.example.com/in',
      notification_email: 'bob@example.com',
    });
    expect(await storedSetting(bob.userId)).toBe(
      '{"accept_unset_model_ratio_model":false,"notification_email":"bob@example.com","notify_type":"email","quota_warning_threshold":1.5}',
    );
    expect(await secretShownAsSet()).toBe(false);
  });

  it('pays the registration gifts and invitation rewards with their log rows', async () => {
    await setOption('QuotaForNewUser', '1000');
    await setOption('QuotaForInvitee', '300');
    await setOption('QuotaForInviter', String(2 * UNIT));
    const inviter = await register('inviter');
    const affCode = (await harness.call(inviter, 'GET', '/api/user/aff')).json().data as string;
    const invitee = await register('invitee', affCode);

    expect((await balances(invitee.userId)).quota).toBe(1300);
    expect(await balances(inviter.userId)).toEqual({
      quota: 1000,
      aff_quota: 2 * UNIT,
      aff_count: 1,
      aff_history: 2 * UNIT,
    });
    const logs = await logDb()
      .selectFrom('logs')
      .select(['user_id', 'username', 'type', 'content'])
      .where('user_id', 'in', [inviter.userId, invitee.userId])
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      {
        user_id: inviter.userId,
        username: 'inviter',
        type: 4,
        content: '新用户注册赠送 ＄0.002000 额度',
      },
      {
        user_id: invitee.userId,
        username: 'invitee',
        type: 4,
        content: '新用户注册赠送 ＄0.002000 额度',
      },
      {
        user_id: invitee.userId,
        username: 'invitee',
        type: 4,
        content: '使用邀请码赠送 ＄0.000600 额度',
      },
      {
        user_id: inviter.userId,
        username: 'inviter',
        type: 4,
        content: '邀请用户赠送 ＄2.000000 额度',
      },
    ]);
    await setOption('QuotaForNewUser', '0');
    await setOption('QuotaForInvitee', '0');
    await setOption('QuotaForInviter', '0');
  });

  it('gives a new user a first token when GENERATE_DEFAULT_TOKEN is on', async () => {
    const carol = await register('carol');
    const tokens = await db()
      .selectFrom('tokens')
      .selectAll()
      .where('user_id', '=', carol.userId)
      .execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      name: 'carol的初始令牌',
      status: 1,
      remain_quota: 500000,
      expired_time: -1,
      used_quota: 0,
    });
    expect(Boolean(tokens[0].unlimited_quota)).toBe(true);
    expect(tokens[0].key).toMatch(/^[A-Za-z0-9]{48}$/);
    const listed = (await harness.call(carol, 'GET', '/api/token/?p=0&size=10')).json().data;
    expect(listed.map((token: { name: string }) => token.name)).toEqual(['carol的初始令牌']);
  });

  it('moves invitation reward into the balance by the rules of aff_transfer', async () => {
    const dave = await register('dave');
    await db()
      .updateTable('users')
      .set({ aff_quota: 3 * UNIT, quota: 10 })
      .where('id', '=', dave.userId)
      .execute();
    const logsBefore = await logDb()
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', dave.userId)
      .execute();
    const transfer = async (quota: unknown) =>
      (await harness.call(dave, 'POST', '/api/user/aff_transfer', { quota })).json();

    expect(await transfer(UNIT - 1)).toEqual({
      success: false,
      message: '划转失败 转移额度最小为＄1.000000 额度！',
    });
    expect(await transfer(4 * UNIT)).toEqual({
      success: false,
      message: '划转失败 邀请额度不足！',
    });
    expect((await transfer('lots')).success).toBe(false);
    expect(await transfer(UNIT)).toEqual({ success: true, message: '划转成功' });
    expect(await balances(dave.userId)).toMatchObject({ quota: UNIT + 10, aff_quota: 2 * UNIT });
    const self = (await harness.call(dave, 'GET', '/api/user/self')).json().data;
    expect(self).toMatchObject({ quota: UNIT + 10, aff_quota: 2 * UNIT });

    await setOption('DisplayInCurrencyEnabled', 'false');
    expect((await transfer(1)).message).toBe('划转失败 转移额度最小为500000 点额度！');
    await setOption('DisplayInCurrencyEnabled', 'true');

    // Two transfers at once of 1.5 units each against 2 units: exactly one goes through.
    await db()
      .updateTable('users')
      .set({ aff_quota: 2 * UNIT })
      .where('id', '=', dave.userId)
      .execute();
    const both = await Promise.all([transfer(1.5 * UNIT), transfer(1.5 * UNIT)]);
    expect(both.filter((answer) => answer.success)).toHaveLength(1);
    expect(both.find((answer) => !answer.success)?.message).toBe('划转失败 邀请额度不足！');
    expect(await balances(dave.userId)).toMatchObject({
      quota: 2.5 * UNIT + 10,
      aff_quota: 0.5 * UNIT,
    });

    // No log row for a transfer (as new-api).
    const logsAfter = await logDb()
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', dave.userId)
      .execute();
    expect(logsAfter).toHaveLength(logsBefore.length);
  });

  it('never takes the reward below zero, however many transfers race', async () => {
    const erin = await register('erin');
    await db()
      .updateTable('users')
      .set({ aff_quota: 3 * UNIT, quota: 0 })
      .where('id', '=', erin.userId)
      .execute();
    // Straight at the statement, many at once over the pool (PostgreSQL and MySQL really race).
    const results = await Promise.all(
      Array.from({ length: 12 }, () => moveAffQuotaToQuota(db(), erin.userId, UNIT)),
    );
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(await balances(erin.userId)).toMatchObject({ quota: 3 * UNIT, aff_quota: 0 });
  });
});

describe('registration without GENERATE_DEFAULT_TOKEN', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('creates no token', async () => {
    const response = await harness.call(undefined, 'POST', '/api/user/register', {
      username: 'frank',
      password: 'password123',
    });
    expect(response.json().success).toBe(true);
    const tokens = await harness.runtime.context.database.db
      .selectFrom('tokens')
      .select('id')
      .execute();
    expect(tokens).toHaveLength(0);
  });
});

describe('calls to unpriced models', () => {
  let fixture: RelayFixture;
  const chat = (apiKey: string) =>
    fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'mystery-model',
        messages: [{ role: 'user', content: 'hello' }],
      }),
    });

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
    await fixture.addChannel({
      name: 'mystery',
      models: 'mystery-model',
      model_mapping: JSON.stringify({ 'mystery-model': 'gpt-4o-mini' }),
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('are refused until the user accepts them, then billed at ratio 37.5', async () => {
    const refused = await chat(fixture.apiKey);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({
      code: 'model_price_error',
      message: expect.stringContaining('Model mystery-model has no ratio or price'),
    });

    const saved = await fixture.harness.call(fixture.root, 'PUT', '/api/user/setting', {
      notify_type: 'email',
      quota_warning_threshold: 1000,
      accept_unset_model_ratio_model: true,
    });
    expect(saved.json()).toEqual({ success: true, message: '设置已更新' });

    const accepted = await chat(fixture.apiKey);
    expect(accepted.status).toBe(200);
    const [log] = (await fixture.consumeLogs()).filter((row) => row.model_name === 'mystery-model');
    expect(JSON.parse(String(log.other))).toMatchObject({ model_ratio: 37.5 });
    expect(Number(log.quota)).toBeGreaterThan(0);
  });
});
