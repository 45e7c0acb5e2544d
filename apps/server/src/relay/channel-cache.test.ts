import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../db/schema.js';
import { ChannelCache, toCachedChannel } from './channel-cache.js';
import { ChannelHealthBook } from './channel-health/channel-health-book.js';

function row(id: number, fields: Partial<ChannelRow>): ChannelRow {
  return {
    id,
    type: 1,
    key: `key-${id}`,
    openai_organization: null,
    test_model: null,
    status: 1,
    name: `channel-${id}`,
    weight: 0,
    created_time: 0,
    test_time: 0,
    response_time: 0,
    base_url: '',
    other: '',
    balance: 0,
    balance_updated_time: 0,
    models: 'gpt-4o',
    used_quota: 0,
    group: 'default',
    model_mapping: null,
    status_code_mapping: '',
    priority: 0,
    auto_ban: 1,
    other_info: '',
    tag: null,
    setting: null,
    param_override: null,
    ...fields,
  } as ChannelRow;
}

/** A cache indexed from rows without a database (refresh() reads them from `channels`). */
function cacheOf(rows: ChannelRow[]): ChannelCache {
  const fakeDb = { selectFrom: () => ({ selectAll: () => ({ execute: async () => rows }) }) };
  return new ChannelCache(fakeDb as never);
}

describe('channel selection', () => {
  it('honours weights (weight + 10) inside the top priority tier', async () => {
    const cache = cacheOf([
      row(1, { priority: 5, weight: 0 }),
      row(2, { priority: 5, weight: 30 }),
      row(3, { priority: 0, weight: 1000 }),
    ]);
    await cache.refresh();
    const counts = new Map<number, number>();
    const draws = 20_000;
    for (let draw = 0; draw < draws; draw += 1) {
      const channel = cache.select('default', 'gpt-4o', 0)!;
      counts.set(channel.id, (counts.get(channel.id) ?? 0) + 1);
    }
    expect(counts.get(3)).toBeUndefined();
    // Expected shares 10/50 and 40/50.
    expect(counts.get(1)! / draws).toBeCloseTo(0.2, 1);
    expect(counts.get(2)! / draws).toBeCloseTo(0.8, 1);
  });

  it('walks priority tiers on retries and reuses the lowest tier', async () => {
    const cache = cacheOf([
      row(1, { priority: 10 }),
      row(2, { priority: 5 }),
      row(3, { priority: 1 }),
    ]);
    await cache.refresh();
    expect(
      [0, 1, 2, 3, 7].map((attempt) => cache.select('default', 'gpt-4o', attempt)!.id),
    ).toEqual([1, 2, 3, 3, 3]);
  });

  it('routes by every group and model of a channel, skips disabled channels and drops a channel marked disabled at once', async () => {
    const cache = cacheOf([
      row(1, { group: 'default, vip', models: 'gpt-4o,gpt-4o-mini' }),
      row(2, { status: 2, models: 'gpt-4o-mini' }),
    ]);
    await cache.refresh();
    expect(cache.select('vip', 'gpt-4o-mini', 0)?.id).toBe(1);
    expect(cache.select('default', 'gpt-4o-mini', 0)?.id).toBe(1);
    expect(cache.has('default', 'claude')).toBe(false);
    cache.markStatus(1, 3);
    expect(cache.select('default', 'gpt-4o', 0)).toBeUndefined();
    expect(cache.getById(2)?.status).toBe(2);
  });

  it('parses the JSON columns once, ignoring invalid ones', () => {
    const channel = toCachedChannel(
      row(1, {
        model_mapping: '{"gpt-4o":"gpt-4o-2024-08-06"}',
        status_code_mapping: 'not json',
        param_override: '{"temperature":0}',
        setting: '{"force_format":true,"proxy":"http://proxy:8080"}',
        base_url: 'https://api.example.com/',
      }),
    );
    expect(channel.modelMapping).toEqual({ 'gpt-4o': 'gpt-4o-2024-08-06' });
    expect(channel.statusCodeMapping).toEqual({});
    expect(channel.paramOverride).toEqual({ temperature: 0 });
    expect(channel.setting).toMatchObject({ force_format: true, proxy: 'http://proxy:8080' });
    expect(channel.baseUrl).toBe('https://api.example.com');
  });
});

describe('channel selection with channel health', () => {
  async function healthyCache() {
    const cache = cacheOf([
      row(1, { priority: 5 }),
      row(2, { priority: 5 }),
      row(3, { priority: 0 }),
    ]);
    await cache.refresh();
    const clock = { now: 0 };
    const book = new ChannelHealthBook({ now: () => clock.now });
    book.settings = { ...book.settings, failureThreshold: 1, cooldownMs: 1_000 };
    cache.useHealth(book);
    return { cache, book, clock };
  }

  it('skips an open channel, then a tier whose channels are all open, and fails when all are', async () => {
    const { cache, book } = await healthyCache();
    book.record(1, 'gpt-4o', 'failure', 5);
    for (let draw = 0; draw < 50; draw += 1)
      expect(cache.select('default', 'gpt-4o', 0)?.id).toBe(2);
    book.record(2, 'gpt-4o', 'failure', 5);
    expect(cache.select('default', 'gpt-4o', 0)?.id).toBe(3);
    book.record(3, 'gpt-4o', 'unreachable', 5);
    expect(cache.select('default', 'gpt-4o', 0)).toBeUndefined();
    expect(cache.has('default', 'gpt-4o')).toBe(true);
  });

  it('avoids the channel that just failed while its tier has another', async () => {
    const { cache } = await healthyCache();
    for (let draw = 0; draw < 50; draw += 1) {
      expect(cache.select('default', 'gpt-4o', 0, Math.random, 1)?.id).toBe(2);
    }
  });

  it('sends the half-open probe first, once', async () => {
    const { cache, book, clock } = await healthyCache();
    book.record(1, 'gpt-4o', 'failure', 5);
    clock.now = 1_000;
    expect(cache.select('default', 'gpt-4o', 0, () => 0.99)?.id).toBe(1);
    for (let draw = 0; draw < 20; draw += 1)
      expect(cache.select('default', 'gpt-4o', 0)?.id).toBe(2);
  });
});
