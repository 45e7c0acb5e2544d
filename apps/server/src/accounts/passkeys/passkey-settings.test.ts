import { describe, expect, it } from 'vitest';
import type { OptionStore } from '../../options/option-store.js';
import { readPasskeySettings, requirePasskeySettings } from './passkey-settings.js';

function optionsOf(values: Record<string, string>): OptionStore {
  const all: Record<string, string> = {
    ServerAddress: 'https://gate.example.com',
    SystemName: 'Gate',
    'passkey.enabled': 'true',
    'passkey.rp_display_name': '',
    'passkey.rp_id': '',
    'passkey.origins': '',
    'passkey.allow_insecure_origin': 'false',
    'passkey.user_verification': 'preferred',
    'passkey.attachment_preference': '',
    ...values,
  };
  return {
    get: (key: string) => all[key] ?? '',
    getBoolean: (key: string) => all[key] === 'true',
  } as unknown as OptionStore;
}

describe('passkey settings', () => {
  it('follow ServerAddress and SystemName when left empty', () => {
    expect(readPasskeySettings(optionsOf({}))).toEqual({
      enabled: true,
      rpId: 'gate.example.com',
      rpName: 'Gate',
      origins: ['https://gate.example.com'],
      userVerification: 'preferred',
      attachment: '',
    });
  });

  it('take a comma list of origins and drop plain HTTP unless allowed (loopback is secure)', () => {
    const origins = 'https://a.example, http://b.example/, http://localhost:5173,,';
    expect(readPasskeySettings(optionsOf({ 'passkey.origins': origins })).origins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    const insecure = optionsOf({
      'passkey.origins': origins,
      'passkey.allow_insecure_origin': 'true',
    });
    expect(readPasskeySettings(insecure).origins).toHaveLength(3);
    expect(readPasskeySettings(optionsOf({ 'passkey.origins': '[]' })).origins).toEqual([
      'https://gate.example.com',
    ]);
  });

  it('use the configured relying party, verification and attachment', () => {
    const settings = readPasskeySettings(
      optionsOf({
        'passkey.rp_id': 'example.com',
        'passkey.rp_display_name': 'Example',
        'passkey.user_verification': 'required',
        'passkey.attachment_preference': 'platform',
      }),
    );
    expect(settings).toMatchObject({
      rpId: 'example.com',
      rpName: 'Example',
      userVerification: 'required',
      attachment: 'platform',
    });
  });

  it('refuse a ceremony when off or without a usable origin', () => {
    expect(() => requirePasskeySettings(optionsOf({ 'passkey.enabled': 'false' }))).toThrow(
      '管理员未启用 Passkey 登录',
    );
    expect(() =>
      requirePasskeySettings(optionsOf({ ServerAddress: 'http://gate.example.com' })),
    ).toThrow('Passkey 配置无效：没有可用的 HTTPS 来源');
  });
});
