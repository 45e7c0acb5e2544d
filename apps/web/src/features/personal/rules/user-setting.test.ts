import { describe, expect, it } from 'vitest';
import {
  defaultUserSetting,
  hasStoredWebhookSecret,
  parseUserSetting,
  userSettingRequest,
} from './user-setting';

describe('parseUserSetting', () => {
  it('reads a complete setting', () => {
    const text = JSON.stringify({
      notify_type: 'webhook',
      quota_warning_threshold: 1000000,
      webhook_url: 'https://hooks.example.com/quota',
      webhook_secret: 'never shown',
      notification_email: 'ops@example.com',
      accept_unset_model_ratio_model: true,
    });
    expect(parseUserSetting(text)).toEqual({
      notifyType: 'webhook',
      quotaWarningThreshold: 1000000,
      webhookUrl: 'https://hooks.example.com/quota',
      notificationEmail: 'ops@example.com',
      acceptUnsetModelRatioModel: true,
    });
  });

  it('never carries the webhook secret', () => {
    const setting = parseUserSetting('{"notify_type":"webhook","webhook_secret":"s3cret"}');
    expect(JSON.stringify(setting)).not.toContain('s3cret');
  });

  it('gives the defaults, with a 100000 threshold, when there is no readable setting', () => {
    for (const text of [undefined, null, 42, '', '   ', 'not json', '[1,2]', 'null', '"text"']) {
      expect(parseUserSetting(text)).toEqual(defaultUserSetting());
    }
    expect(defaultUserSetting().quotaWarningThreshold).toBe(100000);
  });

  it('uses 500000 when a stored setting has no usable threshold', () => {
    expect(parseUserSetting('{"notify_type":"email"}').quotaWarningThreshold).toBe(500000);
    expect(parseUserSetting('{"quota_warning_threshold":0}').quotaWarningThreshold).toBe(500000);
    expect(parseUserSetting('{"quota_warning_threshold":-5}').quotaWarningThreshold).toBe(500000);
    expect(parseUserSetting('{"quota_warning_threshold":"abc"}').quotaWarningThreshold).toBe(
      500000,
    );
    expect(parseUserSetting('{"quota_warning_threshold":""}').quotaWarningThreshold).toBe(500000);
  });

  it('accepts a threshold stored as numeric text', () => {
    expect(parseUserSetting('{"quota_warning_threshold":"250000"}').quotaWarningThreshold).toBe(
      250000,
    );
  });

  it('falls back field by field on wrong types', () => {
    const text = JSON.stringify({
      notify_type: 'sms',
      quota_warning_threshold: 300000,
      webhook_url: 12,
      notification_email: ['a@b.c'],
      accept_unset_model_ratio_model: 'true',
    });
    expect(parseUserSetting(text)).toEqual({
      notifyType: 'email',
      quotaWarningThreshold: 300000,
      webhookUrl: '',
      notificationEmail: '',
      acceptUnsetModelRatioModel: false,
    });
  });
});

describe('userSettingRequest', () => {
  const setting = parseUserSetting(
    JSON.stringify({
      notify_type: 'webhook',
      quota_warning_threshold: 5000000,
      webhook_url: 'https://hooks.example.com/quota',
      accept_unset_model_ratio_model: true,
    }),
  );

  it('sends every field, with an empty secret by default (the stored one is kept)', () => {
    expect(userSettingRequest(setting)).toEqual({
      notify_type: 'webhook',
      quota_warning_threshold: 5000000,
      webhook_url: 'https://hooks.example.com/quota',
      webhook_secret: '',
      notification_email: '',
      accept_unset_model_ratio_model: true,
    });
  });

  it('sends a new secret when one is typed', () => {
    expect(userSettingRequest(setting, 'new-secret').webhook_secret).toBe('new-secret');
  });

  it('round-trips through the stored text', () => {
    const request = userSettingRequest(setting);
    expect(parseUserSetting(JSON.stringify(request))).toEqual(setting);
  });
});

describe('hasStoredWebhookSecret', () => {
  const setting = '{"notify_type":"webhook","webhook_url":"https://hooks.example.com/in"}';

  it('follows the server, which leaves the secret out of the setting', () => {
    expect(hasStoredWebhookSecret({ setting, webhook_secret_set: true })).toBe(true);
    expect(hasStoredWebhookSecret({ setting, webhook_secret_set: false })).toBe(false);
    expect(hasStoredWebhookSecret({ setting: '', webhook_secret_set: false })).toBe(false);
  });

  it('also sees a secret a server sent inside the setting text', () => {
    const withSecret = '{"notify_type":"webhook","webhook_secret":"s3cret"}';
    expect(hasStoredWebhookSecret({ setting: withSecret, webhook_secret_set: false })).toBe(true);
    const blank = '{"notify_type":"webhook","webhook_secret":""}';
    expect(hasStoredWebhookSecret({ setting: blank, webhook_secret_set: false })).toBe(false);
  });
});
