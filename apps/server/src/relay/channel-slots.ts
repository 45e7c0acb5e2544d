import type { EventEmitter } from 'node:events';
import { RelayError } from '../errors/relay-error.js';
import type { CachedChannel } from './channel-cache.js';
import type { RelayCall } from './relay-call-context.js';

/** Most calls queued for one channel's slots; a call past them does not wait. */
const MAX_WAITERS = 1000;

interface SlotState {
  inFlight: number;
  /** The cap of the last call that took a slot (a channel edit may change it). */
  cap: number;
  /** Calls waiting for a slot, oldest first; each is handed one by `release`. */
  waiters: Array<() => void>;
}

/**
 * The calls in flight on each channel that has a concurrency cap (`max_concurrency`), in this
 * process: routing passes over a channel at its cap (`isFull`), a call that must use one waits
 * for a slot in a bounded FIFO queue. Channels without a cap have no entry and cost nothing.
 */
export class ChannelSlots {
  private readonly states = new Map<number, SlotState>();

  /** Whether `channel` is at its cap now; a channel without a cap never is. */
  isFull(channel: CachedChannel): boolean {
    const cap = channel.limits?.maxConcurrency;
    if (!cap) return false;
    const state = this.states.get(channel.id);
    return state !== undefined && state.inFlight >= cap;
  }

  /** Calls holding a slot of the channel (for tests and metrics). */
  inFlight(channelId: number): number {
    return this.states.get(channelId)?.inFlight ?? 0;
  }

  /** Calls waiting for a slot of the channel. */
  waiting(channelId: number): number {
    return this.states.get(channelId)?.waiters.length ?? 0;
  }

  /**
   * Takes a slot of the channel (cap `cap`), waiting up to `waitMs` for one: 'taken' (the caller
   * must `release` it), 'timeout', or 'gone' when `client` closed first.
   */
  take(
    channelId: number,
    cap: number,
    waitMs: number,
    client: EventEmitter,
  ): 'taken' | Promise<'taken' | 'timeout' | 'gone'> {
    let state = this.states.get(channelId);
    if (state === undefined) {
      state = { inFlight: 0, cap, waiters: [] };
      this.states.set(channelId, state);
    }
    state.cap = cap;
    if (state.inFlight < cap && state.waiters.length === 0) {
      state.inFlight += 1;
      return 'taken';
    }
    if (state.waiters.length >= MAX_WAITERS) return Promise.resolve('timeout');
    const queue = state.waiters;
    return new Promise((resolve) => {
      const leave = (outcome: 'timeout' | 'gone') => {
        const index = queue.indexOf(grant);
        if (index >= 0) queue.splice(index, 1);
        clearTimeout(timer);
        client.off('close', onClose);
        resolve(outcome);
      };
      const grant = () => {
        clearTimeout(timer);
        client.off('close', onClose);
        resolve('taken');
      };
      const onClose = () => leave('gone');
      const timer = setTimeout(() => leave('timeout'), waitMs);
      timer.unref();
      client.once('close', onClose);
      queue.push(grant);
    });
  }

  /** Gives a slot back: to the oldest waiting call while the cap allows, else to the pool. */
  release(channelId: number): void {
    const state = this.states.get(channelId);
    if (state === undefined || state.inFlight === 0) return;
    if (state.waiters.length > 0 && state.inFlight <= state.cap) {
      // Handed over: the count stays, the waiter now holds the slot.
      state.waiters.shift()!();
      return;
    }
    state.inFlight -= 1;
    if (state.inFlight === 0 && state.waiters.length === 0) this.states.delete(channelId);
  }
}

/**
 * Takes a slot of the call's channel when it has a concurrency cap: true when one is held (the
 * failover releases it however the attempt ends), false when the channel has no cap. A wait that
 * runs out fails the attempt with a retryable 503 (the failover tries another channel, or the
 * client gets it); a client that leaves while waiting ends the call as client-closed.
 */
export async function takeChannelSlot(call: RelayCall, channel: CachedChannel): Promise<boolean> {
  const limits = channel.limits;
  if (limits === undefined || limits.maxConcurrency === 0) return false;
  if (call.clientGone) return false;
  const taken = call.services.channelSlots.take(
    channel.id,
    limits.maxConcurrency,
    limits.slotWaitMs,
    call.exchange.response,
  );
  const outcome = taken === 'taken' ? taken : await taken;
  if (outcome === 'taken') return true;
  if (outcome === 'gone' || call.clientGone) {
    await call.settle({ usage: undefined, channel, failed: true, clientAborted: true });
    throw new RelayError(499, 'client closed the request', 'new_api_error', 'client_closed', true);
  }
  throw RelayError.upstream(
    503,
    `渠道并发已满，等待 ${Math.ceil(limits.slotWaitMs / 1000)} 秒仍无空闲，请稍后再试`,
    'new_api_error',
    'channel_concurrency_full',
  );
}
