import { describe, expect, it } from 'vitest';
import type { OptionStore } from '../options/option-store.js';
import {
  expiryProblem,
  isIpOrCidr,
  normaliseAllowIps,
  remainQuotaProblem,
  tokenGroupProblem,
  tokenNameProblem,
} from './token-input-rules.js';

function optionsWith(values: Record<string, unknown>): OptionStore {
  return {
    getJson: (key: string) => values[key],
    getBoolean: (key: string) => values[key] === true,
  } as unknown as OptionStore;
}

describe('token input rules', () => {
  it('measures names in UTF-8 bytes', () => {
    expect(tokenNameProblem('a'.repeat(30))).toBeUndefined();
    expect(tokenNameProblem('a'.repeat(31))).toBe('令牌名称过长');
    expect(tokenNameProblem('令'.repeat(10))).toBeUndefined();
    expect(tokenNameProblem('令'.repeat(11))).toBe('令牌名称过长');
  });

  it('accepts -1 or a future expiry', () => {
    expect(expiryProblem(-1, 1000)).toBeUndefined();
    expect(expiryProblem(1001, 1000)).toBeUndefined();
    expect(expiryProblem(1000, 1000)).toBeDefined();
    expect(expiryProblem(0, 1000)).toBeDefined();
  });

  it('refuses a negative quota only for limited tokens', () => {
    expect(remainQuotaProblem(-1, false)).toBe('额度值不能为负数');
    expect(remainQuotaProblem(-1, true)).toBeUndefined();
    expect(remainQuotaProblem(0, false)).toBeUndefined();
  });

  it('recognises addresses and CIDR ranges', () => {
    for (const good of ['1.2.3.4', '10.0.0.0/8', '0.0.0.0/0', '::1', '2001:db8::/32', '::/128']) {
      expect(isIpOrCidr(good), good).toBe(true);
    }
    for (const bad of [
      '1.2.3',
      '1.2.3.4/33',
      '::1/129',
      'example.com',
      '1.2.3.4/',
      '/8',
      '1.2.3.4/a',
    ]) {
      expect(isIpOrCidr(bad), bad).toBe(false);
    }
  });

  it('normalises the allow list to one entry per line', () => {
    expect(normaliseAllowIps(null)).toEqual({ ok: true, value: '' });
    expect(normaliseAllowIps(' 1.2.3.4 \r\n\n10.0.0.0/8, ::1\n')).toEqual({
      ok: true,
      value: '1.2.3.4\n10.0.0.0/8\n::1',
    });
    expect(normaliseAllowIps('1.2.3.4\nnot-an-ip')).toEqual({
      ok: false,
      message: 'IP 白名单格式错误：not-an-ip',
    });
    expect(normaliseAllowIps(Array(20).fill('192.168.100.100').join('\n'))).toEqual({
      ok: false,
      message: 'IP 白名单过长',
    });
  });

  it('allows the usable groups, and auto only when offered', () => {
    const options = optionsWith({ UserUsableGroups: { default: '默认分组', vip: 'vip分组' } });
    expect(tokenGroupProblem(options, 'default', '')).toBeUndefined();
    expect(tokenGroupProblem(options, 'default', 'vip')).toBeUndefined();
    expect(tokenGroupProblem(options, 'svip', 'svip')).toBeUndefined();
    expect(tokenGroupProblem(options, 'default', 'svip')).toBe('无权使用分组 svip');
    expect(tokenGroupProblem(options, 'default', 'auto')).toBe('无权使用分组 auto');
    expect(tokenGroupProblem(options, 'default', 'toString')).toBe('无权使用分组 toString');

    const withAutoDefault = optionsWith({
      UserUsableGroups: { default: '默认分组' },
      DefaultUseAutoGroup: true,
    });
    expect(tokenGroupProblem(withAutoDefault, 'default', 'auto')).toBeUndefined();
    const withAutoListed = optionsWith({ UserUsableGroups: { default: '默认分组', auto: '自动' } });
    expect(tokenGroupProblem(withAutoListed, 'default', 'auto')).toBeUndefined();
  });
});
