import { describe, expect, it } from 'vitest';
import { settingEditable, settingLimit, withSettingLimit } from './setting-limits';

describe('the call limits inside the setting text', () => {
  it('reads a limit, null when absent, not a number or the text not a JSON object', () => {
    const text = '{"thinking_to_content": true, "idle_timeout": 30}';
    expect(settingLimit(text, 'idle_timeout')).toBe(30);
    expect(settingLimit(text, 'max_concurrency')).toBeNull();
    expect(settingLimit('{"idle_timeout": "30"}', 'idle_timeout')).toBeNull();
    expect(settingLimit('{oops', 'idle_timeout')).toBeNull();
    expect(settingLimit('', 'idle_timeout')).toBeNull();
  });

  it('writes a limit, keeping the other keys; 0 or empty removes it', () => {
    const text = '{"proxy": "http://p:1"}';
    const withCap = withSettingLimit(text, 'max_concurrency', 4)!;
    expect(JSON.parse(withCap)).toEqual({ proxy: 'http://p:1', max_concurrency: 4 });
    expect(JSON.parse(withSettingLimit(withCap, 'max_concurrency', 0)!)).toEqual({
      proxy: 'http://p:1',
    });
    expect(withSettingLimit('{"idle_timeout": 5}', 'idle_timeout', null)).toBe('');
    expect(JSON.parse(withSettingLimit('', 'first_byte_timeout', 20)!)).toEqual({
      first_byte_timeout: 20,
    });
  });

  it('leaves a text that is not a JSON object alone', () => {
    expect(settingEditable('[1]')).toBe(false);
    expect(settingEditable('  ')).toBe(true);
    expect(withSettingLimit('{oops', 'idle_timeout', 5)).toBeNull();
  });
});
