import { describe, expect, it } from 'vitest';
import { dropEnabledKey, pickKeyIndex, readMultiKeyState } from './multi-key.js';

const info = (fields: Record<string, unknown>) =>
  JSON.stringify({ is_multi_key: true, multi_key_size: 3, ...fields });

describe('readMultiKeyState', () => {
  it('is undefined for single-key channels (no channel_info, or not multi-key)', () => {
    expect(readMultiKeyState(null, 'sk-a')).toBeUndefined();
    expect(readMultiKeyState('', 'sk-a')).toBeUndefined();
    expect(readMultiKeyState('{"is_multi_key":false}', 'sk-a\nsk-b')).toBeUndefined();
    expect(readMultiKeyState('not json is_multi_key', 'sk-a')).toBeUndefined();
  });

  it('reads the key lines, the enabled indexes, the mode and the stored polling index', () => {
    const state = readMultiKeyState(
      info({
        multi_key_status_list: { '1': 3 },
        multi_key_mode: 'polling',
        multi_key_polling_index: 5,
      }),
      ' sk-a \n\nsk-b\nsk-c',
    );
    expect(state).toEqual({
      keys: ['sk-a', 'sk-b', 'sk-c'],
      enabled: [0, 2],
      mode: 'polling',
      cursor: 2,
    });
  });
});

describe('pickKeyIndex', () => {
  it('random: uniform over the enabled keys', () => {
    const state = readMultiKeyState(info({ multi_key_status_list: { '0': 2 } }), 'a\nb\nc')!;
    expect(pickKeyIndex(state, undefined, () => 0)).toBe(1);
    expect(pickKeyIndex(state, undefined, () => 0.99)).toBe(2);
    const seen = new Set<number>();
    for (let pick = 0; pick < 100; pick += 1) seen.add(pickKeyIndex(state, undefined)!);
    expect(seen).toEqual(new Set([1, 2]));
  });

  it('polling: in turn over the enabled keys, wrapping round', () => {
    const state = readMultiKeyState(info({ multi_key_mode: 'polling' }), 'a\nb\nc\nd')!;
    const picks = Array.from({ length: 6 }, () => pickKeyIndex(state, undefined));
    expect(picks).toEqual([0, 1, 2, 3, 0, 1]);
    dropEnabledKey(state, 3);
    expect(Array.from({ length: 4 }, () => pickKeyIndex(state, undefined))).toEqual([2, 0, 1, 2]);
  });

  it('skips the keys this call already tried; undefined when none is left', () => {
    const state = readMultiKeyState(info({ multi_key_mode: 'polling' }), 'a\nb\nc')!;
    expect(pickKeyIndex(state, new Set([0, 1]))).toBe(2);
    expect(pickKeyIndex(state, new Set([0, 1, 2]))).toBeUndefined();
    const random = readMultiKeyState(info({}), 'a\nb\nc')!;
    expect(pickKeyIndex(random, new Set([0, 2]), () => 0.5)).toBe(1);
    dropEnabledKey(random, 1);
    expect(pickKeyIndex(random, new Set([0, 2]))).toBeUndefined();
  });
});
