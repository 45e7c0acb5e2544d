import { describe, expect, it } from 'vitest';
import {
  checkJsonField,
  normaliseBaseUrl,
  normaliseGroups,
  normaliseModels,
  normaliseTag,
  splitNames,
} from './channel-field-rules.js';

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('lists', () => {
  it('splits, trims and drops empty and repeated names', () => {
    expect(splitNames(' a, b,,a , c ,')).toEqual(['a', 'b', 'c']);
    expect(splitNames(['x ', ' x', 'y'])).toEqual(['x', 'y']);
    expect(splitNames(null)).toEqual([]);
  });

  it('checks model names', () => {
    expect(normaliseModels(' gpt-4o ,gpt-4o-mini,gpt-4o')).toBe('gpt-4o,gpt-4o-mini');
    expect(messageOf(() => normaliseModels(`ok,${'m'.repeat(256)}`))).toMatch(/^模型名称过长: m+$/);
    expect(normaliseModels('m'.repeat(255))).toHaveLength(255);
    expect(messageOf(() => normaliseModels('GPT-4o,gpt-4o'))).toBe('模型名称重复: gpt-4o');
  });

  it('checks groups against the 64-character column', () => {
    expect(normaliseGroups(['default', ' vip '])).toBe('default,vip');
    expect(messageOf(() => normaliseGroups('g'.repeat(40) + ',' + 'h'.repeat(30)))).toMatch(/64/);
    expect(messageOf(() => normaliseGroups('vip,VIP'))).toBe('分组名称重复: VIP');
  });
});

describe('JSON fields', () => {
  it('accepts empty text and JSON objects', () => {
    expect(checkJsonField('model_mapping', '  ')).toBe('');
    expect(checkJsonField('model_mapping', ' {"a": "b"} ')).toBe('{"a": "b"}');
    expect(checkJsonField('setting', '{"force_format": true}')).toBe('{"force_format": true}');
  });

  it('rejects invalid JSON, arrays and wrong value types with the field named', () => {
    expect(messageOf(() => checkJsonField('model_mapping', '{bad'))).toBe(
      '模型映射必须是合法的 JSON 对象',
    );
    expect(messageOf(() => checkJsonField('param_override', '[1]'))).toBe(
      '参数覆盖必须是合法的 JSON 对象',
    );
    expect(messageOf(() => checkJsonField('model_mapping', '{"a": 1}'))).toMatch(
      /^模型映射的值必须是字符串/,
    );
    expect(messageOf(() => checkJsonField('status_code_mapping', '{"429": 500}'))).toBe(
      '状态码复写必须形如 {"429": "500"}',
    );
    expect(checkJsonField('status_code_mapping', '{"429": "500"}')).toBe('{"429": "500"}');
    expect(messageOf(() => checkJsonField('other_info', 'null'))).toBe(
      '渠道附加信息必须是合法的 JSON 对象',
    );
  });
});

describe('addresses and tags', () => {
  it('strips trailing slashes and requires http(s)', () => {
    expect(normaliseBaseUrl(' https://api.example.com/v1// ')).toBe('https://api.example.com/v1');
    expect(normaliseBaseUrl('')).toBe('');
    expect(messageOf(() => normaliseBaseUrl('ftp://example.com'))).toMatch(/^API 地址无效/);
    expect(messageOf(() => normaliseBaseUrl('example.com'))).toMatch(/^API 地址无效/);
  });

  it('turns an empty tag into no tag', () => {
    expect(normaliseTag('  ')).toBeNull();
    expect(normaliseTag(' team ')).toBe('team');
  });
});
