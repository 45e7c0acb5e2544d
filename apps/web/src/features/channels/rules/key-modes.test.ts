import { describe, expect, it } from 'vitest';
import { newChannelValues } from './form-values';
import { createRequestOf, keyLineCount, takesSeveralKeys, updateRequestOf } from './key-modes';

const channel = { name: 'pool', key: 'k1\nk2\nk3', models: 'gpt-4o' };

describe('createRequestOf', () => {
  it('sends the mode, and the key selection only for one multi-key channel', () => {
    expect(createRequestOf(newChannelValues, channel)).toEqual({ mode: 'single', channel });
    expect(createRequestOf({ ...newChannelValues, create_mode: 'batch' }, channel)).toEqual({
      mode: 'batch',
      channel,
    });
    const multi = { ...newChannelValues, create_mode: 'multi_to_single' as const };
    expect(createRequestOf({ ...multi, multi_key_mode: 'polling' }, channel)).toEqual({
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel,
    });
  });
});

describe('updateRequestOf', () => {
  const multiKey = { ...newChannelValues, multi_key: true, multi_key_mode: 'polling' as const };

  it('sends a single-key channel as before', () => {
    expect(updateRequestOf(newChannelValues, 7, { name: 'a', key: 'k' })).toEqual({
      id: 7,
      name: 'a',
      key: 'k',
    });
  });

  it('adds the mode to a multi-key channel, and the key mode only with entered keys', () => {
    expect(updateRequestOf(multiKey, 7, { name: 'a' })).toEqual({
      id: 7,
      name: 'a',
      multi_key_mode: 'polling',
    });
    expect(updateRequestOf({ ...multiKey, key_mode: 'replace' }, 7, { key: 'k9' })).toEqual({
      id: 7,
      key: 'k9',
      multi_key_mode: 'polling',
      key_mode: 'replace',
    });
  });
});

describe('takesSeveralKeys and keyLineCount', () => {
  it('takes key lines when adding several, or editing a multi-key channel', () => {
    expect(takesSeveralKeys(newChannelValues, false)).toBe(false);
    expect(takesSeveralKeys({ ...newChannelValues, create_mode: 'batch' }, false)).toBe(true);
    expect(takesSeveralKeys({ ...newChannelValues, create_mode: 'batch' }, true)).toBe(false);
    expect(takesSeveralKeys({ ...newChannelValues, multi_key: true }, true)).toBe(true);
  });

  it('counts the non-empty lines', () => {
    expect(keyLineCount(' k1 \n\n k2\n  \nk3\n')).toBe(3);
    expect(keyLineCount('')).toBe(0);
  });
});
