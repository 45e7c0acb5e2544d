import type { AppEvents, CircuitChange } from '../../lib/app-events.js';
import {
  CircuitBreaker,
  DEFAULT_BREAKER_SETTINGS,
  type BreakerSettings,
  type BreakerTransition,
  type CircuitState,
} from './circuit-breaker.js';
import { LOCAL_PROBE_TOKENS, type ProbeTokens } from './probe-tokens.js';

/**
 * What one attempt on a channel showed: an answer began (`success`), an HTTP failure that counts
 * (5xx, 408: `failure`), a 429 (`rate_limited`), or no answer at all (`unreachable`: connection
 * refused or reset, timeout before the headers).
 */
export type ChannelOutcome = 'success' | 'failure' | 'rate_limited' | 'unreachable';

/** Whether `select` may use a channel for a model now. */
export const BLOCKED = 0;
export const ALLOWED = 1;
/** Allowed, and this call is the half-open circuit's one probe: choose it first. */
export const PROBE = 2;
export type Admission = typeof BLOCKED | typeof ALLOWED | typeof PROBE;

/** Health settings as the CircuitBreaker* options set them. */
export interface HealthSettings extends BreakerSettings {
  breakerEnabled: boolean;
  weightingEnabled: boolean;
}

/** A channel's circuit as the channel list shows it (the worst of its circuits). */
export interface ChannelCircuitView {
  circuit: CircuitState;
  /** Failures and 429s among the recent outcomes, 0..1. */
  recent_error_rate: number;
  /** Unix seconds the cool-down ends; 0 when closed. */
  circuit_open_until: number;
}

/** One circuit's state for `/metrics` (`model` is '' for the channel-wide circuit). */
export interface CircuitSample {
  channelId: number;
  model: string;
  state: CircuitState;
  errorRate: number;
}

const NO_PROBE = 0;
const CLAIMING = 1;
const READY = 2;
const IN_FLIGHT = 3;
/** How long a probe (or a claimed token) may run before the circuit is free to probe again. */
const PROBE_LEASE_MS = 60_000;
/** After another process won the probe token, ask again at most this often. */
const CLAIM_RETRY_MS = 1_000;
/** EWMA weights of the newest sample. */
const SUCCESS_ALPHA = 0.1;
const LATENCY_ALPHA = 0.2;
/** The smallest share of its weight a channel keeps, so it still gets calls to recover on. */
export const WEIGHT_FLOOR = 0.05;

/** One circuit with this process's probe bookkeeping. */
class Circuit {
  readonly breaker: CircuitBreaker;
  probe = NO_PROBE;
  probeSince = 0;

  constructor(
    readonly key: string,
    window: number,
  ) {
    this.breaker = new CircuitBreaker(window);
  }
}

/** A channel's channel-wide circuit, its per-model circuits and its EWMAs. */
class ChannelRecord {
  readonly models = new Map<string, Circuit>();
  /** EWMA of success (1 = every recent attempt answered). */
  success = 1;
  /** EWMA of time to first byte in ms; 0 until measured. */
  latency = 0;

  constructor(
    readonly id: number,
    readonly channel: Circuit,
  ) {}
}

/**
 * The relay's memory of channel health (issue 29): circuit breakers per channel and per channel ×
 * model, and per-process EWMAs of success and time to first byte that scale a channel's weight
 * inside its priority tier.
 *
 * Contracts:
 * - the channel-wide circuit counts only attempts that got no answer (`unreachable`): an HTTP
 *   answer, even a 5xx, proves the channel reachable, and upstreams fail per model; a
 *   channel × model circuit counts 5xx, 408, no answer, and 429s apart;
 * - an open circuit is skipped by `ChannelCache.select`; after the cool-down exactly one real call
 *   is let through as a probe (its token is claimed in `ProbeTokens`, Redis when configured), and
 *   its outcome closes or re-opens the circuit;
 * - open and close transitions are published as `circuit-changed` app events, which the bridges
 *   carry to the other processes (Redis pub/sub across nodes, IPC between a server's workers):
 *   outcome counting stays per process, the open state is shared, and no read leaves memory;
 * - `allowsAny`/`admission` cost nothing beyond a counter check while every circuit is closed.
 */
