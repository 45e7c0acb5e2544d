import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppEvents } from './app-events.js';
import { bridgeEventsToRedis } from './redis-event-bridge.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('cache invalidation across nodes through Redis', () => {
  const connections: Redis[] = [];
  const stops: Array<() => void> = [];
  afterAll(() => {
    for (const stop of stops) stop();
    for (const connection of connections) connection.disconnect();
  });

  /** A node on TEST_REDIS_URL, or on database `db` of the same server. */
  async function node(db?: number) {
    const url = new URL(redisUrl!);
    if (db !== undefined) url.pathname = `/${db}`;
    const redis = new Redis(url.toString());
    connections.push(redis);
    const events = new AppEvents();
    stops.push(await bridgeEventsToRedis(events, redis));
    return events;
  }

  it('delivers an event from one node to the other exactly once, and not back to itself', async () => {
    const first = await node();
    const second = await node();
    const seenBySecond: unknown[] = [];
    const seenByFirst: unknown[] = [];
    second.on('user-changed', (payload) => seenBySecond.push(payload));
    first.on('user-changed', (payload) => seenByFirst.push(payload));
    first.emit('user-changed', { userId: 42 });
    await vi.waitFor(() => expect(seenBySecond).toHaveLength(1), { timeout: 10_000, interval: 10 });
    // A duplicate or an echo would arrive right behind the first delivery.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenBySecond).toEqual([{ userId: 42 }]);
    expect(seenByFirst).toEqual([{ userId: 42 }]);
  });

  it('keeps deployments on different databases of one Redis server apart', async () => {
    const db = new Redis(redisUrl!).options.db ?? 0;
    const other = db === 13 ? 12 : 13;
    const first = await node();
    const sameDatabase = await node();
    const otherDatabase = await node(other);
    const seenBySame: unknown[] = [];
    const seenByOther: unknown[] = [];
    sameDatabase.on('setup-completed', () => seenBySame.push('setup'));
    otherDatabase.on('setup-completed', () => seenByOther.push('setup'));
    first.emit('setup-completed');
    await vi.waitFor(() => expect(seenBySame).toHaveLength(1), { timeout: 10_000, interval: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByOther).toEqual([]);
  });
});
