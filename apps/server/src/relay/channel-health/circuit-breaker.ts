/** What one upstream attempt says about a channel's health. */
export type AttemptOutcome =
  /** An answer began (status below 400). */
  | 'success'
  /** A 5xx, a 408, no answer at all (connection refused or reset, timeout). */
  | 'failure'
  /** A 429: counted apart, with its own threshold. */
  | 'rate_limited';

/** A circuit's state as the console and `/metrics` show it. */
export type CircuitState = 'closed' | 'open' | 'half_open';

/** The thresholds of every breaker (from the CircuitBreaker* options). */
export interface BreakerSettings {
  /** Outcomes kept per circuit (the rolling window). */
  window: number;
  /** Failures in the window that open the circuit (so also the minimum of calls). */
  failureThreshold: number;
  /** 429s in the window that open the circuit. */
  rateLimitThreshold: number;
  /** First cool-down; doubled at each trip that follows a failed probe. */
  cooldownMs: number;
  /** The longest cool-down. */
  maxCooldownMs: number;
}

export const DEFAULT_BREAKER_SETTINGS: Readonly<BreakerSettings> = Object.freeze({
  window: 20,
  failureThreshold: 5,
  rateLimitThreshold: 3,
  cooldownMs: 30_000,
  maxCooldownMs: 300_000,
});

const EMPTY = 0;
const SUCCESS = 1;
const FAILURE = 2;
const RATE_LIMITED = 3;

/** A transition the breaker made; the caller shares it with the other processes. */
export interface BreakerTransition {
  state: 'open' | 'closed';
  /** Unix ms the cool-down ends (0 when closed). */
  openUntil: number;
}

/**
 * One circuit (a channel, or a channel × model): a ring of the last `window` outcomes and the
 * closed → open → half-open → closed machine. Pure and clock-free: callers pass `now` (unix ms),
 * so tests drive time. Who may send the one half-open probe is decided outside (the probe token,
 * shared across processes); the breaker only says when a probe is due and takes its outcome.
 */
export class CircuitBreaker {
  private ring: Uint8Array;
  private next = 0;
  private failures = 0;
  private rateLimited = 0;
  private recorded = 0;
  /** Consecutive trips without a close between them (the cool-down's exponent). */
  private trips = 0;
  /** Unix ms the cool-down ends; 0 while closed. */
  openUntil = 0;

  constructor(window: number) {
    this.ring = new Uint8Array(Math.max(1, window));
  }

  /** closed, open (cooling down) or half_open (cool-down over, a probe decides). */
  state(now: number): CircuitState {
    if (this.openUntil === 0) return 'closed';
    return now < this.openUntil ? 'open' : 'half_open';
  }

  /** Share of failures and 429s among the recorded outcomes of the window (0..1). */
  errorRate(): number {
    return this.recorded === 0 ? 0 : (this.failures + this.rateLimited) / this.recorded;
  }

  /**
   * Records a closed circuit's outcome; opens it when a threshold is reached. `retryAfterMs`
   * (a 429's Retry-After) is the cool-down's floor.
   */
  record(
    outcome: AttemptOutcome,
    now: number,
    settings: BreakerSettings,
    retryAfterMs = 0,
  ): BreakerTransition | undefined {
    if (this.openUntil !== 0) return undefined;
    if (this.ring.length !== settings.window) this.resize(settings.window);
    this.push(outcome === 'success' ? SUCCESS : outcome === 'failure' ? FAILURE : RATE_LIMITED);
    const tripped =
      this.failures >= settings.failureThreshold || this.rateLimited >= settings.rateLimitThreshold;
    return tripped ? this.trip(now, settings, retryAfterMs) : undefined;
  }

  /** The half-open probe's outcome: a success closes the circuit, a failure re-opens it longer. */
  probeResult(
    outcome: AttemptOutcome,
    now: number,
    settings: BreakerSettings,
    retryAfterMs = 0,
  ): BreakerTransition {
    if (outcome === 'success') return this.close();
    return this.trip(now, settings, retryAfterMs);
  }

  /** Opens the circuit until `until` as another process decided (never shortens a longer one). */
  openFromPeer(until: number): void {
    if (until > this.openUntil) this.openUntil = until;
  }

  /** Closes the circuit and forgets its window. */
  close(): BreakerTransition {
    this.openUntil = 0;
    this.trips = 0;
    this.ring.fill(EMPTY);
    this.next = 0;
    this.failures = 0;
    this.rateLimited = 0;
    this.recorded = 0;
    return { state: 'closed', openUntil: 0 };
  }

  private trip(now: number, settings: BreakerSettings, retryAfterMs: number): BreakerTransition {
    const exponential = settings.cooldownMs * 2 ** Math.min(this.trips, 30);
    const cooldown = Math.max(Math.min(exponential, settings.maxCooldownMs), retryAfterMs);
    this.trips += 1;
    this.openUntil = now + cooldown;
    return { state: 'open', openUntil: this.openUntil };
  }

  private push(value: number): void {
    const old = this.ring[this.next];
    if (old === FAILURE) this.failures -= 1;
    else if (old === RATE_LIMITED) this.rateLimited -= 1;
    else if (old === EMPTY) this.recorded += 1;
    this.ring[this.next] = value;
    if (value === FAILURE) this.failures += 1;
    else if (value === RATE_LIMITED) this.rateLimited += 1;
    this.next = (this.next + 1) % this.ring.length;
  }

  private resize(window: number): void {
    this.ring = new Uint8Array(Math.max(1, window));
    this.next = 0;
    this.failures = 0;
    this.rateLimited = 0;
    this.recorded = 0;
  }
}
