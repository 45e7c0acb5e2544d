import type { LogRow } from '../logs/log-insert-statement.js';
import {
  PendingWrites,
  type HoldKey,
  type LeaseGrant,
  type LeaseRequest,
  type Settlement,
} from './ledger-batch.js';
import { commitLedgerBatch, type LedgerTarget, type ObservedBalances } from './ledger-commit.js';

/** After a failed write, the kept changes are tried again this much later. */
const RETRY_DELAY_MS = 1000;
/**
 * Changes nobody waits for (releases of idle holds, the channel tester's log rows) are written at
 * most this often. Each write costs a transaction (on SQLite a WAL append of the same few pages),
 * so spacing them by a few milliseconds turns many into one; a lease request or a settlement whose
 * answer is held for it never waits for this.
 */
const SETTLEMENT_SPACING_MS = 10;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

interface QueuedLease {
  request: LeaseRequest;
  resolve(grant: LeaseGrant): void;
  reject(error: unknown): void;
}

/** Told what each write read back: the balances it touched, as the database holds them now. */
export interface WriteListener {
  balances(balances: ObservedBalances): void;
}

/**
 * Writes the ledger's changes in group commits: everything that arrives while a write is running
 * goes into the next one, a single transaction in which settlements are summed per row. One call
 * at a time costs one small transaction; a thousand calls a second cost a few hundred
 * transactions of a few statements each, and a user's row is never waited on by a queue of
 * separate updates. A settlement resolves once its transaction has committed.
 *
 * Lease requests and settlements start a write on the next turn of the event loop (the relay holds
 * the end of a call's answer until its settlement is written, so each one waits on the client's
 * path; under load they still share transactions, as everything settled while one write runs goes
 * into the next); releases and log rows wait for the next write at most SETTLEMENT_SPACING_MS. In
 * batch mode (BATCH_UPDATE_ENABLED) settlements resolve at once and are written by `flush()`, which
 * the ledger calls every interval and at shutdown.
 */
export class LedgerWriter {
  private pending = new PendingWrites();
  /** The write in progress (no longer pending, not yet in the database). */
  private writing: PendingWrites | undefined;
  private pendingWaiters: Waiter[] = [];
  private leases: QueuedLease[] = [];
  private renewDue = false;
  private running: Promise<void> | undefined;
  private scheduled: 'soon' | 'spaced' | undefined;
  private spacingTimer: NodeJS.Timeout | undefined;
  /** Identifies the current scheduled write; an older timer or immediate that fires does nothing. */
  private scheduleToken = 0;
  private lastWriteAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: LedgerTarget,
    private readonly batchMode: boolean,
    private readonly listener: WriteListener,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Moves quota from the balances into this process's hold; answers what was granted. */
  lease(request: LeaseRequest): Promise<LeaseGrant> {
    return new Promise((resolve, reject) => {
      this.leases.push({ request, resolve, reject });
      this.schedule();
    });
  }

