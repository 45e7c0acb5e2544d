import { describe, expect, it } from 'vitest';
import { checkJsonField } from './channel-field-rules.js';
import { checkChannelSettingLimits } from './channel-setting-rules.js';

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('the call limits of a channel setting', () => {
  it('accepts whole numbers from 0 to each maximum, absent and null', () => {
    expect(() =>
      checkChannelSettingLimits({
        first_byte_timeout: 0,
        idle_timeout: 3600,
        total_timeout: 86_400,
        max_concurrency: 100_000,
      }),
    ).not.toThrow();
    expect(() => checkChannelSettingLimits({ thinking_to_content: true, proxy: '' })).not.toThrow();
    expect(() => checkChannelSettingLimits({ max_concurrency: null })).not.toThrow();
  });

  it('refuses negatives, fractions, strings and values past the maximum, naming key and range', () => {
    expect(messageOf(() => checkChannelSettingLimits({ first_byte_timeout: -1 }))).toBe(
      '渠道额外设置的 first_byte_timeout 必须是 0 到 3600 之间的整数（秒，0 表示不限制）',
    );
    expect(messageOf(() => checkChannelSettingLimits({ idle_timeout: 1.5 }))).toContain(
      'idle_timeout 必须是 0 到 3600',
    );
    expect(messageOf(() => checkChannelSettingLimits({ total_timeout: '30' }))).toContain(
      'total_timeout 必须是 0 到 86400',
    );
    expect(messageOf(() => checkChannelSettingLimits({ total_timeout: 86_401 }))).toContain(
      'total_timeout',
    );
    expect(messageOf(() => checkChannelSettingLimits({ max_concurrency: 100_001 }))).toBe(
      '渠道额外设置的 max_concurrency 必须是 0 到 100000 之间的整数（个并发调用，0 表示不限制）',
    );
    expect(messageOf(() => checkChannelSettingLimits({ max_concurrency: true }))).toContain(
      'max_concurrency',
    );
  });

  it('is checked with the setting field on save, the other JSON fields untouched', () => {
    expect(checkJsonField('setting', ' {"idle_timeout": 30, "max_concurrency": 2} ')).toBe(
      '{"idle_timeout": 30, "max_concurrency": 2}',
    );
    expect(messageOf(() => checkJsonField('setting', '{"idle_timeout": -5}'))).toContain(
      'idle_timeout',
    );
    expect(checkJsonField('param_override', '{"idle_timeout": -5}')).toBe('{"idle_timeout": -5}');
  });
});
