import type { LogRow } from '../logs/log-insert-statement.js';

/**
 * A user and one of their tokens: the pair quota is held for (token 0: calls without a token), and
 * the pool it comes from: the user's wallet (`users.quota`), or one of their subscriptions
 * (`subscriptionId`: its `amount_used` grows instead).
 */
export interface HoldKey {
  userId: number;
  tokenId: number;
  /** Absent or 0: the wallet. */
  subscriptionId?: number;
}

/** `userId:tokenId` (`userId:tokenId:subscriptionId` for a subscription's pool), a hold's key in maps. */
export function holdKeyText(userId: number, tokenId: number, subscriptionId = 0): string {
  return subscriptionId ? `${userId}:${tokenId}:${subscriptionId}` : `${userId}:${tokenId}`;
}

/** The key of `key`'s hold. */
export function holdKeyOf(key: HoldKey): string {
  return holdKeyText(key.userId, key.tokenId, key.subscriptionId);
}

/**
 * A request to move quota from a user's balance (and their token's) into this process's hold for
 * that pair. The largest acceptable amount is taken: `wanted` when both balances cover it, else the
 * largest of `steps` they cover, else nothing.
 *
 * Calls settled against a hold are charged to the balances directly (the hold is not touched on
 * every settlement); `rebase` says how much of the hold they used since the last request, and the
 * hold shrinks by that much while it grows by the grant, in the same statement.
 */
export interface LeaseRequest extends HoldKey {
  /** An unlimited token's remaining quota is lowered but never checked. */
  tokenUnlimited: boolean;
  wanted: number;
  /** Smaller acceptable amounts, ascending (each covers one more waiting call than the last). */
  steps: readonly number[];
  /** What calls settled against the hold have cost since the last request (charged directly). */
  rebase: number;
}

/** What a lease request got; `shortfall` says which balance refused when `granted` is 0. */
export interface LeaseGrant {
  granted: number;
  shortfall?: 'user' | 'token' | 'subscription';
  /** The hold's amount once written (what the process holds in the database now). */
  hold: number;
}

/** The final numbers of one call, applied exactly once, with its log row. */
export interface Settlement extends HoldKey {
  /**
   * Quota the call really costs, taken from the token's balance and from the pool (the user's
   * wallet, or the subscription's `amount_used`); the user's usage counters count it either way.
   */
  quota: number;
  channelId: number;
  /** False for calls that produced nothing: counters (used_quota, request_count) stay unchanged. */
  countUsage: boolean;
  /** The consume log row, written in the same transaction as the charge. */
  log?: LogRow;
  /**
   * How much of the charge comes out of the pair's hold rather than the balances (a tight hold:
   * the hold shrinks in the same write, so no other process sees the call counted twice).
   */
  fromHold?: number;
}

/** A hold to give back to the balances (the row is deleted). */
export type HoldRelease = HoldKey;

/** Settled charges to take out of a hold instead of the balances. */
export interface HoldCharge extends HoldKey {
  amount: number;
}

export interface UserChange {
  /** Quota to take from the balance directly (negative: to give back). */
  quota: number;
  used: number;
  requests: number;
}

export interface TokenChange {
  /** Quota to take from remain_quota directly (negative: to give back). */
  quota: number;
  /** Quota to add to used_quota. */
  used: number;
}

/**
 * Everything one group commit writes besides lease requests: settlements summed per row (one
 * UPDATE per user, token and channel carries any number of calls), hold releases and log rows.
 * Sums are exact: quota values are integers well inside 2^53.
 */
export class PendingWrites {
  readonly releases = new Map<string, HoldRelease>();
  readonly holdCharges = new Map<string, HoldCharge>();
  readonly users = new Map<number, UserChange>();
  /** Quota to add to a subscription's `amount_used` (negative: to give back), by its id. */
  readonly subscriptions = new Map<number, number>();
  readonly tokens = new Map<number, TokenChange>();
  readonly channels = new Map<number, number>();
  logs: LogRow[] = [];

  get empty(): boolean {
    return (
      this.releases.size === 0 &&
      this.holdCharges.size === 0 &&
      this.users.size === 0 &&
      this.subscriptions.size === 0 &&
      this.tokens.size === 0 &&
      this.channels.size === 0 &&
      this.logs.length === 0
    );
  }

  /** Adds one call's settlement. Returns false when it writes nothing. */
  addSettlement(settlement: Settlement): boolean {
    const { quota, userId, tokenId } = settlement;
    const subscriptionId = settlement.subscriptionId ?? 0;
    const used = settlement.countUsage ? quota : 0;
    const requests = settlement.countUsage ? 1 : 0;
    if (settlement.log) this.logs.push(settlement.log);
    if (quota !== 0 || used !== 0 || requests !== 0) {
      this.addUser(userId, { quota: subscriptionId ? 0 : quota, used, requests });
    }
    if (subscriptionId && quota !== 0) this.addSubscription(subscriptionId, quota);
    if (quota !== 0 && tokenId !== 0) this.addToken(tokenId, { quota, used: quota });
    if (used !== 0 && settlement.channelId > 0) this.addChannel(settlement.channelId, used);
    if (settlement.fromHold && settlement.fromHold > 0) {
      const charge: HoldCharge = { userId, tokenId, amount: settlement.fromHold };
      if (subscriptionId) charge.subscriptionId = subscriptionId;
      this.addHoldCharge(charge);
    }
    return quota !== 0 || used !== 0 || requests !== 0 || settlement.log !== undefined;
  }

  /** Gives a hold back to the balances. */
  addRelease(key: HoldKey): void {
    const release: HoldRelease = { userId: key.userId, tokenId: key.tokenId };
    if (key.subscriptionId) release.subscriptionId = key.subscriptionId;
    this.releases.set(holdKeyOf(key), release);
  }

  addLog(row: LogRow): void {
    this.logs.push(row);
  }

  /** What settled calls will take out of the `key` hold with this write. */
  holdCharge(key: string): number {
    return this.holdCharges.get(key)?.amount ?? 0;
  }

  private addHoldCharge(charge: HoldCharge): void {
    const key = holdKeyOf(charge);
    const current = this.holdCharges.get(key);
    if (current) current.amount += charge.amount;
    else this.holdCharges.set(key, { ...charge });
  }

  /** Adds everything of `other` (puts a failed write's changes back). */
  addAll(other: PendingWrites): void {
    for (const release of other.releases.values()) this.addRelease(release);
    for (const charge of other.holdCharges.values()) this.addHoldCharge(charge);
    for (const [id, change] of other.users) this.addUser(id, change);
    for (const [id, quota] of other.subscriptions) this.addSubscription(id, quota);
    for (const [id, change] of other.tokens) this.addToken(id, change);
    for (const [id, used] of other.channels) this.addChannel(id, used);
    this.logs = other.logs.concat(this.logs);
  }

  private addUser(id: number, change: UserChange): void {
    const current = this.users.get(id);
    if (current) {
      current.quota += change.quota;
      current.used += change.used;
      current.requests += change.requests;
    } else {
      this.users.set(id, { ...change });
    }
  }

  private addSubscription(id: number, quota: number): void {
    this.subscriptions.set(id, (this.subscriptions.get(id) ?? 0) + quota);
  }

  private addToken(id: number, change: TokenChange): void {
    const current = this.tokens.get(id);
    if (current) {
      current.quota += change.quota;
      current.used += change.used;
    } else {
      this.tokens.set(id, { ...change });
    }
  }

  private addChannel(id: number, used: number): void {
    this.channels.set(id, (this.channels.get(id) ?? 0) + used);
  }
}
