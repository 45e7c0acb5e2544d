import { randomBytes } from 'node:crypto';
import type { LimitKind, LimitRefusalCode, LimitScope, LimitUsage } from '@tollgate/contracts';
import type { AppliedLimit } from './applied-limits.js';
import type { CounterReservation, LimitStore } from './limit-store.js';
import { formatResetDuration, periodOf, WindowClock, type LimitWindow } from './limit-windows.js';

/** What a call is expected to use, known at admission. */
export interface LimitEstimate {
  /** Prompt estimate + output limit estimate (tpm/tpd). */
  tokens: number;
  /** The ledger's quota estimate (budgets). */
  quota: number;
}

/** What a call really used, known when it is settled. */
export interface LimitActual {
  /** Billed tokens (prompt + completion). */
  tokens: number;
  /** Charged quota. */
  quota: number;
}

/** A call refused by a limit: which one, and when it has room again. */
export class LimitRefusal extends Error {
  readonly code: LimitRefusalCode;

  constructor(
    readonly scope: LimitScope,
    readonly kind: LimitKind,
    readonly max: number,
    /** Unix seconds at which the window ends (0 for concurrency). */
    readonly resetAt: number,
    /** Seconds to wait before trying again (1 for concurrency). */
    readonly retryAfterSeconds: number,
  ) {
    super(`${scope}.${kind} limit reached`);
    this.name = 'LimitRefusal';
    this.code = `${scope}.${kind}`;
  }
}

/** Whose call an admission is: the user and token a budget notice is about. */
export interface LimitOwner {
  userId: number;
  tokenId: number;
}

/** A budget's standing after a settled call (what budget notices are decided from). */
export interface BudgetSettled {
  userId: number;
  scope: LimitScope;
  /** The token of a `token` budget. */
  tokenId?: number;
  kind: 'budget_day' | 'budget_week' | 'budget_month';
  /** Unix seconds at which the budget's period began. */
  periodStart: number;
  /** Quota used in the period with this call's actual charge (other calls in flight included). */
  used: number;
  max: number;
}

function isBudget(kind: LimitKind): kind is BudgetSettled['kind'] {
  return kind === 'budget_day' || kind === 'budget_week' || kind === 'budget_month';
}

/** Engine settings. */
export interface LimitEngineOptions {
  store: LimitStore;
  /** Lifetime of a reservation (the quota hold lifetime, QUOTA_HOLD_SECONDS). */
  reservationSeconds: number;
  /** The limit time zone now (the `LimitTimeZone` option resolved). */
  timeZone: () => string;
  /** The clock (tests inject one). */
  clock?: WindowClock;
}

interface Counter {
  limit: AppliedLimit;
  window: LimitWindow;
  key: string;
}

/** Kinds counted in requests, tokens, calls and quota. */
function amountOf(kind: LimitKind, usage: LimitEstimate | LimitActual, settling: boolean): number {
  switch (kind) {
    case 'rpm':
    case 'rpd':
      return 1;
    case 'concurrency':
      return settling ? 0 : 1;
    case 'tpm':
    case 'tpd':
      return Math.max(0, Math.ceil(usage.tokens));
    default:
      return Math.max(0, Math.ceil(usage.quota));
  }
}

/** The counter key of a limit's current window. */
export function counterKey(limit: Pick<AppliedLimit, 'subject' | 'kind'>, window: LimitWindow) {
  return `tollgate:lim:${limit.subject}:${limit.kind}:${window.start}`;
}

const PROCESS_PART = randomBytes(6).toString('hex');
let sequence = 0;

/**
 * Counts calls against limits and budgets. `admit` reserves on every applicable counter at once
 * (one store round trip) or refuses naming the first full one; the admission is then settled
 * with the actual use, or released when the call failed.
 */
export class LimitEngine {
  readonly clock: WindowClock;
  private readonly budgetListeners = new Set<(standing: BudgetSettled) => void>();

  constructor(private readonly options: LimitEngineOptions) {
    this.clock = options.clock ?? new WindowClock();
  }

  private countersOf(applied: readonly AppliedLimit[], nowMs: number): Counter[] {
    const timeZone = this.options.timeZone();
    return applied.map((limit) => {
      const window = this.clock.windowOf(periodOf(limit.kind), timeZone, nowMs);
      return { limit, window, key: counterKey(limit, window) };
    });
  }

  private counterExpiry(counter: Counter, nowSeconds: number): number {
    // Past the window end by a minute so a late settlement still lands in its window; a
    // concurrency counter lives as long as its newest reservation could.
    return counter.window.end > 0
      ? counter.window.end + 60
      : nowSeconds + this.options.reservationSeconds * 2;
  }

  /**
   * Hears of every budget a settled call counted against (budget notices); returns the function
   * that stops listening.
   */
  onBudgetSettled(listener: (standing: BudgetSettled) => void): () => void {
    this.budgetListeners.add(listener);
    return () => this.budgetListeners.delete(listener);
  }

  /** Reserves the call on every applied limit, or throws `LimitRefusal`. */
  async admit(
    applied: readonly AppliedLimit[],
    estimate: LimitEstimate,
    owner?: LimitOwner,
  ): Promise<LimitAdmission> {
    const nowMs = this.clock.nowMs();
    const nowSeconds = Math.floor(nowMs / 1000);
    const counters = this.countersOf(applied, nowMs);
    const reservations: CounterReservation[] = counters.map((counter) => ({
      key: counter.key,
      max: counter.limit.max,
      amount: amountOf(counter.limit.kind, estimate, false),
      expiresAt: this.counterExpiry(counter, nowSeconds),
    }));
    const reservation = `${PROCESS_PART}${(sequence += 1).toString(36)}`;
    const reply = await this.options.store.reserve(
      reservation,
      reservations,
      nowSeconds,
      nowSeconds + this.options.reservationSeconds,
    );
    if (!reply.admitted) {
      const { limit, window } = counters[reply.refusedIndex];
      const retryAfter = window.end > 0 ? Math.max(1, Math.ceil(window.end - nowMs / 1000)) : 1;
      throw new LimitRefusal(limit.scope, limit.kind, limit.max, window.end, retryAfter);
    }
    return new LimitAdmission(this, reservation, counters, reply.levels, nowMs, {
      owner,
      reserved: reservations.map((entry) => entry.amount),
    });
  }

