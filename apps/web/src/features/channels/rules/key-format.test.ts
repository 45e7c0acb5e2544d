import { describe, expect, it } from 'vitest';
import { invalidKeys, keyFormatOf, keyFormatText } from './key-format';

describe('keyFormatOf', () => {
  it('states the formats of the spec', () => {
    expect(keyFormatText(keyFormatOf(15))).toBe('APIKey|SecretKey');
    expect(keyFormatText(keyFormatOf(18))).toBe('APPID|APISecret|APIKey');
    expect(keyFormatText(keyFormatOf(22))).toBe('APIKey-AppId');
    expect(keyFormatText(keyFormatOf(23))).toBe('AppId|SecretId|SecretKey');
    expect(keyFormatText(keyFormatOf(33))).toBe('Ak|Sk|Region');
    expect(keyFormatOf(41)).toEqual({ kind: 'json' });
    expect(keyFormatText(keyFormatOf(1))).toBeNull();
  });
});

describe('invalidKeys', () => {
  it('accepts anything for plain keys and empty input', () => {
    expect(invalidKeys(1, 'sk-anything', false)).toEqual([]);
    expect(invalidKeys(15, '  ', false)).toEqual([]);
  });

  it('checks the number of parts and that none is empty', () => {
    expect(invalidKeys(15, 'key|secret', false)).toEqual([]);
    expect(invalidKeys(15, 'key', false)).toEqual(['key']);
    expect(invalidKeys(15, 'key|', false)).toEqual(['key|']);
    expect(invalidKeys(18, 'app|secret|key', false)).toEqual([]);
    expect(invalidKeys(18, 'app|secret', false)).toEqual(['app|secret']);
    expect(invalidKeys(33, 'ak|sk|us-east-1', false)).toEqual([]);
    expect(invalidKeys(23, 'a|b|c|d', false)).toEqual(['a|b|c|d']);
  });

  it('wants Zhipu keys as id.secret', () => {
    expect(invalidKeys(16, 'abc123.s3cr3t', false)).toEqual([]);
    expect(invalidKeys(26, 'abc123.s3cr3t', false)).toEqual([]);
    expect(invalidKeys(26, 'abc123', false)).toEqual(['abc123']);
    expect(invalidKeys(26, 'abc.def.ghi', false)).toEqual(['abc.def.ghi']);
    expect(keyFormatText(keyFormatOf(16))).toBe('id.secret');
  });

  it('takes the FastGPT app id after the last dash', () => {
    expect(
      invalidKeys(22, 'fastgpt-0sp2gtvfdgyi4k30jwlgwf1i-64f335d84283f05518e9e041', false),
    ).toEqual([]);
    expect(invalidKeys(22, 'fastgpt', false)).toEqual(['fastgpt']);
    expect(invalidKeys(22, 'fastgpt-', false)).toEqual(['fastgpt-']);
  });

  it('checks every line in batch mode', () => {
    expect(invalidKeys(15, 'a|b\n\n c|d \nbroken', true)).toEqual(['broken']);
  });

  it('wants JSON credentials for Vertex AI', () => {
    expect(invalidKeys(41, '{"project_id":"p"}', false)).toEqual([]);
    expect(invalidKeys(41, 'not json', false)).toEqual(['not json']);
    expect(invalidKeys(41, '[{"a":1},{"b":2}]', true)).toEqual([]);
    expect(invalidKeys(41, '[{"a":1}, 3]', true)).toEqual(['[{"a":1}, 3]']);
    expect(invalidKeys(41, '{"a":1}', true)).toEqual([]);
  });
});
