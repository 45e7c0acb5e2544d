import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import { channelStatusNotification } from './channel-alerts.js';
import { escapeHtml } from '../lib/escape-html.js';
import { renderNotificationContent } from './notification.js';
import {
  QUOTA_WARNING_CONTENT,
  quotaWarningNotification,
  warningThreshold,
} from './quota-warning.js';

describe('notification content', () => {
  it('fills placeholders in order and leaves extra ones', () => {
    expect(renderNotificationContent('{{value}} and {{value}}', ['a', 2])).toBe('a and 2');
    expect(renderNotificationContent('{{value}}, {{value}}', ['only'])).toBe('only, {{value}}');
    expect(renderNotificationContent('no placeholder', ['x'])).toBe('no placeholder');
    // A value that contains the placeholder is not filled by the next value.
    expect(renderNotificationContent('{{value}}|{{value}}', ['{{value}}', 'b'])).toBe(
      '{{value}}|b',
    );
  });

  it('escapes markup in names and reasons', () => {
    expect(escapeHtml(`<b>"x" & 'y'</b>`)).toBe(
      '&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;',
    );
  });

  it("builds the root's channel alerts", () => {
    expect(
      channelStatusNotification({ channelId: 7, status: 3, reason: 'bad <key>' }, 'main'),
    ).toEqual({
      type: 'channel_update_7_3',
      title: '通道「main」（#7）已被禁用',
      content: '通道「main」（#7）已被禁用，原因：bad &lt;key&gt;',
      values: [],
    });
    expect(channelStatusNotification({ channelId: 7, status: 1, reason: '' }, 'main')).toEqual({
      type: 'channel_update_7_1',
      title: '通道「main」（#7）已被启用',
      content: '通道「main」（#7）已被启用',
      values: [],
    });
  });
});

describe('quota warning', () => {
  let options: OptionStore;
  let sqlite: BetterSqlite3.Database;

  beforeAll(async () => {
    sqlite = new BetterSqlite3(':memory:');
    sqlite.exec('CREATE TABLE options (key text primary key, value text)');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    options = createOptionStore({ db, dialect: 'sqlite' });
    await options.load();
    await options.update('ServerAddress', 'https://gate.example.com/');
  });
  afterAll(() => {
    options.stop();
    sqlite.close();
  });

  it('sends the template unchanged with the values that fill it', async () => {
    await options.update('DisplayInCurrencyEnabled', 'true');
    const notification = quotaWarningNotification(123_456, options);
    expect(notification).toEqual({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      content: QUOTA_WARNING_CONTENT,
      values: [
        '您的额度即将用尽',
        '＄0.246912',
        'https://gate.example.com/topup',
        'https://gate.example.com/topup',
      ],
    });
    expect(notification.content).toContain('{{value}}');
    expect(renderNotificationContent(notification.content, notification.values)).toBe(
      "您的额度即将用尽，当前剩余额度为 ＄0.246912，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='https://gate.example.com/topup'>https://gate.example.com/topup</a>",
    );
    await options.update('DisplayInCurrencyEnabled', 'false');
    expect(quotaWarningNotification(42, options).values[1]).toBe('42');
  });

  it("uses the user's threshold, else QuotaRemindThreshold", async () => {
    await options.update('QuotaRemindThreshold', '777');
    expect(warningThreshold({}, options)).toBe(777);
    expect(warningThreshold({ quota_warning_threshold: 5 }, options)).toBe(5);
  });
});
