import { describe, expect, it } from 'vitest';
import {
  isHttpsUrl,
  notificationFormValuesOf,
  readNotificationForm,
  type NotificationFormValues,
} from './notification-form';
import { thresholdPresets } from './threshold-presets';
import { parseUserSetting } from './user-setting';

const emailForm: NotificationFormValues = {
  notifyType: 'email',
  threshold: 500000,
  webhookUrl: '',
  webhookSecret: '',
  notificationEmail: '',
};
const webhookForm: NotificationFormValues = {
  ...emailForm,
  notifyType: 'webhook',
  webhookUrl: 'https://hooks.example.com/quota',
};

describe('notification form values', () => {
  it('start from the stored setting with an empty secret field', () => {
    const setting = parseUserSetting(
      '{"notify_type":"webhook","quota_warning_threshold":1000000,' +
        '"webhook_url":"https://h.example.com","webhook_secret":"kept"}',
    );
    expect(notificationFormValuesOf(setting)).toEqual({
      notifyType: 'webhook',
      threshold: 1000000,
      webhookUrl: 'https://h.example.com',
      webhookSecret: '',
      notificationEmail: '',
    });
  });

  it('round a fractional stored threshold to a whole amount of at least 1', () => {
    expect(
      notificationFormValuesOf(parseUserSetting('{"quota_warning_threshold":2500.6}')).threshold,
    ).toBe(2501);
    expect(
      notificationFormValuesOf(parseUserSetting('{"quota_warning_threshold":0.3}')).threshold,
    ).toBe(1);
  });
});

describe('readNotificationForm', () => {
  it('accepts email with no address (the account email is used)', () => {
    expect(readNotificationForm(emailForm)).toEqual({
      ok: true,
      setting: {
        notifyType: 'email',
        quotaWarningThreshold: 500000,
        webhookUrl: '',
        notificationEmail: '',
      },
      webhookSecret: '',
    });
  });

  it('trims and accepts a valid notification email', () => {
    const result = readNotificationForm({ ...emailForm, notificationEmail: ' ops@example.com ' });
    expect(result.ok && result.setting.notificationEmail).toBe('ops@example.com');
  });

  it('refuses a malformed notification email', () => {
    for (const notificationEmail of ['ops', 'ops@', '@example.com', 'a b@example.com', 'a@b']) {
      expect(readNotificationForm({ ...emailForm, notificationEmail })).toEqual({
        ok: false,
        field: 'notificationEmail',
        problem: 'emailInvalid',
      });
    }
  });

  it('refuses an empty, zero, negative or fractional threshold', () => {
    for (const threshold of [null, 0, -1, 0.5, Number.NaN]) {
      expect(readNotificationForm({ ...emailForm, threshold })).toEqual({
        ok: false,
        field: 'threshold',
        problem: 'thresholdInvalid',
      });
    }
  });

  it('needs a webhook URL for webhook notifications', () => {
    expect(readNotificationForm({ ...webhookForm, webhookUrl: '  ' })).toEqual({
      ok: false,
      field: 'webhookUrl',
      problem: 'webhookUrlRequired',
    });
  });

  it('refuses a webhook URL that is not https', () => {
    for (const webhookUrl of [
      'http://hooks.example.com',
      'hooks.example.com',
      'ftp://x.y',
      'https://',
    ]) {
      expect(readNotificationForm({ ...webhookForm, webhookUrl })).toEqual({
        ok: false,
        field: 'webhookUrl',
        problem: 'webhookUrlHttps',
      });
    }
  });

  it('takes an http:// webhook URL only when the server accepts them', () => {
    const webhookUrl = 'http://127.0.0.1:8080/quota';
    expect(readNotificationForm({ ...webhookForm, webhookUrl }).ok).toBe(false);
    const allowed = readNotificationForm(
      { ...webhookForm, webhookUrl },
      { allowHttpWebhook: true },
    );
    expect(allowed.ok && allowed.setting.webhookUrl).toBe(webhookUrl);
    for (const other of ['hooks.example.com', 'ftp://x.y', 'http://']) {
      expect(
        readNotificationForm({ ...webhookForm, webhookUrl: other }, { allowHttpWebhook: true }),
      ).toEqual({ ok: false, field: 'webhookUrl', problem: 'webhookUrlHttps' });
    }
  });

  it('passes a typed secret on and ignores the hidden email field', () => {
    const result = readNotificationForm({
      ...webhookForm,
      webhookSecret: 'new-secret',
      notificationEmail: 'not an email',
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.webhookSecret).toBe('new-secret');
      expect(result.setting.webhookUrl).toBe('https://hooks.example.com/quota');
    }
  });
});

describe('isHttpsUrl', () => {
  it('accepts https URLs with a host, port and path', () => {
    expect(isHttpsUrl('https://hooks.example.com:8443/a?b=c')).toBe(true);
    expect(isHttpsUrl('HTTPS://EXAMPLE.COM')).toBe(true);
  });
});

describe('thresholdPresets', () => {
  it('are the spec quota values, labelled in dollars by the quota per unit', () => {
    expect(thresholdPresets({ quotaPerUnit: 500000, displayInCurrency: true })).toEqual([
      { value: 100000, label: '$0.20' },
      { value: 500000, label: '$1.00' },
      { value: 1000000, label: '$2.00' },
      { value: 5000000, label: '$10.00' },
    ]);
  });

  it('are labelled as quota when currency display is off', () => {
    expect(
      thresholdPresets({ quotaPerUnit: 500000, displayInCurrency: false }).map(
        (preset) => preset.label,
      ),
    ).toEqual(['100.0k', '500.0k', '1.0M', '5.0M']);
  });
});
