import { describe, expect, it } from 'vitest';
import {
  clearKeyStatus,
  enabledKeyIndexes,
  keyPreview,
  markKeyAutoDisabled,
  newMultiKeyInfo,
  parseChannelInfo,
  primaryKey,
  removeKeys,
} from './multi-key-info.js';

describe('parseChannelInfo', () => {
  it('reads NULL, empty and malformed values as a single-key channel', () => {
    for (const text of [null, undefined, '', '[1]', '{oops']) {
      expect(parseChannelInfo(text)).toMatchObject({
        is_multi_key: false,
        multi_key_status_list: {},
        multi_key_mode: 'random',
      });
    }
  });

  it('reads new-api 1.0 values, dropping malformed entries and keeping unknown fields', () => {
    const info = parseChannelInfo(
      JSON.stringify({
        is_multi_key: true,
        multi_key_size: 3,
        multi_key_status_list: { '0': 2, '2': 3, '1': 'x' },
        multi_key_disabled_reason: { '2': 'invalid key', '0': 5 },
        multi_key_disabled_time: { '2': 1_700_000_000 },
        multi_key_polling_index: 1,
        multi_key_mode: 'polling',
        vertex_key_type: 'json',
      }),
    );
    expect(info).toEqual({
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_status_list: { '0': 2, '2': 3 },
      multi_key_disabled_reason: { '2': 'invalid key' },
      multi_key_disabled_time: { '2': 1_700_000_000 },
      multi_key_polling_index: 1,
      multi_key_mode: 'polling',
      vertex_key_type: 'json',
    });
    expect(enabledKeyIndexes(info, 3)).toEqual([1]);
  });
});

describe('key state changes', () => {
  it('marks a key auto-disabled and clears it again', () => {
    const info = newMultiKeyInfo(2, 'random');
    markKeyAutoDisabled(info, 1, 'quota exhausted', 42);
    expect(info.multi_key_status_list).toEqual({ '1': 3 });
    expect(info.multi_key_disabled_reason).toEqual({ '1': 'quota exhausted' });
    expect(info.multi_key_disabled_time).toEqual({ '1': 42 });
    clearKeyStatus(info, 1);
    expect(enabledKeyIndexes(info, 2)).toEqual([0, 1]);
    expect(info.multi_key_disabled_reason).toEqual({});
  });

  it('removes keys and shifts the later indexes down', () => {
    const info = newMultiKeyInfo(4, 'polling');
    info.multi_key_polling_index = 3;
    markKeyAutoDisabled(info, 0, 'gone', 1);
    info.multi_key_status_list['3'] = 2;
    markKeyAutoDisabled(info, 2, 'later', 2);
    const kept = removeKeys(info, ['a', 'b', 'c', 'd'], new Set([0]));
    expect(kept).toEqual(['b', 'c', 'd']);
    expect(info).toMatchObject({
      multi_key_size: 3,
      multi_key_status_list: { '1': 3, '2': 2 },
      multi_key_disabled_reason: { '1': 'later' },
      multi_key_disabled_time: { '1': 2 },
      multi_key_polling_index: 0,
    });
  });

  it('previews at most 10 characters and never more than half a key', () => {
    expect(keyPreview('sk-abcdefghijklmnopqrst')).toBe('sk-abcdefg...');
    expect(keyPreview('sk-short')).toBe('sk-s...');
  });
});

describe('primaryKey', () => {
  it('is the first enabled key of a multi-key channel, the whole key of another', () => {
    const info = JSON.stringify({ is_multi_key: true, multi_key_status_list: { '0': 3 } });
    expect(primaryKey('sk-a\nsk-b\nsk-c', info)).toBe('sk-b');
    expect(primaryKey(' sk-a\nsk-b ', null)).toBe('sk-a\nsk-b');
  });
});
