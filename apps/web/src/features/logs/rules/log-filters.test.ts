import { describe, expect, it } from 'vitest';
import {
  channelFilterValue,
  defaultLogFilters,
  defaultTimeRange,
  logFilterParams,
} from './log-filters';

describe('log filters', () => {
  it('default to the start of today until one hour from now', () => {
    const now = new Date(2030, 5, 15, 14, 30, 10).getTime();
    expect(defaultTimeRange(now)).toEqual({
      start: new Date(2030, 5, 15).getTime() / 1000,
      end: Math.floor(now / 1000) + 3600,
    });
  });

  it('read a channel id, anything else meaning any channel', () => {
    expect(channelFilterValue(' 12 ')).toBe(12);
    expect(channelFilterValue('')).toBe(0);
    expect(channelFilterValue('abc')).toBe(0);
  });

  it('send username and channel for admins only', () => {
    const filters = {
      ...defaultLogFilters(0),
      type: 2,
      startTimestamp: 100,
      endTimestamp: 200,
      tokenName: ' t ',
      modelName: 'gpt%',
      group: 'vip',
      channel: '3',
      username: 'root',
    };
    expect(logFilterParams(filters, false)).toEqual({
      type: 2,
      token_name: 't',
      model_name: 'gpt%',
      start_timestamp: 100,
      end_timestamp: 200,
      group: 'vip',
    });
    expect(logFilterParams(filters, true)).toMatchObject({ username: 'root', channel: 3 });
  });

  it('send the limit refusal filter only when one is chosen', () => {
    const filters = { ...defaultLogFilters(0), limitRefusal: 'token.rpm' as const };
    expect(logFilterParams(filters, false)).toMatchObject({ limit_refusal: 'token.rpm' });
    expect(logFilterParams(defaultLogFilters(0), true)).not.toHaveProperty('limit_refusal');
  });

  it('send cache_hit=1 or fallback=1 only when that routing filter is chosen', () => {
    const cacheHits = { ...defaultLogFilters(0), routing: 'cacheHit' as const };
    expect(logFilterParams(cacheHits, false)).toMatchObject({ cache_hit: 1 });
    expect(logFilterParams(cacheHits, true)).not.toHaveProperty('fallback');
    const fallbacks = { ...defaultLogFilters(0), routing: 'fallback' as const };
    expect(logFilterParams(fallbacks, true)).toMatchObject({ fallback: 1 });
    expect(logFilterParams(fallbacks, false)).not.toHaveProperty('cache_hit');
    const plain = logFilterParams(defaultLogFilters(0), true);
    expect(plain).not.toHaveProperty('cache_hit');
    expect(plain).not.toHaveProperty('fallback');
  });
});
