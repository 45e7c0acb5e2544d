import { describe, expect, it } from 'vitest';
import { multiKeyCounts, toKeyStatusPage, toMultiKeyInfo } from './multi-key';

const info = {
  is_multi_key: true,
  multi_key_size: 4,
  multi_key_status_list: { '1': 2, '3': 3 },
  multi_key_disabled_reason: { '3': 'invalid key' },
  multi_key_disabled_time: { '3': 1_700_000_000 },
  multi_key_polling_index: 2,
  multi_key_mode: 'polling',
};

describe('toMultiKeyInfo', () => {
  it('keeps a multi-key channel info and nothing of a single-key one', () => {
    expect(toMultiKeyInfo(info)).toEqual(info);
    expect(toMultiKeyInfo({ ...info, is_multi_key: false })).toBeUndefined();
    expect(toMultiKeyInfo(undefined)).toBeUndefined();
    expect(toMultiKeyInfo('{"is_multi_key":true}')).toBeUndefined();
  });

  it('drops odd entries and falls back to random', () => {
    const odd = toMultiKeyInfo({
      is_multi_key: true,
      multi_key_size: 'x',
      multi_key_status_list: { '0': 'off', '1': 2 },
      multi_key_disabled_reason: { '1': 5 },
      multi_key_mode: 'weighted',
    });
    expect(odd).toMatchObject({
      multi_key_size: 0,
      multi_key_status_list: { '1': 2 },
      multi_key_disabled_reason: {},
      multi_key_mode: 'random',
    });
  });
});

describe('multiKeyCounts', () => {
  it('counts every key absent from the status map (or at status 1) as enabled', () => {
    expect(multiKeyCounts(toMultiKeyInfo(info)!)).toEqual({ enabled: 2, total: 4 });
    const all = toMultiKeyInfo({ ...info, multi_key_status_list: { '0': 1 } })!;
    expect(multiKeyCounts(all)).toEqual({ enabled: 4, total: 4 });
  });

  it('ignores states of indexes outside the keys', () => {
    const stale = toMultiKeyInfo({
      ...info,
      multi_key_size: 2,
      multi_key_status_list: { '0': 2, '5': 3, x: 2 },
    })!;
    expect(multiKeyCounts(stale)).toEqual({ enabled: 1, total: 2 });
  });
});

describe('toKeyStatusPage', () => {
  it('reads a get_key_status answer', () => {
    const page = toKeyStatusPage({
      keys: [
        { index: 0, status: 1, key_preview: 'sk-abcdefg...' },
        { index: 3, status: 3, key_preview: 'sk-zzz...', reason: 'bad', disabled_time: 17 },
        { status: 1 },
      ],
      total: 2,
      page: 1,
      page_size: 10,
      total_pages: 1,
      enabled_count: 2,
      manual_disabled_count: 1,
      auto_disabled_count: 1,
    });
    expect(page.keys).toEqual([
      { index: 0, status: 1, key_preview: 'sk-abcdefg...' },
      { index: 3, status: 3, key_preview: 'sk-zzz...', reason: 'bad', disabled_time: 17 },
    ]);
    expect(page).toMatchObject({ total: 2, enabled_count: 2, auto_disabled_count: 1 });
  });

  it('turns an odd answer into an empty first page', () => {
    expect(toKeyStatusPage(null)).toMatchObject({ keys: [], total: 0, page: 1, total_pages: 1 });
  });
});
