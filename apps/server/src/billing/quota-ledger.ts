import type { LogRow } from '../logs/log-insert-statement.js';
import { holdKeyOf, holdKeyText, type LeaseGrant } from './ledger-batch.js';
import { shortfallError, subscriptionQuotaError, userQuotaError } from './ledger-refusals.js';
import type { LedgerTarget, ObservedBalances } from './ledger-commit.js';
import { LedgerWriter } from './ledger-writer.js';
import { giveBackHolds } from './hold-reclaimer.js';
import { leaseSize, type BalanceView } from './lease-size.js';

export type { ObservedBalances } from './ledger-commit.js';

/** How often holds nobody uses are given back. */
const IDLE_SWEEP_MS = 1000;
/** A hold with no call in flight for this long is given back. */
const IDLE_RELEASE_MS = 2000;

/** The balances a call is admitted against: live objects the caches keep current. */
export interface AdmitRequest {
  user: { id: number; quota: number };
  token: { id: number; remain_quota: number; unlimited_quota: boolean };
  /** The call's estimated cost (pre-consumption, reference §4.1). */
  estimate: number;
  /**
   * The subscription whose pool pays instead of the user's wallet, with what this process last
   * saw left in it (Infinity: unlimited). The database decides: the view only spares a write.
   */
  subscription?: { id: number; remaining: number };
}

/** A call admitted by the ledger; settle it exactly once. */
export interface Admission {
  userId: number;
  tokenId: number;
  /** The subscription that pays (absent: the wallet). */
  subscriptionId?: number;
  /** The part of a hold set aside for this call (0: nothing held, the cost is charged directly). */
  estimate: number;
}

/** What a call really cost, with its log row. */
export interface CallCharge {
  quota: number;
  channelId: number;
  /** False for calls that produced nothing: counters stay unchanged. */
  countUsage: boolean;
  log?: LogRow;
}

/** An admission; `subscriptionId` only when a subscription pays (0: the wallet). */
function admissionOf(
  userId: number,
  tokenId: number,
  subscriptionId: number,
  estimate: number,
): Admission {
  return subscriptionId
    ? { userId, tokenId, subscriptionId, estimate }
    : { userId, tokenId, estimate };
}

interface Waiter {
  estimate: number;
  resolve(admission: Admission): void;
  reject(error: unknown): void;
}

/** This process's share of a user's (and token's) balance: quota held for calls in flight. */
interface Lease {
  userId: number;
  tokenId: number;
  /** 0: the wallet. */
  subscriptionId: number;
  tokenUnlimited: boolean;
  /** Quota held in the database for this pair, as this process knows it. */
  held: number;
  /** What settled calls used of the hold since the last top-up (charged to the balances). */
  used: number;
  /** Estimates of the calls admitted and not settled yet. */
  inFlight: number;
  waiters: Waiter[];
  requesting: boolean;
  /** The last lease was sized for a comfortable balance (kept while idle, not given back at once). */
  roomy: boolean;
  lastActive: number;
}

/**
 * Quota for relay calls, exact across any number of processes and through crashes.
 *
 * A call is admitted only when its estimated cost is set aside in a hold: quota this process has
 * moved, in the database and atomically, from the user's and token's balances into a
 * `quota_holds` row of its own. The sum charged to a balance can therefore never exceed it by more
 * than the calls in flight cost beyond their estimates, whatever the concurrency. When the
 * balance is comfortable the hold is taken for many calls at once (see lease-size.ts), so most
 * calls are admitted from memory without a database write; when it is tight, each call holds
 * exactly its estimate.
 *
 * A settled call's cost is taken together with its log row, in one group commit. On a roomy hold
 * it is taken from the balances and the hold is not written for it: the next top-up shrinks the
 * hold by what the calls used, in the same statement that grows it, so a busy hold costs one
 * write per top-up, not per call. On a tight hold it is taken out of the hold in that commit, so
 * that a balance near its end is never counted twice and another process's call is never refused
 * for quota a settled call has already paid.
 * What is left of a hold goes back to the balances when no call has used it for a moment, at
 * shutdown, or — when the process died — by another process once the hold expired
 * (hold-reclaimer.ts); holds are renewed while their process lives. Until a roomy hold is shrunk
 * or given back, the balances count what its calls used twice (in the hold and as charged); the
 * true balance is the stored one plus the holds, which is what the console shows.
 */
