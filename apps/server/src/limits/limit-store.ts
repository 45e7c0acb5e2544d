/**
 * Where limit counters live: Redis when REDIS_CONN_STRING is set, else the main database. Both
 * count exactly across processes and nodes.
 *
 * A counter is one limit window of one subject (`key`): a `used` total of settled calls and the
 * live reservations of calls in flight. A reservation carries an expiry (the quota hold lifetime),
 * past which it is dead and no longer counts, so a process killed mid-call leaks nothing past it.
 */
export interface CounterReservation {
  key: string;
  /** The limit: the reservation is refused when the counter would go above it. */
  max: number;
  /** What the call sets aside (1 request, its token estimate, its quota estimate, 1 call). */
  amount: number;
  /** Unix seconds after which the counter's window is over and it may be dropped. */
  expiresAt: number;
}

/** What a reservation found. */
export interface ReserveReply {
  admitted: boolean;
  /** Index of the first counter that was full (refused only). */
  refusedIndex: number;
  /**
   * Each counter's level (used + live reservations): after the reservation when admitted; when
   * refused, the full counter's level before it (the others are not reported).
   */
  levels: number[];
}

/** One counter's share of a settlement: what the call really used. */
export interface CounterSettlement {
  key: string;
  actual: number;
  expiresAt: number;
}

export interface LimitStore {
  /**
   * Reserves `amount` on every counter at once, or nothing: refused as soon as one counter would
   * exceed its max. Dead reservations of those counters are swept first.
   */
  reserve(
    reservation: string,
    counters: readonly CounterReservation[],
    nowSeconds: number,
    reservationExpiresAt: number,
  ): Promise<ReserveReply>;
  /**
   * Drops the call's reservation and adds what it used. Deferred (off the answer path): errors go
   * to the store's error handler.
   */
  settle(reservation: string, counters: readonly CounterSettlement[]): void;
  /** Levels (used + live reservations) of counters, in one round trip. */
  levels(keys: readonly string[], nowSeconds: number): Promise<number[]>;
  /** Writes what is pending. */
  flush(): Promise<void>;
}
