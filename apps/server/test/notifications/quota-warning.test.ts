import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import {
  SMTP_ACCOUNT,
  SMTP_PASSWORD,
  startSmtpPeer,
  startWebhookPeer,
  waitFor,
  type SmtpPeer,
  type WebhookPeer,
} from '../support/notification-peers.js';
import type { Session } from '../support/test-app.js';

const UNIT = 500_000;
const THRESHOLD = 200_000;
const TEMPLATE =
  "{{value}}，当前剩余额度为 {{value}}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='{{value}}'>{{value}}</a>";

/**
 * Quota warnings and root alerts end to end: relay calls through the mock upstream are charged,
 * the ledger's read-back balances cross a threshold, and a real SMTP server or webhook receiver
 * gets the notification.
 */
describe('quota warnings and channel alerts', () => {
  let fixture: RelayFixture;
  let smtp: SmtpPeer;
  let hooks: WebhookPeer;
  /** What one chat call through the mock upstream costs. */
  let callCost = 0;

  const context = () => fixture.harness.runtime.context;
  const warningMails = () =>
    smtp.delivered.filter((mail) => mail.mail.subject === '您的额度即将用尽');
  const setOption = async (key: string, value: string) => {
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key,
      value,
    });
    expect(response.json()).toMatchObject({ success: true });
  };
  const chat = async (apiKey: string, model = 'gpt-4o-mini') => {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hello' }] }),
    });
    await response.arrayBuffer();
    return response.status;
  };
  /** Waits until the call's charge is written and every check it caused has run. */
  const settled = async () => {
    await fixture.userQuota();
    await fixture.harness.runtime.notifications.quotaWarning.idle();
  };
  /** Sets a user's whole balance (after giving back every hold), as an operator would. */
  const setBalance = async (userId: number, quota: number) => {
    await settled();
    await context()
      .database.db.updateTable('users')
      .set({ quota })
      .where('id', '=', userId)
      .execute();
    context().events.emit('user-changed', { userId });
  };
  const saveSetting = async (session: Session, setting: Record<string, unknown>) => {
    const response = await fixture.harness.call(session, 'PUT', '/api/user/setting', setting);
    expect(response.json()).toEqual({ success: true, message: '设置已更新' });
  };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    hooks = await startWebhookPeer();
    fixture = await createRelayFixture('sqlite', {
      NOTIFY_ALLOW_HTTP_WEBHOOK: 'true',
      // The webhook receiver is on loopback: allowed explicitly, as an operator would.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    });
    for (const [key, value] of Object.entries({
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: SMTP_ACCOUNT,
      SMTPToken: SMTP_PASSWORD,
      SMTPFrom: 'noreply@example.com',
      SystemName: 'Tollgate 测试',
      ServerAddress: 'https://gate.example.com/',
      DisplayInCurrencyEnabled: 'true',
    })) {
      await setOption(key, value);
    }
    await saveSetting(fixture.root, {
      notify_type: 'email',
      quota_warning_threshold: THRESHOLD,
      notification_email: 'root-alerts@example.com',
    });
    // One call with a large balance: what a call costs, and no warning.
    await setBalance(fixture.root.userId, 100 * UNIT);
    expect(await chat(fixture.apiKey)).toBe(200);
    await settled();
    callCost = 100 * UNIT - (await fixture.userQuota());
    expect(callCost).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await fixture?.close();
    await smtp?.close();
    await hooks?.close();
  });

  it('sends nothing for a call that stays above the threshold', async () => {
    await setBalance(fixture.root.userId, THRESHOLD + 5 * callCost);
    expect(await chat(fixture.apiKey)).toBe(200);
    await settled();
    expect(await fixture.userQuota()).toBe(THRESHOLD + 4 * callCost);
    expect(smtp.delivered).toHaveLength(0);
  });

  it('mails the warning once a call takes the balance below the threshold', async () => {
    const start = THRESHOLD + Math.floor(callCost / 2);
    await setBalance(fixture.root.userId, start);
    expect(await chat(fixture.apiKey)).toBe(200);
    await settled();
    await waitFor(() => warningMails().length >= 1);
    const [mail] = warningMails();
    expect(mail.to).toEqual(['root-alerts@example.com']);
    expect(mail.user).toBe(SMTP_ACCOUNT);
    expect(mail.from).toBe('noreply@example.com');
    expect(mail.mail.from?.value[0]).toEqual({
      name: 'Tollgate 测试',
      address: 'noreply@example.com',
    });
    const balance = ((start - callCost) / UNIT).toFixed(6);
    expect(String(mail.mail.html).trim()).toBe(
      `您的额度即将用尽，当前剩余额度为 ＄${balance}，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://gate.example.com/topup'>https://gate.example.com/topup</a>`,
    );
  });

  it('sends at most NOTIFY_LIMIT_COUNT (2) warnings: the third within the hour is not sent', async () => {
    // Still below the threshold: the next charge warns again (the second of the hour)...
    expect(await chat(fixture.apiKey)).toBe(200);
    await settled();
    await waitFor(() => warningMails().length === 2);
    // ...and the one after is over the limit.
    expect(await chat(fixture.apiKey)).toBe(200);
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await settled();
    expect(warningMails()).toHaveLength(2);
    expect(await fixture.userQuota()).toBeLessThan(THRESHOLD);
  });

  it('posts a signed webhook to a user who asked for one', async () => {
    const response = await fixture.harness.call(undefined, 'POST', '/api/user/register', {
      username: 'hooked',
      password: 'password123',
    });
    expect(response.json().success).toBe(true);
    const user = await fixture.harness.login('hooked', 'password123');
    const created = await fixture.harness.call(user, 'POST', '/api/token/', {
      name: 'hooked-token',
      unlimited_quota: true,
    });
    expect(created.json().success).toBe(true);
    const token = await context()
      .database.db.selectFrom('tokens')
      .select('key')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    await saveSetting(user, {
      notify_type: 'webhook',
      quota_warning_threshold: THRESHOLD,
      webhook_url: `${hooks.url}/tollgate`,
      webhook_secret: 'hook-secret',
    });
    const start = THRESHOLD + Math.floor(callCost / 2);
    await setBalance(user.userId, start);
    const before = Math.floor(Date.now() / 1000);
    expect(await chat(`sk-${token.key}`)).toBe(200);
    await settled();
    await waitFor(() => hooks.received.length >= 1);

    const [hook] = hooks.received;
    expect(hook.path).toBe('/tollgate');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers.authorization).toBe('Bearer hook-secret');
    expect(hook.headers['x-webhook-signature']).toBe(
      createHmac('sha256', 'hook-secret').update(hook.body).digest('hex'),
    );
    const body = JSON.parse(hook.body);
    expect(body).toEqual({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      content: TEMPLATE,
      values: [
        '您的额度即将用尽',
        `＄${((start - callCost) / UNIT).toFixed(6)}`,
        'https://gate.example.com/topup',
        'https://gate.example.com/topup',
      ],
      timestamp: expect.any(Number),
    });
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(body.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // Nobody else was mailed for this user.
    expect(smtp.delivered.every((mail) => !mail.to.includes('hooked@example.com'))).toBe(true);
  });

  it('alerts the root user when a channel is disabled automatically', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const channelId = await fixture.addChannel({
      name: 'bad-key',
      key: 'sk-invalid',
      models: 'only-bad-model',
    });
    const ratios = JSON.parse(context().options.get('ModelRatio'));
    await context().options.update(
      'ModelRatio',
      JSON.stringify({ ...ratios, 'only-bad-model': 1 }),
    );
    expect(await chat(fixture.apiKey, 'only-bad-model')).toBe(401);

    const subject = `通道「bad-key」（#${channelId}）已被禁用`;
    await waitFor(() => smtp.delivered.some((mail) => mail.mail.subject === subject));
    const alert = smtp.delivered.find((mail) => mail.mail.subject === subject)!;
    expect(alert.to).toEqual(['root-alerts@example.com']);
    expect(alert.mail.html).toMatch(
      new RegExp(`^通道「bad-key」（#${channelId}）已被禁用，原因：.+`),
    );
  });
});
