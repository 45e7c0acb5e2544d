import { describe, expect, it } from 'vitest';
import {
  PREFILL_GROUP_ITEMS_INVALID,
  PREFILL_GROUP_TOO_MANY_ITEMS,
  checkPrefillGroupItems,
  checkPrefillGroupName,
  checkPrefillGroupType,
  storedItems,
} from './prefill-group-rules.js';

describe('prefill group rules', () => {
  it('trims items, drops empty ones and repeats, keeping the first place', () => {
    expect(checkPrefillGroupItems([' a ', 'b', 'a', '', '  '])).toEqual({
      ok: true,
      value: ['a', 'b'],
    });
    expect(checkPrefillGroupItems('["x","y"]')).toEqual({ ok: true, value: ['x', 'y'] });
    expect(checkPrefillGroupItems(undefined)).toEqual({ ok: true, value: [] });
    expect(checkPrefillGroupItems('')).toEqual({ ok: true, value: [] });
  });

  it('refuses what is not an array of short strings', () => {
    const refused = { ok: false, message: PREFILL_GROUP_ITEMS_INVALID };
    expect(checkPrefillGroupItems([1])).toEqual(refused);
    expect(checkPrefillGroupItems('a,b')).toEqual(refused);
    expect(checkPrefillGroupItems({ 0: 'a' })).toEqual(refused);
    expect(checkPrefillGroupItems(['x'.repeat(256)])).toEqual(refused);
    const many = Array.from({ length: 2001 }, (_, index) => `m${index}`);
    expect(checkPrefillGroupItems(many)).toEqual({
      ok: false,
      message: PREFILL_GROUP_TOO_MANY_ITEMS,
    });
  });

  it('counts name characters, not bytes, and knows the three types', () => {
    expect(checkPrefillGroupName('模'.repeat(64))).toMatchObject({ ok: true });
    expect(checkPrefillGroupName('模'.repeat(65))).toMatchObject({ ok: false });
    expect(checkPrefillGroupType(' tag ')).toEqual({ ok: true, value: 'tag' });
    expect(checkPrefillGroupType('models')).toMatchObject({ ok: false });
  });

  it('reads stored items leniently (rows written by another program)', () => {
    expect(storedItems('["a",1,"b"]')).toEqual(['a', 'b']);
    expect(storedItems('{"a":1}')).toEqual([]);
    expect(storedItems('not json')).toEqual([]);
    expect(storedItems(null)).toEqual([]);
  });
});