  /** Queues a settlement; resolves once written (at once in batch mode). */
  settle(settlement: Settlement): Promise<void> {
    const changed = this.pending.addSettlement(settlement);
    if (!changed || this.batchMode) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pendingWaiters.push({ resolve, reject });
      this.schedule();
    });
  }

  /** Gives a hold back with the next write (after the charges queued before it). */
  release(key: HoldKey): void {
    this.pending.addRelease(key);
    if (!this.batchMode) this.schedule();
  }

  /** A log row that joins the next write (the channel tester's rows). */
  addLog(row: LogRow): void {
    this.pending.addLog(row);
    if (!this.batchMode) this.schedule();
  }

  /** Renews the expiry of every hold of this process with the next write. */
  renewHolds(): void {
    this.renewDue = true;
    this.schedule();
  }

  /**
   * Quota this process has taken from `userId`'s balance directly that the database does not show
   * yet (pending or being written; negative for refunds).
   */
  unwrittenUserCharge(userId: number): number {
    return (
      (this.pending.users.get(userId)?.quota ?? 0) + (this.writing?.users.get(userId)?.quota ?? 0)
    );
  }

  /** Quota added to subscription `id`'s `amount_used` that the database does not show yet. */
  unwrittenSubscriptionCharge(id: number): number {
    return (this.pending.subscriptions.get(id) ?? 0) + (this.writing?.subscriptions.get(id) ?? 0);
  }

  /** What settled calls will take out of the `key` hold that the database does not show yet. */
  unwrittenHoldCharge(key: string): number {
    return this.pending.holdCharge(key) + (this.writing?.holdCharge(key) ?? 0);
  }

  /** The same for a token's remaining quota. */
  unwrittenTokenCharge(tokenId: number): number {
    return (
      (this.pending.tokens.get(tokenId)?.quota ?? 0) +
      (this.writing?.tokens.get(tokenId)?.quota ?? 0)
    );
  }

  /** Writes everything waiting now, settlements included in batch mode. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.empty && this.leases.length === 0 && !this.renewDue) return;
    await this.run(true);
  }

  /** Stops the timers and writes what is pending. */
  async close(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.cancelScheduled();
    await this.flush();
  }

  /**
   * Starts a write on the next turn of the event loop when a lease request, a settlement or a
   * renewal waits, else once SETTLEMENT_SPACING_MS have passed since the last one; a running write
   * chains the next.
   */
  private schedule(): void {
    if (this.running) return;
    const urgent = this.leases.length > 0 || this.pendingWaiters.length > 0 || this.renewDue;
    if (this.scheduled === 'soon' || (this.scheduled === 'spaced' && !urgent)) return;
    this.cancelScheduled();
    const wait = urgent ? 0 : this.lastWriteAt + SETTLEMENT_SPACING_MS - Date.now();
    const token = ++this.scheduleToken;
    const start = () => {
      if (token !== this.scheduleToken || this.running) return;
      this.scheduled = undefined;
      this.spacingTimer = undefined;
      void this.run(!this.batchMode);
    };
    this.scheduled = wait > 0 ? 'spaced' : 'soon';
    if (wait > 0) {
      this.spacingTimer = setTimeout(start, wait);
      this.spacingTimer.unref();
    } else {
      setImmediate(start);
    }
  }

  /** Forgets a scheduled write (a write is starting anyway). */
  private cancelScheduled(): void {
    this.scheduleToken += 1;
    this.scheduled = undefined;
    if (this.spacingTimer) clearTimeout(this.spacingTimer);
    this.spacingTimer = undefined;
  }

  /** One group commit; whatever arrived meanwhile is scheduled when it ends. */
  private run(includePending: boolean): Promise<void> {
    this.cancelScheduled();
    const writes = includePending && !this.pending.empty ? this.pending : undefined;
    const waiters = writes ? this.pendingWaiters : [];
    if (writes) {
      this.pending = new PendingWrites();
      this.pendingWaiters = [];
    }
    const leases = this.leases;
    this.leases = [];
    const renew = this.renewDue;
    this.renewDue = false;
    const work = this.write(writes, waiters, leases, renew);
    this.running = work.finally(() => {
      this.running = undefined;
      this.lastWriteAt = Date.now();
      // After a failed write the kept changes and a failed renewal wait for the retry timer, not
      // a tight loop (a renewal retried at once failed hundreds of times a second in an outage).
      const pendingDue = !this.batchMode && !this.pending.empty && !this.retryTimer;
      const renewalDue = this.renewDue && !this.retryTimer;
      if (this.leases.length > 0 || renewalDue || pendingDue) this.schedule();
    });
    return this.running;
  }

  private async write(
    writes: PendingWrites | undefined,
    waiters: Waiter[],
    leases: QueuedLease[],
    renewHolds: boolean,
  ): Promise<void> {
    if (!writes && leases.length === 0 && !renewHolds) return;
    let result;
    this.writing = writes;
    try {
      result = await commitLedgerBatch(
        this.target,
        writes,
        leases.map((queued) => queued.request),
        { renewHolds },
      );
    } catch (error) {
      // Nothing of the batch was written: settlements are kept and tried again, leases fail.
      this.writing = undefined;
      if (writes) this.keepForRetry(writes, waiters);
      if (renewHolds) {
        this.renewDue = true;
        this.armRetry();
      }
      for (const queued of leases) queued.reject(error);
      this.onError(error);
      return;
    }
    this.writing = undefined;
    this.listener.balances(result.balances);
    for (const waiter of waiters) waiter.resolve();
    leases.forEach((queued, index) => queued.resolve(result.grants[index]));
  }

  /** A failed write's changes go back into the pending sums; their callers hear of it. */
  private keepForRetry(writes: PendingWrites, waiters: Waiter[]): void {
    this.pending.addAll(writes);
    const error = new Error('settlement not written yet; kept in memory and retried');
    for (const waiter of waiters) waiter.reject(error);
    // In batch mode the kept changes wait for the next flush.
    if (!this.batchMode) this.armRetry();
  }

  /** Tries what a failed write kept (changes, a renewal) again RETRY_DELAY_MS later. */
  private armRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if ((!this.batchMode && !this.pending.empty) || this.renewDue) this.schedule();
    }, RETRY_DELAY_MS);
    this.retryTimer.unref();
  }
}
