import { describe, expect, it } from 'vitest';
import {
  billingPreferenceOf,
  readUserSetting,
  settingTextWithBillingPreference,
} from './user-setting.js';

describe('the billing preference in the user setting', () => {
  it('reads subscription_first unless a known preference is stored', () => {
    expect(billingPreferenceOf(readUserSetting(null))).toBe('subscription_first');
    expect(billingPreferenceOf(readUserSetting('{"billing_preference":"wallet_only"}'))).toBe(
      'wallet_only',
    );
    expect(billingPreferenceOf(readUserSetting('{"billing_preference":"cheapest"}'))).toBe(
      'subscription_first',
    );
    expect(billingPreferenceOf(readUserSetting('{"billing_preference":3}'))).toBe(
      'subscription_first',
    );
  });

  it('is written beside every other stored key, in key order', () => {
    const stored =
      '{"notify_type":"email","sidebar_modules":"x","billing_preference":"wallet_first"}';
    expect(settingTextWithBillingPreference(stored, 'subscription_only')).toBe(
      '{"billing_preference":"subscription_only","notify_type":"email","sidebar_modules":"x"}',
    );
    expect(settingTextWithBillingPreference('not json', 'wallet_first')).toBe(
      '{"billing_preference":"wallet_first"}',
    );
    expect(settingTextWithBillingPreference('', 'wallet_only')).toBe(
      '{"billing_preference":"wallet_only"}',
    );
  });
});