export class ChannelHealthBook {
  private readonly records = new Map<number, ChannelRecord>();
  /** Circuits not closed: while 0, `admission` is one comparison. */
  private notClosed = 0;
  private publishing = false;
  private readonly claims = new Set<Promise<void>>();
  private readonly stoppers: Array<() => void> = [];
  settings: HealthSettings = {
    ...DEFAULT_BREAKER_SETTINGS,
    breakerEnabled: true,
    weightingEnabled: true,
  };

  constructor(
    private readonly parts: {
      events?: AppEvents;
      tokens?: ProbeTokens;
      now?: () => number;
    } = {},
  ) {
    const events = parts.events;
    if (events === undefined) return;
    const follow = (change: CircuitChange) => {
      if (!this.publishing) this.applyPeer(change);
    };
    events.on('circuit-changed', follow);
    this.stoppers.push(() => events.off('circuit-changed', follow));
  }

  /** Runs `stop` at `close` (e.g. to stop following the options). */
  onClose(stop: () => void): void {
    this.stoppers.push(stop);
  }

  /** Stops listening to other processes and to the options. */
  close(): void {
    for (const stop of this.stoppers.splice(0)) stop();
  }

  private now(): number {
    return this.parts.now ? this.parts.now() : Date.now();
  }

  /**
   * Whether a channel may serve `model` now: BLOCKED while a circuit of it cools down or another
   * caller probes it, PROBE when this call is to be the half-open circuit's probe (then the caller
   * must `startProbe`), else ALLOWED.
   */
  admission(channelId: number, model: string): Admission {
    if (this.notClosed === 0 || !this.settings.breakerEnabled) return ALLOWED;
    const record = this.records.get(channelId);
    if (record === undefined) return ALLOWED;
    const now = this.now();
    const channelWide = this.admit(record.channel, now);
    if (channelWide === BLOCKED) return BLOCKED;
    const circuit = record.models.get(model);
    const modelWide = circuit === undefined ? ALLOWED : this.admit(circuit, now);
    if (modelWide === BLOCKED) return BLOCKED;
    return channelWide === PROBE || modelWide === PROBE ? PROBE : ALLOWED;
  }

  /** The chosen call is the probe of the channel's half-open circuits whose token this process holds. */
  startProbe(channelId: number, model: string): void {
    const record = this.records.get(channelId);
    if (record === undefined) return;
    const now = this.now();
    for (const circuit of [record.channel, record.models.get(model)]) {
      if (circuit?.probe !== READY) continue;
      circuit.probe = IN_FLIGHT;
      circuit.probeSince = now;
    }
  }

  /** Resolves when the probe tokens being claimed are known (for a call that found every channel open). */
  async claimsSettled(): Promise<boolean> {
    if (this.claims.size === 0) return false;
    await Promise.all([...this.claims]);
    return true;
  }

  /**
   * Records an attempt's outcome: the EWMAs, then the circuits (a probe's outcome closes or
   * re-opens its circuit). `retryAfterMs` is a 429's Retry-After, the cool-down's floor.
   */
  record(
    channelId: number,
    model: string,
    outcome: ChannelOutcome,
    latencyMs: number,
    retryAfterMs = 0,
  ): void {
    const record = this.recordOf(channelId);
    const succeeded = outcome === 'success' ? 1 : 0;
    record.success += SUCCESS_ALPHA * (succeeded - record.success);
    if (outcome === 'success' && latencyMs >= 0) {
      record.latency =
        record.latency === 0
          ? latencyMs
          : record.latency + LATENCY_ALPHA * (latencyMs - record.latency);
    }
    if (!this.settings.breakerEnabled) return;
    const now = this.now();
    // The channel answered unless it was unreachable: for the channel-wide circuit that is a
    // success, whatever the status.
    this.feed(
      record.channel,
      channelId,
      '',
      outcome === 'unreachable' ? 'failure' : 'success',
      now,
      0,
    );
    let circuit = record.models.get(model);
    if (circuit === undefined) {
      circuit = new Circuit(`${channelId}:${model}`, this.settings.window);
      record.models.set(model, circuit);
    }
    // No answer at all is also this model's failure on the channel (and a probe's verdict).
    const counted = outcome === 'unreachable' ? 'failure' : outcome;
    this.feed(circuit, channelId, model, counted, now, retryAfterMs);
  }

