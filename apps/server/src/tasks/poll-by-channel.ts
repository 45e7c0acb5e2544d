import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { CachedChannel } from '../relay/channel-cache.js';
import type { RelayServices } from '../relay/relay-services.js';
import { missingChannelReason } from './task-refund.js';

/** Channels polled at once (each with its own timeout). */
export const POLL_CONCURRENCY = 4;
/** Task ids per upstream list request. */
export const POLL_BATCH = 100;
/** Unfinished tasks loaded per round and table. */
export const POLL_LIMIT = 500;
/** How long one upstream poll may take. */
export const POLL_TIMEOUT_MS = 15_000;

/** What one kind of task (a table of unfinished rows) tells the shared polling loop. */
export interface ChannelPollPlan<Row extends { channel_id: number | null }> {
  /** Names the poller in error reports ("midjourney", "suno"). */
  label: string;
  /** The upstream task id of a row; a row without one can never finish and is refunded. */
  upstreamId(row: Row): string | null | undefined;
  /** Fails the row and refunds its quota once. */
  refund(row: Row, reason: string): Promise<unknown>;
  /** Asks the channel about up to `POLL_BATCH` rows and applies what it answers. */
  pollBatch(channel: CachedChannel, batch: Row[]): Promise<void>;
}

/**
 * One polling round over `rows`: rows without an upstream id and rows whose channel is gone or
 * disabled are refunded; the rest are polled per channel (`POLL_CONCURRENCY` channels at once) in
 * batches of `POLL_BATCH`. A failing channel is reported and does not stop the others.
 */
export async function pollRowsByChannel<Row extends { channel_id: number | null }>(
  services: RelayServices,
  rows: readonly Row[],
  plan: ChannelPollPlan<Row>,
  signal?: AbortSignal,
): Promise<void> {
  const byChannel = new Map<number, Row[]>();
  for (const row of rows) {
    if (!plan.upstreamId(row)) {
      await plan.refund(row, 'upstream task id missing');
      continue;
    }
    const channelId = Number(row.channel_id ?? 0);
    let list = byChannel.get(channelId);
    if (!list) byChannel.set(channelId, (list = []));
    list.push(row);
  }
  await forEachLimited([...byChannel], POLL_CONCURRENCY, async ([channelId, list]) => {
    if (signal?.aborted) return;
    try {
      const channel = services.channels.getById(channelId);
      if (!channel || channel.status !== CHANNEL_STATUS.enabled) {
        for (const row of list) await plan.refund(row, missingChannelReason(channelId));
        return;
      }
      for (const batch of chunked(list, POLL_BATCH)) await plan.pollBatch(channel, batch);
    } catch (error) {
      services.onError(error, `${plan.label} polling of channel ${channelId}`);
    }
  });
}

/** Runs `work` over `items`, at most `limit` at a time. */
export async function forEachLimited<Item>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/** Splits `items` into runs of at most `size`. */
export function chunked<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}
