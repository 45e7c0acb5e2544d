import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { ChannelRow } from '../db/schema.js';
import { ChannelCache } from './channel-cache.js';
import { ChannelSlots } from './channel-slots.js';

describe('ChannelSlots', () => {
  it('takes slots up to the cap, then queues; a release hands the slot to the oldest waiter', async () => {
    const slots = new ChannelSlots();
    const client = new EventEmitter();
    expect(slots.take(1, 2, 1000, client)).toBe('taken');
    expect(slots.take(1, 2, 1000, client)).toBe('taken');
    const first = slots.take(1, 2, 1000, client);
    const second = slots.take(1, 2, 1000, client);
    expect(slots.waiting(1)).toBe(2);
    slots.release(1);
    expect(await first).toBe('taken');
    expect(slots.inFlight(1)).toBe(2);
    slots.release(1);
    expect(await second).toBe('taken');
    slots.release(1);
    slots.release(1);
    expect(slots.inFlight(1)).toBe(0);
    expect(client.listenerCount('close')).toBe(0);
    // Releasing more than was taken changes nothing.
    slots.release(1);
    expect(slots.take(1, 1, 1000, client)).toBe('taken');
  });

  it('gives up a wait when it runs out or the client leaves, leaving the queue clean', async () => {
    const slots = new ChannelSlots();
    const client = new EventEmitter();
    expect(slots.take(7, 1, 1000, client)).toBe('taken');
    const startedAt = Date.now();
    expect(await slots.take(7, 1, 50, client)).toBe('timeout');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(45);
    const gone = slots.take(7, 1, 5000, client);
    client.emit('close');
    expect(await gone).toBe('gone');
    expect(slots.waiting(7)).toBe(0);
    expect(client.listenerCount('close')).toBe(0);
    slots.release(7);
    expect(slots.inFlight(7)).toBe(0);
  });
});

function row(id: number, setting: Record<string, unknown> | null): ChannelRow {
  return {
    id,
    type: 1,
    key: `key-${id}`,
    status: 1,
    name: `channel-${id}`,
    weight: 0,
    models: 'gpt-4o',
    group: 'default',
    priority: 0,
    auto_ban: 1,
    setting: setting === null ? null : JSON.stringify(setting),
  } as ChannelRow;
}

describe('routing around channels at their cap', () => {
  async function cacheOf(rows: ChannelRow[]) {
    const fakeDb = { selectFrom: () => ({ selectAll: () => ({ execute: async () => rows }) }) };
    const cache = new ChannelCache(fakeDb as never);
    const slots = new ChannelSlots();
    cache.useSlots(slots);
    await cache.refresh();
    return { cache, slots };
  }

  it('passes over a full channel while another of the tier is free', async () => {
    const { cache, slots } = await cacheOf([row(1, { max_concurrency: 1 }), row(2, null)]);
    expect(slots.take(1, 1, 1000, new EventEmitter())).toBe('taken');
    for (let draw = 0; draw < 200; draw += 1) {
      expect(cache.select('default', 'gpt-4o', 0)!.id).toBe(2);
    }
    slots.release(1);
    const picked = new Set<number>();
    for (let draw = 0; draw < 200; draw += 1) picked.add(cache.select('default', 'gpt-4o', 0)!.id);
    expect([...picked].sort()).toEqual([1, 2]);
  });

  it('still picks among full channels when the tier has no free one (the call then waits)', async () => {
    const { cache, slots } = await cacheOf([
      row(1, { max_concurrency: 1 }),
      row(2, { max_concurrency: 1 }),
      row(3, null),
    ]);
    const client = new EventEmitter();
    slots.take(1, 1, 1000, client);
    slots.take(2, 1, 1000, client);
    // Channel 3 just failed: the full ones are the tier's other choices.
    const picked = new Set<number>();
    for (let draw = 0; draw < 200; draw += 1) {
      picked.add(cache.select('default', 'gpt-4o', 1, Math.random, 3)!.id);
    }
    expect([...picked].sort()).toEqual([1, 2]);
  });
});
