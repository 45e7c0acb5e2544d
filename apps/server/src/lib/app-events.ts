import { EventEmitter } from 'node:events';

/**
 * In-process notifications that a console change made cached data stale. Caches subscribe;
 * services emit after their write commits. Other processes hear of them at once through a bridge
 * (Redis pub/sub across nodes, the cluster's IPC between worker processes of one server), or catch
 * up within SYNC_FREQUENCY.
 */
export interface AppEventMap {
  /** Channels or abilities changed (any field, status, priority, weight, tag, models, groups). */
  'channels-changed': [];
  /** A token changed or was deleted; `tokenKey` is the key without `sk-`. */
  'token-changed': [{ tokenId: number; tokenKey?: string }];
  /** A user's role, status, group, quota or deletion changed. */
  'user-changed': [{ userId: number }];
  /** An option was saved: other processes re-read the options table. */
  'options-changed': [];
  /** The first-run wizard was completed. */
  'setup-completed': [];
  /** A process opened or closed a channel's circuit (relay/channel-health/): the others follow. */
  'circuit-changed': [CircuitChange];
  /** Model or vendor metadata changed (catalogue/): the pricing list is computed again. */
  'catalogue-changed': [];
  /**
   * A user's subscriptions changed (bought, bound, invalidated, deleted, expired, reset by an
   * admin): the relay's subscription book reads that user's active subscriptions again.
   */
  'subscriptions-changed': [{ userId: number }];
}

/**
 * A circuit breaker's transition, shared so every process skips an open channel: `model` is ''
 * for the channel-wide circuit; `openUntil` is unix ms (0 when closed).
 */
export interface CircuitChange {
  channelId: number;
  model: string;
  state: 'open' | 'closed';
  openUntil: number;
}

/** Every event, in the form the bridges carry between processes. */
export const BRIDGED_EVENTS: ReadonlyArray<keyof AppEventMap> = [
  'channels-changed',
  'token-changed',
  'user-changed',
  'options-changed',
  'setup-completed',
  'circuit-changed',
  'catalogue-changed',
  'subscriptions-changed',
];

export class AppEvents extends EventEmitter<AppEventMap> {}
