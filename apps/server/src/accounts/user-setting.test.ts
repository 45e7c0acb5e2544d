import { updateUserSettingRequestSchema } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import {
  buildUserSetting,
  hasWebhookSecret,
  readUserSetting,
  settingTextForClient,
  userSettingText,
  webhookUrlProblem,
} from './user-setting.js';

const request = (fields: Record<string, unknown>) => updateUserSettingRequestSchema.parse(fields);
const strict = { allowHttpWebhook: false };

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a refusal');
}

describe('user setting rules', () => {
  it("refuses what new-api refuses, with new-api's messages", () => {
    expect(messageOf(() => buildUserSetting(request({ notify_type: 'sms' }), {}, strict))).toBe(
      '无效的预警类型',
    );
    for (const threshold of [0, -5]) {
      const body = request({ notify_type: 'email', quota_warning_threshold: threshold });
      expect(messageOf(() => buildUserSetting(body, {}, strict))).toBe('预警阈值必须大于0');
    }
    const webhook = (url: string) =>
      request({ notify_type: 'webhook', quota_warning_threshold: 1, webhook_url: url });
    expect(messageOf(() => buildUserSetting(webhook(''), {}, strict))).toBe('Webhook地址不能为空');
    expect(messageOf(() => buildUserSetting(webhook('not a url'), {}, strict))).toBe(
      '无效的Webhook地址',
    );
    expect(messageOf(() => buildUserSetting(webhook('http://example.com/h'), {}, strict))).toBe(
      'Webhook地址必须以https://开头',
    );
    expect(messageOf(() => buildUserSetting(webhook('ftp://example.com/h'), {}, strict))).toBe(
      '无效的Webhook地址',
    );
    const email = request({
      notify_type: 'email',
      quota_warning_threshold: 1,
      notification_email: 'nobody',
    });
    expect(messageOf(() => buildUserSetting(email, {}, strict))).toBe('无效的邮箱地址');
  });

  it('accepts http webhooks only when allowed', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9/hook', true)).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:9/hook', false)).toBe(
      'Webhook地址必须以https://开头',
    );
    expect(webhookUrlProblem('https://example.com/hook', false)).toBeUndefined();
  });

  it('stores the fields of the chosen type only, and keeps the secret when none is sent', () => {
    const webhook = buildUserSetting(
      request({
        notify_type: 'webhook',
        quota_warning_threshold: 250000.5,
        webhook_url: ' https://example.com/hook ',
        webhook_secret: 'new-secret',
        notification_email: 'ignored@example.com',
        accept_unset_model_ratio_model: true,
      }),
      { webhook_secret: 'old-secret' },
      strict,
    );
    expect(webhook).toEqual({
      accept_unset_model_ratio_model: true,
      notify_type: 'webhook',
      quota_warning_threshold: 250000.5,
      webhook_url: 'https://example.com/hook',
      webhook_secret: 'new-secret',
    });
    const kept = buildUserSetting(
      request({
        notify_type: 'webhook',
        quota_warning_threshold: 1,
        webhook_url: 'https://example.com/hook',
      }),
      { webhook_secret: 'old-secret' },
      strict,
    );
    expect(kept.webhook_secret).toBe('old-secret');
    const email = buildUserSetting(
      request({
        notify_type: 'email',
        quota_warning_threshold: 7,
        webhook_url: 'https://example.com/hook',
        notification_email: 'me@example.com',
      }),
      { webhook_secret: 'old-secret' },
      strict,
    );
    expect(email).toEqual({
      accept_unset_model_ratio_model: false,
      notify_type: 'email',
      quota_warning_threshold: 7,
      notification_email: 'me@example.com',
    });
  });

  it('writes keys in alphabetical order, as Go encodes a map', () => {
    expect(
      userSettingText({
        webhook_url: 'https://x',
        notify_type: 'webhook',
        quota_warning_threshold: 5,
        accept_unset_model_ratio_model: false,
      }),
    ).toBe(
      '{"accept_unset_model_ratio_model":false,"notify_type":"webhook","quota_warning_threshold":5,"webhook_url":"https://x"}',
    );
  });

  it('reads stored text leniently and never shows the secret', () => {
    expect(readUserSetting('')).toEqual({});
    expect(readUserSetting('not json')).toEqual({});
    expect(readUserSetting('[1]')).toEqual({});
    expect(
      readUserSetting(
        '{"notify_type":"sms","quota_warning_threshold":"5","webhook_url":3,"accept_unset_model_ratio_model":true}',
      ),
    ).toEqual({ accept_unset_model_ratio_model: true });

    const stored =
      '{"notify_type":"webhook","quota_warning_threshold":5,"webhook_secret":"s3cr3t","webhook_url":"https://x"}';
    const shown = settingTextForClient(stored);
    expect(shown).not.toContain('s3cr3t');
    expect(JSON.parse(shown)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 5,
      webhook_url: 'https://x',
    });
    expect(settingTextForClient(null)).toBe('');
    expect(settingTextForClient('{"notify_type":"email"}')).toBe('{"notify_type":"email"}');
    expect(hasWebhookSecret(stored)).toBe(true);
    expect(hasWebhookSecret('{"notify_type":"webhook","webhook_secret":""}')).toBe(false);
    expect(hasWebhookSecret('{"notify_type":"webhook","webhook_secret":7}')).toBe(false);
    expect(hasWebhookSecret(null)).toBe(false);
    expect(hasWebhookSecret('not json')).toBe(false);
  });
});