  /** @internal Ends an admission: the actual use added (settle) or nothing (release). */
  finish(admission: LimitAdmission, counters: readonly Counter[], actual: LimitActual | undefined) {
    const nowSeconds = Math.floor(this.clock.nowMs() / 1000);
    const amounts = counters.map((counter) =>
      actual === undefined ? 0 : amountOf(counter.limit.kind, actual, true),
    );
    this.options.store.settle(
      admission.reservation,
      counters.map((counter, index) => ({
        key: counter.key,
        actual: amounts[index],
        expiresAt: this.counterExpiry(counter, nowSeconds),
      })),
    );
    if (actual !== undefined && this.budgetListeners.size > 0) {
      this.reportBudgets(admission, counters, amounts);
    }
  }

  /**
   * Each budget's level after the call: its level at admission (this reservation included) with
   * the reservation replaced by the actual charge — no extra store round trip.
   */
  private reportBudgets(
    admission: LimitAdmission,
    counters: readonly Counter[],
    amounts: readonly number[],
  ): void {
    const { owner, reserved } = admission.accounting;
    if (owner === undefined) return;
    counters.forEach(({ limit, window }, index) => {
      if (!isBudget(limit.kind)) return;
      const standing: BudgetSettled = {
        userId: owner.userId,
        scope: limit.scope,
        tokenId: limit.scope === 'token' ? owner.tokenId : undefined,
        kind: limit.kind,
        periodStart: window.start,
        used: admission.levelAt(index) - reserved[index] + amounts[index],
        max: limit.max,
      };
      for (const listener of this.budgetListeners) listener(standing);
    });
  }

  /**
   * The standing of every limit in each list (one list per token), read in one store round trip
   * for all of them.
   */
  async usage(lists: readonly (readonly AppliedLimit[])[]): Promise<LimitUsage[][]> {
    const nowMs = this.clock.nowMs();
    const perList = lists.map((applied) => this.countersOf(applied, nowMs));
    const keys = [...new Set(perList.flat().map((counter) => counter.key))];
    const levels = await this.options.store.levels(keys, Math.floor(nowMs / 1000));
    const levelByKey = new Map(keys.map((key, index) => [key, levels[index] ?? 0]));
    return perList.map((counters) =>
      counters.map(({ limit, window, key }) => ({
        scope: limit.scope,
        limit: limit.kind,
        max: limit.max,
        used: levelByKey.get(key) ?? 0,
        reset_at: window.end,
      })),
    );
  }

  flush(): Promise<void> {
    return this.options.store.flush();
  }
}

/** A call's reservation on its limits; settled or released exactly once. */
export class LimitAdmission {
  private done = false;

  constructor(
    private readonly engine: LimitEngine,
    readonly reservation: string,
    private readonly counters: readonly Counter[],
    /** Each counter's level after this call's reservation. */
    private readonly levels: readonly number[],
    private readonly admittedAt: number,
    /** @internal Whose call it is and what it reserved on each counter. */
    readonly accounting: { owner?: LimitOwner; reserved: readonly number[] },
  ) {}

  /** @internal Counter `index`'s level after this call's reservation. */
  levelAt(index: number): number {
    return this.levels[index];
  }

  /** Adds what the call used and drops its reservation. */
  settle(actual: LimitActual): void {
    if (this.done) return;
    this.done = true;
    this.engine.finish(this, this.counters, actual);
  }

  /** Drops the reservation and adds nothing (the call failed or never reached an answer). */
  release(): void {
    if (this.done) return;
    this.done = true;
    this.engine.finish(this, this.counters, undefined);
  }

  /**
   * OpenAI's rate-limit headers for the tightest request limit and the tightest token limit
   * (least room left), from the admission's own reply; undefined when neither kind applies.
   */
  headers(): Record<string, string> | undefined {
    const requests = this.tightest('rpm', 'rpd');
    const tokens = this.tightest('tpm', 'tpd');
    if (requests === undefined && tokens === undefined) return undefined;
    const headers: Record<string, string> = {};
    if (requests !== undefined) this.describe(headers, 'requests', requests);
    if (tokens !== undefined) this.describe(headers, 'tokens', tokens);
    return headers;
  }

  private tightest(first: LimitKind, second: LimitKind): number | undefined {
    let best: number | undefined;
    let bestRoom = Infinity;
    for (let index = 0; index < this.counters.length; index += 1) {
      const { limit } = this.counters[index];
      if (limit.kind !== first && limit.kind !== second) continue;
      const room = limit.max - this.levels[index];
      if (room < bestRoom) {
        bestRoom = room;
        best = index;
      }
    }
    return best;
  }

  private describe(headers: Record<string, string>, name: string, index: number): void {
    const { limit, window } = this.counters[index];
    headers[`x-ratelimit-limit-${name}`] = String(limit.max);
    headers[`x-ratelimit-remaining-${name}`] = String(Math.max(0, limit.max - this.levels[index]));
    headers[`x-ratelimit-reset-${name}`] = formatResetDuration(window.end - this.admittedAt / 1000);
  }
}
