import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { RelayError } from '../relay/relay-error.js';
import { PendingDeltas, type Reservation, type Settlement } from './ledger-batch.js';
import {
  commitLedgerBatch,
  type ObservedBalances,
  type ReservationShortfall,
} from './ledger-commit.js';

export type { ObservedBalances } from './ledger-commit.js';

export type { Reservation, Settlement } from './ledger-batch.js';

/** After a failed write, the kept changes are tried again this much later. */
const RETRY_DELAY_MS = 1000;
/**
 * Settlements alone are written at most this often. Each write costs a transaction (on SQLite a
 * WAL append of the same few pages), so spacing them by a few milliseconds turns thousands of
 * calls a second into a hundred small transactions; a reservation never waits for this.
 */
const SETTLEMENT_SPACING_MS = 10;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

interface QueuedReservation extends Waiter {
  reservation: Reservation;
}

function shortfallError(shortfall: ReservationShortfall, amount: number): RelayError {
  return shortfall === 'user'
    ? new RelayError(
        403,
        `pre-consume quota failed: user quota is not enough, need quota: ${amount}`,
        'new_api_error',
        'insufficient_user_quota',
      )
    : new RelayError(
        403,
        `pre-consume quota failed: token quota is not enough, need quota: ${amount}`,
        'new_api_error',
        'pre_consume_token_quota_failed',
      );
}

/**
 * Moves quota between balances with conditional SQL updates, so concurrent calls on any number of
 * processes can never spend the same quota twice: a reservation succeeds only if the balance
 * still covers it at the moment of the update.
 *
 * Writes are group-committed: everything that arrives while a write is running goes into the next
 * one, a single transaction in which settlements are summed per user, token and channel. One call
 * at a time costs one small transaction, as before; a thousand calls a second cost a few hundred
 * transactions of a few statements each, and a user's row is never waited on by a queue of
 * separate updates. A settlement resolves once its transaction has committed.
 *
 * In batch mode (BATCH_UPDATE_ENABLED) settlements are kept in memory and written every interval,
 * at `flush()` and at shutdown; reservations are always written at once.
 */
