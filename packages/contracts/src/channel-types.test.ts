import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPE, CHANNEL_TYPE_TABLE, channelTypeDefinition } from './channel-types.js';

describe('channel type table', () => {
  it('holds each id and key once, the 48 types of new-api that Tollgate knows', () => {
    const ids = CHANNEL_TYPE_TABLE.map((type) => type.id);
    const keys = CHANNEL_TYPE_TABLE.map((type) => type.key);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ids).toHaveLength(48);
    expect([...ids].sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: 27 }, (_, index) => index + 1),
      31,
      ...Array.from({ length: 16 }, (_, index) => index + 33),
      50,
      51,
      52,
      53,
    ]);
  });

  it('names ids by key, and finds definitions by id', () => {
    expect(CHANNEL_TYPE.anthropic).toBe(14);
    expect(CHANNEL_TYPE.openAi).toBe(1);
    expect(channelTypeDefinition(CHANNEL_TYPE.gemini)?.name).toBe('Gemini');
    expect(channelTypeDefinition(999)).toBeUndefined();
  });
});
