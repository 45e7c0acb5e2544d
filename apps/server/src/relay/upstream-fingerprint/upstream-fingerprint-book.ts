import type { IncomingHttpHeaders } from 'node:http';
import type {
  UpstreamClientType,
  UpstreamClientTypeCount,
  UpstreamGroupReport,
} from '@tollgate/contracts';
import { classifyUpstream } from './classify-upstream.js';

/** Channels remembered at once; past it the channel seen first is forgotten. */
export const MAX_FINGERPRINT_CHANNELS = 4096;
/** Groups remembered per channel; past it the group seen first is forgotten. */
export const MAX_FINGERPRINT_GROUPS = 64;

interface TypeTally {
  count: number;
  firstSeenMs: number;
  lastSeenMs: number;
}

interface GroupTally {
  firstSeenMs: number;
  lastSeenMs: number;
  types: Map<UpstreamClientType, TypeTally>;
}

/**
 * What answered each channel, per group of the calls (`GET /api/channel/test_upstream/:id`):
 * every upstream answer's classification counted in this process's memory, bounded (channels and
 * groups per channel), never written to the database. Recording is a classification (a few
 * header reads) and a few Map updates, cheap enough for every relayed call. Each process keeps
 * its own book: with several workers, the route shows the calls of the worker that answers it.
 */
export class UpstreamFingerprintBook {
  private readonly channels = new Map<number, Map<string, GroupTally>>();

  /** Classifies an upstream answer's head and counts it for the channel and group. */
  observe(
    channelId: number,
    group: string,
    headers: IncomingHttpHeaders,
    openAiShaped: boolean,
    nowMs: number,
  ): UpstreamClientType {
    const clientType = classifyUpstream(headers, openAiShaped);
    this.record(channelId, group, clientType, nowMs);
    return clientType;
  }

  /** Counts one classification. */
  record(channelId: number, group: string, clientType: UpstreamClientType, nowMs: number): void {
    let groups = this.channels.get(channelId);
    if (groups === undefined) {
      evictFirstIfFull(this.channels, MAX_FINGERPRINT_CHANNELS);
      groups = new Map();
      this.channels.set(channelId, groups);
    }
    let tally = groups.get(group);
    if (tally === undefined) {
      evictFirstIfFull(groups, MAX_FINGERPRINT_GROUPS);
      tally = { firstSeenMs: nowMs, lastSeenMs: nowMs, types: new Map() };
      groups.set(group, tally);
    }
    tally.lastSeenMs = nowMs;
    const seen = tally.types.get(clientType);
    if (seen === undefined) {
      tally.types.set(clientType, { count: 1, firstSeenMs: nowMs, lastSeenMs: nowMs });
    } else {
      seen.count += 1;
      seen.lastSeenMs = nowMs;
    }
  }

  /** The channel's groups, most recently seen first; times in unix seconds. */
  report(channelId: number): UpstreamGroupReport[] {
    const groups = this.channels.get(channelId);
    if (groups === undefined) return [];
    return [...groups.entries()]
      .map(([group, tally]) => ({
        group,
        first_seen: seconds(tally.firstSeenMs),
        last_seen: seconds(tally.lastSeenMs),
        client_types: [...tally.types.entries()]
          .map(
            ([clientType, seen]): UpstreamClientTypeCount => ({
              client_type: clientType,
              count: seen.count,
              first_seen: seconds(seen.firstSeenMs),
              last_seen: seconds(seen.lastSeenMs),
            }),
          )
          .sort((left, right) => right.count - left.count),
      }))
      .sort((left, right) => right.last_seen - left.last_seen);
  }

  /** Forgets a channel (deleted). */
  forget(channelId: number): void {
    this.channels.delete(channelId);
  }
}

function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Maps keep insertion order: the first key is the one added longest ago. */
function evictFirstIfFull<Key, Value>(map: Map<Key, Value>, limit: number): void {
  if (map.size < limit) return;
  const first = map.keys().next();
  if (!first.done) map.delete(first.value);
}