  /** An attempt that proved nothing (client gone, a client error): a probe it carried is given back. */
  release(channelId: number, model: string): void {
    if (this.notClosed === 0) return;
    const record = this.records.get(channelId);
    if (record === undefined) return;
    for (const circuit of [record.channel, record.models.get(model)]) {
      if (circuit?.probe !== IN_FLIGHT) continue;
      circuit.probe = NO_PROBE;
      this.tokens().release(circuit.key);
    }
  }

  /**
   * The share of its weight a channel keeps inside its tier: its success EWMA times how its
   * latency compares with the tier's (`referenceLatency`, 0 when unknown), never below
   * WEIGHT_FLOOR. 1 for a channel never measured.
   */
  weightFactor(channelId: number, referenceLatency: number): number {
    if (!this.settings.weightingEnabled) return 1;
    const record = this.records.get(channelId);
    if (record === undefined) return 1;
    let factor = record.success;
    if (referenceLatency > 0 && record.latency > referenceLatency) {
      factor *= referenceLatency / record.latency;
    }
    return factor < WEIGHT_FLOOR ? WEIGHT_FLOOR : factor;
  }

  /** The EWMA of a channel's time to first byte in ms (0 when unknown). */
  latency(channelId: number): number {
    return this.settings.weightingEnabled ? (this.records.get(channelId)?.latency ?? 0) : 0;
  }

  /** The channel's circuit for the console: the worst of its channel-wide and per-model circuits. */
  view(channelId: number): ChannelCircuitView {
    const record = this.records.get(channelId);
    if (record === undefined)
      return { circuit: 'closed', recent_error_rate: 0, circuit_open_until: 0 };
    const now = this.now();
    let worst: CircuitState = 'closed';
    let until = 0;
    let errorRate = record.channel.breaker.errorRate();
    for (const circuit of [record.channel, ...record.models.values()]) {
      const state = circuit.breaker.state(now);
      errorRate = Math.max(errorRate, circuit.breaker.errorRate());
      if (state === 'closed') continue;
      if (state === 'open' || worst === 'closed') worst = state;
      until = Math.max(until, circuit.breaker.openUntil);
    }
    return {
      circuit: worst,
      recent_error_rate: Math.round(errorRate * 1000) / 1000,
      circuit_open_until: until === 0 ? 0 : Math.ceil(until / 1000),
    };
  }

  /** Every circuit this process knows, for `/metrics`. */
  *samples(): IterableIterator<CircuitSample> {
    const now = this.now();
    for (const record of this.records.values()) {
      for (const [model, circuit] of [['', record.channel] as const, ...record.models]) {
        yield {
          channelId: record.id,
          model,
          state: circuit.breaker.state(now),
          errorRate: circuit.breaker.errorRate(),
        };
      }
    }
  }

  /** Whether every listed channel is blocked for `model` (for model fallbacks: "is everything open?"). */
  allBlocked(channelIds: Iterable<number>, model: string): boolean {
    for (const id of channelIds) if (this.peekBlocked(id, model) === false) return false;
    return true;
  }

  private peekBlocked(channelId: number, model: string): boolean {
    if (this.notClosed === 0 || !this.settings.breakerEnabled) return false;
    const record = this.records.get(channelId);
    if (record === undefined) return false;
    const now = this.now();
    const circuit = record.models.get(model);
    return record.channel.breaker.state(now) === 'open' || circuit?.breaker.state(now) === 'open';
  }