export class QuotaLedger {
  private readonly writer: LedgerWriter;
  private readonly leases = new Map<string, Lease>();
  private readonly balanceListeners = new Set<(balances: ObservedBalances) => void>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly target: LedgerTarget,
    private readonly batch: { enabled: boolean; intervalSeconds: number } = {
      enabled: false,
      intervalSeconds: 5,
    },
    onError: (error: unknown) => void = () => {},
  ) {
    this.writer = new LedgerWriter(
      target,
      batch.enabled,
      {
        balances: (balances) => {
          for (const listener of this.balanceListeners) listener(balances);
        },
      },
      onError,
    );
    this.every(Math.max(1000, (target.holdSeconds * 1000) / 3), () => this.writer.renewHolds());
    if (batch.enabled) {
      this.every(batch.intervalSeconds * 1000, () => void this.flush().catch(() => {}));
    } else {
      this.every(IDLE_SWEEP_MS, () => this.releaseIdle(Date.now() - IDLE_RELEASE_MS));
    }
  }

  /**
   * Admits a call: sets its estimate aside from this process's hold, topping the hold up from the
   * balances first when it is short. Synchronous when the hold covers it. Rejects with the
   * reference's 403 errors when the balances cannot cover the estimate.
   */
  admit(request: AdmitRequest): Admission | Promise<Admission> {
    const { user, token, estimate } = request;
    const subscriptionId = request.subscription?.id ?? 0;
    const key = holdKeyText(user.id, token.id, subscriptionId);
    let lease = this.leases.get(key);
    const available = lease ? lease.held - lease.used - lease.inFlight : 0;
    if (estimate <= 0) {
      // Nothing to set aside (a per-image price, a free model): charged directly at settlement.
      if (this.userView(request) <= 0 && available <= 0) throw this.emptyPoolError(request);
      return admissionOf(user.id, token.id, subscriptionId, 0);
    }
    if (!lease) {
      lease = {
        userId: user.id,
        tokenId: token.id,
        subscriptionId,
        tokenUnlimited: token.unlimited_quota,
        held: 0,
        used: 0,
        inFlight: 0,
        waiters: [],
        requesting: false,
        roomy: false,
        lastActive: 0,
      };
      this.leases.set(key, lease);
    }
    lease.lastActive = Date.now();
    if (lease.waiters.length === 0 && available >= estimate) {
      lease.inFlight += estimate;
      return admissionOf(user.id, token.id, subscriptionId, estimate);
    }
    if (this.userView(request) <= 0 && available <= 0) throw this.emptyPoolError(request);
    const waiting = lease;
    return new Promise((resolve, reject) => {
      waiting.waiters.push({ estimate, resolve, reject });
      this.topUp(waiting, request);
    });
  }

  /**
   * Settles an admitted call exactly once: its cost is charged against its hold (or directly),
   * with its log row, in the next group commit. Resolves once written (at once in batch mode).
   */
  settle(admission: Admission, charge: CallCharge): Promise<void> {
    const key = holdKeyOf(admission);
    const lease = admission.estimate > 0 ? this.leases.get(key) : undefined;
    // A roomy hold is left alone (it shrinks at its next top-up); a tight one pays for the call in
    // the same write, so other processes never see the call counted in the hold and the balance.
    const fromHold = lease && !lease.roomy ? Math.min(Math.max(0, charge.quota), lease.held) : 0;
    const written = this.writer.settle({
      userId: admission.userId,
      tokenId: admission.tokenId,
      subscriptionId: admission.subscriptionId ?? 0,
      quota: charge.quota,
      channelId: charge.channelId,
      countUsage: charge.countUsage,
      log: charge.log,
      fromHold,
    });
    if (lease) {
      lease.inFlight -= admission.estimate;
      if (lease.roomy) lease.used += charge.quota;
      else lease.held -= fromHold;
      lease.lastActive = Date.now();
      // A tight balance gets back what its calls did not use at once, as when each call reserved.
      if (!lease.roomy && !this.batch.enabled) this.releaseIfIdle(key, lease);
    }
    return written;
  }

  /** A log row that joins the next group commit (rows that charge nothing). */
  addLog(row: LogRow): void {
    this.writer.addLog(row);
  }

  /** Quota taken from `userId`'s balance that the database does not show yet. */
  unwrittenUserCharge(userId: number): number {
    return this.writer.unwrittenUserCharge(userId);
  }

  /** The same for a token. */
  unwrittenTokenCharge(tokenId: number): number {
    return this.writer.unwrittenTokenCharge(tokenId);
  }

  /** The same for a subscription's pool (quota its `amount_used` does not show yet). */
  unwrittenSubscriptionCharge(subscriptionId: number): number {
    return this.writer.unwrittenSubscriptionCharge(subscriptionId);
  }

  /**
   * What this process holds from `userId`'s wallet for calls in flight (its `quota_holds` amounts;
   * other processes' holds and subscription pools are not included). Scans this process's holds:
   * for occasional use.
   */
  heldForUser(userId: number): number {
    let held = 0;
    for (const lease of this.leases.values()) {
      if (lease.userId === userId && lease.subscriptionId === 0) held += lease.held;
    }
    return held;
  }

  /**
   * Registers a listener for the balances read back after every write: the database's values
   * including every other process's committed changes (caches use them to stay close to the truth).
   */
  onBalances(listener: (balances: ObservedBalances) => void): () => void {
    this.balanceListeners.add(listener);
    return () => this.balanceListeners.delete(listener);
  }

  /** Gives back every hold no call is using and writes everything pending. */
  async flush(): Promise<void> {
    this.releaseIdle(Number.POSITIVE_INFINITY);
    await this.writer.flush();
  }

  /**
   * Stops the timers, writes what is pending and gives back every hold of this process (call it
   * once no call is in flight).
   */
  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.releaseIdle(Number.POSITIVE_INFINITY);
    await this.writer.close();
    // Anything this process still holds in the database (whatever its memory says) goes back.
    await giveBackHolds(this.target, this.target.holder, { log: false });
  }

  private every(intervalMs: number, task: () => void): void {
    const timer = setInterval(task, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * The paying pool's balance as the database will show it once this process's writes land: the
   * user's wallet, or what is left of the subscription.
   */
  private userView(request: AdmitRequest): number {
    const subscription = request.subscription;
    if (subscription) {
      return subscription.remaining - this.writer.unwrittenSubscriptionCharge(subscription.id);
    }
    return request.user.quota - this.writer.unwrittenUserCharge(request.user.id);
  }

  /** The refusal for a call whose paying pool is used up. */
  private emptyPoolError(request: AdmitRequest): Error {
    return request.subscription ? subscriptionQuotaError(request.estimate) : userQuotaError();
  }

  private tokenView(request: AdmitRequest): number {
    return Number(request.token.remain_quota) - this.writer.unwrittenTokenCharge(request.token.id);
  }

  /** Asks the database for more hold on behalf of the waiting calls (one request at a time). */
  private topUp(lease: Lease, request: AdmitRequest): void {
    if (lease.requesting || lease.waiters.length === 0) return;
    const waiters = lease.waiters.slice();
    const rebase = Math.max(0, lease.used);
    const size = leaseSize({
      available: lease.held - lease.used - lease.inFlight,
      inFlight: lease.inFlight,
      estimates: waiters.map((waiter) => waiter.estimate),
      balances: this.balanceView(request, lease),
    });
    if (size.wanted === 0) {
      // Settlements since they queued left enough in the hold.
      this.admitWaiting(lease, waiters.length, undefined);
      return;
    }
    lease.requesting = true;
    this.writer
      .lease({
        userId: lease.userId,
        tokenId: lease.tokenId,
        subscriptionId: lease.subscriptionId,
        tokenUnlimited: lease.tokenUnlimited,
        wanted: size.wanted,
        steps: size.steps,
        rebase,
      })
      .then(
        (grant) => {
          // The hold shrank by what calls used (or was given back by another process meanwhile);
          // charges settled since this write began will shrink it further.
          lease.held = grant.hold - this.writer.unwrittenHoldCharge(holdKeyOf(lease));
          lease.used -= rebase;
          lease.roomy = size.roomy;
          this.admitWaiting(lease, waiters.length, grant.shortfall);
        },
        (error: unknown) => {
          for (const waiter of lease.waiters.splice(0, waiters.length)) waiter.reject(error);
        },
      )
      .finally(() => {
        lease.requesting = false;
        this.topUp(lease, request);
      });
  }

  private balanceView(request: AdmitRequest, lease: Lease): BalanceView {
    return {
      user: this.userView(request),
      token: lease.tokenUnlimited || lease.tokenId === 0 ? undefined : this.tokenView(request),
    };
  }

  /**
   * Admits the first `count` waiters, in order, while the hold covers them. The rest are refused
   * when a balance refused the top-up (`shortfall`). Otherwise the grant was what was asked for
   * and fell short only because calls in flight cost more than their estimates while it was
   * written (a prompt without an output limit holds just `PreConsumedQuota` tokens): those
   * waiters stay first in line for the next top-up, which starts when this one ends.
   */
  private admitWaiting(lease: Lease, count: number, shortfall: LeaseGrant['shortfall']): void {
    const waiters = lease.waiters.splice(0, count);
    const uncovered: typeof waiters = [];
    for (const waiter of waiters) {
      if (uncovered.length === 0 && lease.held - lease.used - lease.inFlight >= waiter.estimate) {
        lease.inFlight += waiter.estimate;
        waiter.resolve(
          admissionOf(lease.userId, lease.tokenId, lease.subscriptionId, waiter.estimate),
        );
      } else if (shortfall !== undefined) {
        waiter.reject(shortfallError(shortfall, waiter.estimate));
      } else {
        uncovered.push(waiter);
      }
    }
    lease.waiters.unshift(...uncovered);
  }

  /** Gives back the holds with no call in flight that have been idle since `before`. */
  private releaseIdle(before: number): void {
    for (const [key, lease] of this.leases) {
      if (lease.lastActive <= before || before === Number.POSITIVE_INFINITY) {
        this.releaseIfIdle(key, lease);
      }
    }
  }

  private releaseIfIdle(key: string, lease: Lease): void {
    if (lease.inFlight !== 0 || lease.waiters.length > 0 || lease.requesting) return;
    this.leases.delete(key);
    if (lease.held !== 0) this.writer.release(lease);
  }
}
