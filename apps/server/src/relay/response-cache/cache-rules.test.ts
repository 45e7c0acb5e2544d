import { describe, expect, it } from 'vitest';
import {
  clientCacheWishes,
  DEFAULT_CACHE_TTL_SECONDS,
  isReplayable,
  matchCacheRule,
  type ResponseCacheRules,
} from './cache-rules.js';

const subject = { model: 'gpt-4o-mini', group: 'default', tokenId: 7 };

describe('response cache rules', () => {
  it('takes the first rule that matches, absent lists matching anything', () => {
    const rules: ResponseCacheRules = [
      { models: ['gpt-4o'], ttl_seconds: 10 },
      { groups: ['vip'], ttl_seconds: 20 },
      { models: ['gpt-4o-mini'], token_ids: [7], ttl_seconds: 30, charge_ratio: 0.5 },
      { ttl_seconds: 40 },
    ];
    expect(matchCacheRule(rules, subject)).toEqual({
      ttlSeconds: 30,
      allowTemperature: false,
      chargeRatio: 0.5,
    });
    expect(matchCacheRule(rules, { ...subject, tokenId: 8 })?.ttlSeconds).toBe(40);
    expect(matchCacheRule(rules, { ...subject, group: 'vip' })?.ttlSeconds).toBe(20);
  });

  it('fills in defaults and matches nothing without rules', () => {
    expect(matchCacheRule([{}], subject)).toEqual({
      ttlSeconds: DEFAULT_CACHE_TTL_SECONDS,
      allowTemperature: false,
      chargeRatio: 0,
    });
    expect(matchCacheRule([], subject)).toBeUndefined();
    expect(matchCacheRule([{ groups: ['vip'] }], subject)).toBeUndefined();
  });

  it('replays only deterministic calls: temperature absent or 0 unless allowed, n at most 1', () => {
    expect(isReplayable({}, false)).toBe(true);
    expect(isReplayable({ temperature: 0, n: 1 }, false)).toBe(true);
    expect(isReplayable({ temperature: 0.7 }, false)).toBe(false);
    expect(isReplayable({ temperature: 0.7 }, true)).toBe(true);
    expect(isReplayable({ n: 2 }, true)).toBe(false);
    expect(isReplayable({ n: '1' }, true)).toBe(false);
  });

  it("reads the client's headers: off wins, no-cache skips the read, no-store both", () => {
    expect(clientCacheWishes(undefined, undefined)).toEqual({
      read: true,
      write: true,
      forced: false,
    });
    expect(clientCacheWishes('off', undefined)).toMatchObject({ read: false, write: false });
    expect(clientCacheWishes('OFF', 'no-cache')).toMatchObject({ read: false, write: false });
    expect(clientCacheWishes('on', undefined)).toEqual({ read: true, write: true, forced: true });
    expect(clientCacheWishes(undefined, 'max-age=0, no-cache')).toMatchObject({
      read: false,
      write: true,
    });
    expect(clientCacheWishes('on', 'No-Store')).toMatchObject({ read: false, write: false });
  });
});
