import { BRIDGED_EVENTS, type AppEvents } from '../lib/app-events.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import {
  isClusterMessage,
  SERVER_START_VARIABLE,
  type ClusterMessage,
} from './cluster-messages.js';

/** The slot of a request let through without the primary's answer. */
const UNANSWERED_SLOT = 'unanswered';

/** How long a worker waits for the primary before deciding on its own. */
const ANSWER_TIMEOUT_MS = 2000;

interface Waiting<T> {
  resolve(value: T): void;
  timer: NodeJS.Timeout;
}

/**
 * A worker's side of the cluster: shares cache invalidations with the other workers, asks the
 * primary for rate-limit decisions (one count for the whole server, not one per worker) and for
 * the other workers' metrics.
 */
export class WorkerLink {
  /** When the server (its primary) started, in Unix seconds: the same on every worker. */
  readonly serverStartTime =
    Number(process.env[SERVER_START_VARIABLE]) || Math.floor(Date.now() / 1000);
  private sequence = 0;
  private readonly rateLimits = new Map<number, Waiting<string | undefined>>();
  private readonly metrics = new Map<number, Waiting<unknown[]>>();
  private readonly syncs = new Map<number, Waiting<void>>();
  private readonly syncHandlers = new Map<string, () => Promise<void>>();
  private snapshotProvider: (() => unknown) | undefined;
  private readonly listener = (message: unknown) => this.receive(message);
  private events: AppEvents | undefined;
  private relaying = false;
  private readonly stopEvents: Array<() => void> = [];

  constructor(private readonly send: (message: ClusterMessage) => void = defaultSend) {
    process.on('message', this.listener);
  }

  /** Tells the primary this worker is serving. */
  ready(): void {
    this.send({ tollgate: 'ready' });
  }

  /** Repeats `events` in the other workers, and theirs here (never sent back). */
  bridgeEvents(events: AppEvents): void {
    this.events = events;
    for (const name of BRIDGED_EVENTS) {
      const forward = (...args: unknown[]) => {
        if (!this.relaying) this.send({ tollgate: 'event', name, args });
      };
      events.on(name, forward as never);
      this.stopEvents.push(() => events.off(name, forward as never));
    }
  }

  /**
   * A limiter counted in the primary for all workers together. Without an answer in time the
   * request is let through (a slot nobody holds), so a busy primary never blocks the service.
   */
  rateLimiter(): RateLimiter {
    const take = (key: string, limit: number, windowSeconds: number) => {
      const id = this.nextId();
      const answer = this.wait(this.rateLimits, id, () => UNANSWERED_SLOT);
      this.send({ tollgate: 'rate-limit', id, key, limit, windowSeconds });
      return answer;
    };
    return {
      take,
      allow: async (key, limit, windowSeconds) =>
        (await take(key, limit, windowSeconds)) !== undefined,
      giveBack: (key, slot) => {
        if (slot !== UNANSWERED_SLOT) this.send({ tollgate: 'rate-limit-release', key, slot });
      },
      close() {},
    };
  }

  /** How this worker re-reads `topic` when another worker asks all to (see syncWorkers). */
  onSync(topic: string, handler: () => Promise<void>): void {
    this.syncHandlers.set(topic, handler);
  }

  /**
   * Makes every other worker re-read `topic` (run its onSync handler) and resolves once all have,
   * or after a short wait when one does not answer.
   */
  syncWorkers(topic: string): Promise<void> {
    const id = this.nextId();
    const answer = this.wait(this.syncs, id, () => undefined);
    this.send({ tollgate: 'sync-request', id, topic });
    return answer;
  }

  /** What this worker answers when the primary collects metrics. */
  provideMetrics(snapshot: () => unknown): void {
    this.snapshotProvider = snapshot;
  }

  /** Every worker's metrics snapshot (this one's included), as the primary gathered them. */
  gatherMetrics(): Promise<unknown[]> {
    const id = this.nextId();
    const answer = this.wait(this.metrics, id, () => {
      const own = this.snapshotProvider?.();
      return own === undefined ? [] : [own];
    });
    this.send({ tollgate: 'metrics-request', id });
    return answer;
  }

  close(): void {
    process.off('message', this.listener);
    for (const stop of this.stopEvents.splice(0)) stop();
    for (const waiting of [
      ...this.rateLimits.values(),
      ...this.metrics.values(),
      ...this.syncs.values(),
    ])
      clearTimeout(waiting.timer);
  }

  private nextId(): number {
    this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER;
    return this.sequence;
  }

  /** Resolves with the primary's answer, or with `fallback()` if none comes in time. */
  private wait<T>(table: Map<number, Waiting<T>>, id: number, fallback: () => T): Promise<T> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        table.delete(id);
        resolve(fallback());
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      table.set(id, { resolve, timer });
    });
  }

  private settle<T>(table: Map<number, Waiting<T>>, id: number, value: T): void {
    const waiting = table.get(id);
    if (!waiting) return;
    table.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(value);
  }

  private receive(message: unknown): void {
    if (!isClusterMessage(message)) return;
    switch (message.tollgate) {
      case 'event':
        if (!this.events || !BRIDGED_EVENTS.includes(message.name as never)) return;
        this.relaying = true;
        try {
          (this.events.emit as (name: string, ...args: unknown[]) => boolean)(
            message.name,
            ...message.args,
          );
        } finally {
          this.relaying = false;
        }
        return;
      case 'rate-limit-answer':
        this.settle(
          this.rateLimits,
          message.id,
          message.allowed ? (message.slot ?? UNANSWERED_SLOT) : undefined,
        );
        return;
      case 'metrics-collect': {
        const snapshot = this.snapshotProvider?.();
        this.send({
          tollgate: 'metrics-snapshot',
          id: message.id,
          snapshots: snapshot === undefined ? [] : [snapshot],
        });
        return;
      }
      case 'metrics-answer':
        this.settle(this.metrics, message.id, message.snapshots);
        return;
      case 'sync-run': {
        const handler = this.syncHandlers.get(message.topic);
        const done = () => this.send({ tollgate: 'sync-done', id: message.id });
        if (!handler) done();
        else void handler().then(done, done);
        return;
      }
      case 'sync-answer':
        this.settle(this.syncs, message.id, undefined);
        return;
      default:
        return;
    }
  }
}

function defaultSend(message: ClusterMessage): void {
  // The channel is gone only while the primary is shutting everything down.
  if (process.connected) process.send?.(message);
}
