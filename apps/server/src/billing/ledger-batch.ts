import type { LogRow } from '../logs/log-insert-statement.js';

/** A user and one of their tokens: the pair quota is held for (token 0: calls without a token). */
export interface HoldKey {
  userId: number;
  tokenId: number;
}

/** `userId:tokenId`, the key of a hold in maps. */
export function holdKeyText(userId: number, tokenId: number): string {
  return `${userId}:${tokenId}`;
}

/**
 * A request to move quota from a user's balance (and their token's) into this process's hold for
 * that pair. The largest acceptable amount is taken: `wanted` when both balances cover it, else the
 * largest of `steps` they cover, else nothing.
 */
export interface LeaseRequest extends HoldKey {
  /** An unlimited token's remaining quota is lowered but never checked. */
  tokenUnlimited: boolean;
  wanted: number;
  /** Smaller acceptable amounts, ascending (each covers one more waiting call than the last). */
  steps: readonly number[];
}

/** What a lease request got; `shortfall` says which balance refused when `granted` is 0. */
export interface LeaseGrant {
  granted: number;
  shortfall?: 'user' | 'token';
}

/** The final numbers of one call, applied exactly once, with its log row. */
export interface Settlement extends HoldKey {
  /** Quota the call really costs. */
  quota: number;
  /** True when the call's estimate was held: the cost is taken from the hold, not the balance. */
  held: boolean;
  channelId: number;
  /** False for calls that produced nothing: counters (used_quota, request_count) stay unchanged. */
  countUsage: boolean;
  /** The consume log row, written in the same transaction as the charge. */
  log?: LogRow;
}

/** Changes to one hold row. */
export interface HoldChange extends HoldKey {
  /** Quota charged against the hold. */
  spent: number;
  /** Give what remains of the hold back to the balances and delete the row. */
  release: boolean;
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
 * UPDATE per hold, user, token and channel carries any number of calls), hold releases and log rows.
 * Sums are exact: quota values are integers well inside 2^53.
 */
export class PendingWrites {
  readonly holds = new Map<string, HoldChange>();
  readonly users = new Map<number, UserChange>();
  readonly tokens = new Map<number, TokenChange>();
  readonly channels = new Map<number, number>();
  logs: LogRow[] = [];

  get empty(): boolean {
    return (
      this.holds.size === 0 &&
      this.users.size === 0 &&
      this.tokens.size === 0 &&
      this.channels.size === 0 &&
      this.logs.length === 0
    );
  }

  /** Adds one call's settlement. Returns false when it writes nothing. */
  addSettlement(settlement: Settlement): boolean {
    const { quota, userId, tokenId } = settlement;
    const used = settlement.countUsage ? quota : 0;
    const requests = settlement.countUsage ? 1 : 0;
    if (settlement.log) this.logs.push(settlement.log);
    if (settlement.held) {
      if (quota !== 0) this.hold(userId, tokenId).spent += quota;
    } else if (quota !== 0 && tokenId !== 0) {
      this.addToken(tokenId, { quota, used: 0 });
    }
    const direct = settlement.held ? 0 : quota;
    if (direct !== 0 || used !== 0 || requests !== 0) {
      this.addUser(userId, { quota: direct, used, requests });
    }
    if (quota !== 0 && tokenId !== 0) this.addToken(tokenId, { quota: 0, used: quota });
    if (used !== 0 && settlement.channelId > 0) this.addChannel(settlement.channelId, used);
    return quota !== 0 || used !== 0 || requests !== 0 || settlement.log !== undefined;
  }

  /** Gives what remains of a hold back (after this batch's charges against it). */
  addRelease(key: HoldKey): void {
    this.hold(key.userId, key.tokenId).release = true;
  }

  addLog(row: LogRow): void {
    this.logs.push(row);
  }

  /** Adds everything of `other` (puts a failed write's changes back). */
  addAll(other: PendingWrites): void {
    for (const change of other.holds.values()) {
      const hold = this.hold(change.userId, change.tokenId);
      hold.spent += change.spent;
      hold.release ||= change.release;
    }
    for (const [id, change] of other.users) this.addUser(id, change);
    for (const [id, change] of other.tokens) this.addToken(id, change);
    for (const [id, used] of other.channels) this.addChannel(id, used);
    this.logs = other.logs.concat(this.logs);
  }

  private hold(userId: number, tokenId: number): HoldChange {
    const key = holdKeyText(userId, tokenId);
    let hold = this.holds.get(key);
    if (!hold) {
      hold = { userId, tokenId, spent: 0, release: false };
      this.holds.set(key, hold);
    }
    return hold;
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
