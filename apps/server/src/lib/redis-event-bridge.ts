import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { BRIDGED_EVENTS, type AppEventMap, type AppEvents } from './app-events.js';

/**
 * The pub/sub channel of the deployment using Redis database `db`. Redis delivers a message to
 * every subscriber of the server whatever database each selected, so two deployments sharing a
 * Redis server on different databases would otherwise act on each other's events (one's setup
 * completing, another's option changes).
 */
export function eventChannelOf(db: number | undefined): string {
  return `tollgate:events:${db ?? 0}`;
}

interface Envelope {
  node: string;
  name: keyof AppEventMap;
  args: unknown[];
}

/**
 * Shares cache invalidation across nodes through Redis pub/sub: a change made on one node
 * reaches the others' caches at once instead of after SYNC_FREQUENCY. Events received from other
 * nodes are emitted locally but not published again. Returns a function that stops the bridge.
 */
export async function bridgeEventsToRedis(events: AppEvents, redis: Redis): Promise<() => void> {
  const node = randomUUID();
  const channel = eventChannelOf(redis.options.db);
  const subscriber = redis.duplicate();
  let relaying = false;

  const publishers = BRIDGED_EVENTS.map((name) => {
    const listener = (...args: unknown[]) => {
      if (relaying) return;
      const envelope: Envelope = { node, name, args };
      void redis.publish(channel, JSON.stringify(envelope)).catch(() => {});
    };
    events.on(name, listener as never);
    return () => events.off(name, listener as never);
  });

  subscriber.on('message', (_channel: string, message: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message) as Envelope;
    } catch {
      return;
    }
    if (
      envelope.node === node ||
      !BRIDGED_EVENTS.includes(envelope.name) ||
      !Array.isArray(envelope.args)
    )
      return;
    relaying = true;
    try {
      (events.emit as (name: string, ...args: unknown[]) => boolean)(
        envelope.name,
        ...envelope.args,
      );
    } finally {
      relaying = false;
    }
  });
  await subscriber.subscribe(channel);

  return () => {
    for (const stop of publishers) stop();
    subscriber.disconnect();
  };
}