export class QuotaLedger {
  private pending = new PendingDeltas();
  /** The settlements of the write in progress (no longer pending, not yet in the database). */
  private writing: PendingDeltas | undefined;
  private readonly balanceListeners = new Set<(balances: ObservedBalances) => void>();
  private pendingWaiters: Waiter[] = [];
  private reservations: QueuedReservation[] = [];
  private running: Promise<void> | undefined;
  private scheduled: 'soon' | 'spaced' | undefined;
  private spacingTimer: NodeJS.Timeout | undefined;
  /** Identifies the current scheduled write; an older timer or immediate that fires does nothing. */
  private scheduleToken = 0;
  private lastWriteAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly batchTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly batch: { enabled: boolean; intervalSeconds: number } = {
      enabled: false,
      intervalSeconds: 5,
    },
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    if (batch.enabled) {
      this.batchTimer = setInterval(
        () => void this.flush().catch(() => {}),
        batch.intervalSeconds * 1000,
      );
      this.batchTimer.unref();
    }
  }

  /**
   * Takes `amount` from the user and the token atomically. Rejects with a 403 RelayError when
   * either balance cannot cover it; nothing is taken then.
   */
  reserve(reservation: Reservation): Promise<void> {
    if (reservation.amount <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.reservations.push({ reservation, resolve, reject });
      this.schedule();
    });
  }

  /** Charges `settlement.quota − reservation.amount` (a refund when negative) and bumps counters. */
  settle(reservation: Reservation, settlement: Settlement): Promise<void> {
    const changed = this.pending.addSettlement(reservation, settlement);
    if (!changed || this.batch.enabled) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pendingWaiters.push({ resolve, reject });
      this.schedule();
    });
  }

  /**
   * Quota this process has charged `userId` that the database does not show yet (settlements
   * pending or being written; negative for refunds). A balance read from the database minus this
   * is the balance as it will be.
   */
  unwrittenUserCharge(userId: number): number {
    return (
      (this.pending.users.get(userId)?.quota ?? 0) + (this.writing?.users.get(userId)?.quota ?? 0)
    );
  }

  /** The same for a token's remaining quota. */
  unwrittenTokenCharge(tokenId: number): number {
    return (
      (this.pending.tokens.get(tokenId)?.quota ?? 0) +
      (this.writing?.tokens.get(tokenId)?.quota ?? 0)
    );
  }

  /**
   * Registers a listener for the balances read back after every write: the database's values
   * including every other process's committed changes (caches use them to stay close to the truth).
   */
  onBalances(listener: (balances: ObservedBalances) => void): () => void {
    this.balanceListeners.add(listener);
    return () => this.balanceListeners.delete(listener);
  }

  /** Writes everything waiting now, settlements included in batch mode. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.pending.empty && this.reservations.length === 0) return;
    await this.run(true);
  }

  /** Stops the timers and writes what is pending. */
  async close(): Promise<void> {
    if (this.batchTimer) clearInterval(this.batchTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.cancelScheduled();
    await this.flush();
  }

  /**
   * Starts a write on the next turn of the event loop when a reservation waits, else once
   * SETTLEMENT_SPACING_MS have passed since the last one; a running write chains the next itself.
   */
  private schedule(): void {
    if (this.running) return;
    const urgent = this.reservations.length > 0;
    if (this.scheduled === 'soon' || (this.scheduled === 'spaced' && !urgent)) return;
    this.cancelScheduled();
    const wait = urgent ? 0 : this.lastWriteAt + SETTLEMENT_SPACING_MS - Date.now();
    const token = ++this.scheduleToken;
    const start = () => {
      if (token !== this.scheduleToken || this.running) return;
      this.scheduled = undefined;
      this.spacingTimer = undefined;
      void this.run(!this.batch.enabled);
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
  private run(includeSettlements: boolean): Promise<void> {
    this.cancelScheduled();
    const deltas = includeSettlements && !this.pending.empty ? this.pending : undefined;
    const waiters = deltas ? this.pendingWaiters : [];
    if (deltas) {
      this.pending = new PendingDeltas();
      this.pendingWaiters = [];
    }
    const reservations = this.reservations;
    this.reservations = [];
    const work = this.write(deltas, waiters, reservations);
    this.running = work.finally(() => {
      this.running = undefined;
      this.lastWriteAt = Date.now();
      // After a failed write the kept settlements wait for the retry timer, not a tight loop.
      const settlementsDue = !this.batch.enabled && !this.pending.empty && !this.retryTimer;
      if (this.reservations.length > 0 || settlementsDue) this.schedule();
    });
    return this.running;
  }

  private async write(
    deltas: PendingDeltas | undefined,
    waiters: Waiter[],
    reservations: QueuedReservation[],
  ): Promise<void> {
    if (!deltas && reservations.length === 0) return;
    let result;
    this.writing = deltas;
    try {
      result = await commitLedgerBatch(
        this.db,
        deltas,
        reservations.map((queued) => queued.reservation),
      );
    } catch (error) {
      // Nothing of the batch was written: settlements are kept and tried again, reservations fail.
      this.writing = undefined;
      if (deltas) this.keepForRetry(deltas, waiters);
      for (const queued of reservations) queued.reject(error);
      this.onError(error);
      return;
    }
    this.writing = undefined;
    for (const listener of this.balanceListeners) listener(result.balances);
    for (const waiter of waiters) waiter.resolve();
    reservations.forEach((queued, index) => {
      const shortfall = result.reservations[index];
      if (shortfall === undefined) queued.resolve();
      else queued.reject(shortfallError(shortfall, queued.reservation.amount));
    });
  }

  /** A failed write's settlements go back into the pending sums; their callers hear of it. */
  private keepForRetry(deltas: PendingDeltas, waiters: Waiter[]): void {
    this.pending.addAll(deltas);
    const error = new Error('settlement not written yet; kept in memory and retried');
    for (const waiter of waiters) waiter.reject(error);
    if (this.retryTimer || this.batch.enabled) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.pending.empty) this.schedule();
    }, RETRY_DELAY_MS);
    this.retryTimer.unref();
  }
}
