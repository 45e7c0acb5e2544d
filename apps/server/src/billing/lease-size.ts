/** Balances as this process sees them (the database's last values less its unwritten charges). */
export interface BalanceView {
  user: number;
  /** Undefined for an unlimited token or a call without one. */
  token: number | undefined;
}

export interface LeaseSizeInput {
  /** What the hold has beyond the calls in flight (may be negative). */
  available: number;
  /** Estimates of the calls in flight on the hold. */
  inFlight: number;
  /** Estimates of the calls waiting to be admitted, in order. */
  estimates: readonly number[];
  balances: BalanceView;
}

export interface LeaseSize {
  /** What to ask for: the waiting calls' shortfall, plus room for the next calls when roomy. */
  wanted: number;
  /** The shortfall of the first call, of the first two, ... ascending: partial grants accepted. */
  steps: number[];
  /** True when the balances comfortably cover the calls (the hold is kept while idle). */
  roomy: boolean;
}

/** A balance above this many times a call's estimate is comfortable (new-api's trust threshold). */
const ROOMY_FACTOR = 100;
/** A roomy hold takes room for at least this many more calls, so most calls need no write. */
const ROOM_FOR_CALLS = 64;
/** …and for this many times the calls in flight, so busy pairs top up rarely. */
const ROOM_PER_CALL_IN_FLIGHT = 4;
/** A roomy hold never takes more than this share of a balance, so other processes get theirs. */
const MAX_SHARE = 1 / 8;

/**
 * How much hold to ask for. new-api reserves nothing when a balance exceeds 100 times the
 * estimate (reference §4.2), which lets concurrent calls overspend without bound. Here that
 * comfort buys only batching: a roomy balance is held for the waiting calls plus room for
 * `max(64 calls, 4 × the calls in flight)` more, but never more than an eighth of it; a tight
 * balance holds exactly what the waiting calls need. Either way every admitted call's estimate is
 * held, and what a hold does not use goes back within seconds.
 */
export function leaseSize(input: LeaseSizeInput): LeaseSize {
  const steps: number[] = [];
  let sum = -input.available;
  let largest = 0;
  for (const estimate of input.estimates) {
    sum += estimate;
    largest = Math.max(largest, estimate);
    if (sum > 0) steps.push(sum);
  }
  const need = steps.length > 0 ? steps[steps.length - 1] : 0;
  const { user, token } = input.balances;
  const threshold = ROOMY_FACTOR * largest;
  const roomy = largest > 0 && user > threshold && (token === undefined || token > threshold);
  if (!roomy || need === 0) return { wanted: need, steps, roomy };
  let room = Math.max(ROOM_FOR_CALLS * largest, ROOM_PER_CALL_IN_FLIGHT * (input.inFlight + need));
  room = Math.min(room, Math.floor(user * MAX_SHARE));
  if (token !== undefined) room = Math.min(room, Math.floor(token * MAX_SHARE));
  return { wanted: need + Math.max(0, room), steps, roomy };
}
