/** What was taken from a user and token before the upstream call. */
export interface Reservation {
  userId: number;
  tokenId: number;
  tokenUnlimited: boolean;
  amount: number;
}

/** The final numbers of one call, applied exactly once. */
export interface Settlement {
  /** Quota the call really costs. */
  quota: number;
  channelId: number;
  /** False for calls that produced nothing: counters (used_quota, request_count) stay unchanged. */
  countUsage: boolean;
}

export interface UserDelta {
  /** Quota to take (negative: to give back). */
  quota: number;
  used: number;
  requests: number;
}

export interface TokenDelta {
  /** Quota to take from remain_quota and add to used_quota (negative: a refund). */
  quota: number;
}

/**
 * Settlement changes summed per row, so one UPDATE per user, token and channel carries any number
 * of calls. Sums are exact: quota values are integers well inside 2^53.
 */
export class PendingDeltas {
  readonly users = new Map<number, UserDelta>();
  readonly tokens = new Map<number, TokenDelta>();
  readonly channels = new Map<number, number>();

  get empty(): boolean {
    return this.users.size === 0 && this.tokens.size === 0 && this.channels.size === 0;
  }

  /**
   * Adds one call's settlement: the difference to its reservation, and the usage counters.
   * Returns false when it changes nothing (a failed call that reserved nothing).
   */
  addSettlement(reservation: Reservation, settlement: Settlement): boolean {
    const delta = settlement.quota - reservation.amount;
    const used = settlement.countUsage ? settlement.quota : 0;
    const requests = settlement.countUsage ? 1 : 0;
    if (delta !== 0 || used !== 0 || requests !== 0) {
      this.addUser(reservation.userId, { quota: delta, used, requests });
    }
    if (delta !== 0 && reservation.tokenId !== 0) this.addToken(reservation.tokenId, delta);
    if (used !== 0 && settlement.channelId > 0) this.addChannel(settlement.channelId, used);
    return delta !== 0 || used !== 0 || requests !== 0;
  }

  /** Adds everything of `other` (puts a failed write's changes back). */
  addAll(other: PendingDeltas): void {
    for (const [id, change] of other.users) this.addUser(id, change);
    for (const [id, change] of other.tokens) this.addToken(id, change.quota);
    for (const [id, used] of other.channels) this.addChannel(id, used);
  }

  private addUser(id: number, change: UserDelta): void {
    const current = this.users.get(id);
    if (current) {
      current.quota += change.quota;
      current.used += change.used;
      current.requests += change.requests;
    } else {
      this.users.set(id, { ...change });
    }
  }

  private addToken(id: number, quota: number): void {
    const current = this.tokens.get(id);
    if (current) current.quota += quota;
    else this.tokens.set(id, { quota });
  }

  private addChannel(id: number, used: number): void {
    this.channels.set(id, (this.channels.get(id) ?? 0) + used);
  }
}