  private admit(circuit: Circuit, now: number): Admission {
    const state = circuit.breaker.state(now);
    if (state === 'closed') return ALLOWED;
    if (state === 'open') return BLOCKED;
    switch (circuit.probe) {
      case READY:
        return PROBE;
      case IN_FLIGHT:
      case CLAIMING:
        if (now - circuit.probeSince < PROBE_LEASE_MS) return BLOCKED;
        break;
      default:
        // Another process holds the token: ask again later, not on every call.
        if (now - circuit.probeSince < CLAIM_RETRY_MS) return BLOCKED;
    }
    return this.claim(circuit, now);
  }

  private claim(circuit: Circuit, now: number): Admission {
    circuit.probeSince = now;
    const claimed = this.tokens().claim(circuit.key, PROBE_LEASE_MS);
    if (claimed === true) {
      circuit.probe = READY;
      return PROBE;
    }
    if (claimed === false) {
      circuit.probe = NO_PROBE;
      return BLOCKED;
    }
    circuit.probe = CLAIMING;
    const pending = claimed.then(
      (won) => {
        if (circuit.probe === CLAIMING) circuit.probe = won ? READY : NO_PROBE;
      },
      () => {
        if (circuit.probe === CLAIMING) circuit.probe = NO_PROBE;
      },
    );
    const settled = pending.finally(() => this.claims.delete(settled));
    this.claims.add(settled);
    return BLOCKED;
  }

  private feed(
    circuit: Circuit,
    channelId: number,
    model: string,
    outcome: 'success' | 'failure' | 'rate_limited',
    now: number,
    retryAfterMs: number,
  ): void {
    const breaker = circuit.breaker;
    const wasOpen = breaker.openUntil !== 0;
    let transition: BreakerTransition | undefined;
    if (circuit.probe === IN_FLIGHT) {
      circuit.probe = NO_PROBE;
      this.tokens().release(circuit.key);
      transition = breaker.probeResult(outcome, now, this.settings, retryAfterMs);
    } else if (!wasOpen) {
      transition = breaker.record(outcome, now, this.settings, retryAfterMs);
    }
    if (transition === undefined) return;
    const isOpen = breaker.openUntil !== 0;
    if (wasOpen !== isOpen) this.notClosed += isOpen ? 1 : -1;
    this.publish({ channelId, model, state: transition.state, openUntil: transition.openUntil });
  }

  private applyPeer(change: CircuitChange): void {
    const record = this.recordOf(change.channelId);
    let circuit = change.model === '' ? record.channel : record.models.get(change.model);
    if (circuit === undefined) {
      circuit = new Circuit(`${change.channelId}:${change.model}`, this.settings.window);
      record.models.set(change.model, circuit);
    }
    const wasClosed = circuit.breaker.openUntil === 0;
    if (change.state === 'open') {
      circuit.breaker.openFromPeer(change.openUntil);
      if (wasClosed) this.notClosed += 1;
      // A peer's failed probe re-opened it: our claim bookkeeping starts over.
      if (circuit.probe !== IN_FLIGHT) circuit.probe = NO_PROBE;
    } else if (!wasClosed) {
      circuit.breaker.close();
      circuit.probe = NO_PROBE;
      this.notClosed -= 1;
    }
  }

  private publish(change: CircuitChange): void {
    const events = this.parts.events;
    if (events === undefined) return;
    this.publishing = true;
    try {
      events.emit('circuit-changed', change);
    } finally {
      this.publishing = false;
    }
  }

  private recordOf(channelId: number): ChannelRecord {
    let record = this.records.get(channelId);
    if (record === undefined) {
      record = new ChannelRecord(channelId, new Circuit(`${channelId}:`, this.settings.window));
      this.records.set(channelId, record);
    }
    return record;
  }

  private tokens(): ProbeTokens {
    return this.parts.tokens ?? LOCAL_PROBE_TOKENS;
  }
}
