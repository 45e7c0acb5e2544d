import type { PriceInfo } from '../billing/index.js';
import type { Admission } from '../billing/quota-ledger.js';
import type { RelayMode } from '../providers/provider-adaptor.js';
import type { Usage } from '../providers/usage.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import type { RequestFacts } from './build-call-input.js';
import type { CachedChannel } from './channel-cache.js';
import type { InboundFormat } from './formats/format-spec.js';
import type { RelayExchange } from './relay-exchange.js';
import type { RelayServices } from './relay-services.js';
import { settleCall } from './settle-call.js';
import type { UpstreamExchange } from '../providers/upstream-exchange.js';
import type { LimitAdmission } from '../limits/limit-engine.js';
import type { AnswerCapture } from './response-cache/answer-capture.js';

/** How a call ended. */
export interface CallOutcome {
  /** Final usage (already completed locally where upstream gave none); undefined on failure. */
  usage: Usage | undefined;
  /** Generated text of a plain answer, for local counting when usage is missing. */
  completionText?: string;
  channel: CachedChannel | undefined;
  /** True when no answer was delivered: nothing is charged. */
  failed: boolean;
  clientAborted?: boolean;
  streamBroken?: boolean;
  /** Set when the answer was replayed from the response cache: charged `quota`, not by usage. */
  cached?: CachedOutcome;
}

/** How a response cache hit is charged (relay/response-cache/serve-cached-answer.ts). */
export interface CachedOutcome {
  /** What the hit is charged: the rule's charge ratio × the original call's quota. */
  quota: number;
  /** The original call's quota minus `quota` (logged as `cache_saved_quota`). */
  savedQuota: number;
  chargeRatio: number;
}

/** What a call is, decided before its first upstream attempt. */
export interface CallPlan {
  caller: RelayCaller;
  mode: RelayMode;
  model: string;
  group: string;
  price: PriceInfo;
  facts: RequestFacts;
  isStream: boolean;
  /** The channel an admin pinned with `sk-<key>-<channelId>`, if any. */
  pinned?: CachedChannel;
  /** Set when this plan is a fallback of the model the client asked for (model-fallback.ts). */
  fallback?: FallbackState;
}

/** Where a call stands in the fallback list of the model the client asked for. */
export interface FallbackState {
  /** The model the client asked for. */
  readonly from: string;
  /** Its fallback models, in order. */
  readonly chain: readonly string[];
  /** The index in `chain` of the next model to try. */
  readonly next: number;
}

/**
 * One relay call while it runs: what was decided before the upstream call, what each attempt
 * learns, the upstream exchange in progress (a client that leaves cancels it), and settlement,
 * which happens exactly once however the call ends.
 */
export class RelayCall {
  readonly caller: RelayCaller;
  readonly mode: RelayMode;
  // The model, its group, price and request change only when the call moves to a model fallback
  // (`useFallback`); the call is priced and logged as the model that answers.
  model: string;
  group: string;
  price: PriceInfo;
  facts: RequestFacts;
  /** Set once the call moved to a fallback of the model the client asked for. */
  fallback: FallbackState | undefined;
  /**
   * The model's channels could not answer: its last attempt failed with a failure its adaptor
   * calls retryable and no retry was left (set by failover, read by model fallbacks).
   */
  modelExhausted = false;
  readonly isStream: boolean;
  readonly pinned: CachedChannel | undefined;
  /** The wire format the client speaks. */
  readonly format: InboundFormat;
  readonly startedAt: number;
  /** Channel ids tried, in order (logged as admin_info.use_channel). */
  readonly useChannel: string[] = [];
  lastChannel: CachedChannel | undefined;
  /** The key index of `lastChannel` used by the last attempt, when it is a multi-key channel. */
  multiKeyIndex: number | undefined;
  /** The model sent upstream on the last attempt (after model mapping). */
  upstreamModel: string | undefined;
  firstResponseAt: number | undefined;
  /** Locally counted prompt tokens, computed at most once. */
  localPromptTokens: number | undefined;
  /** The upstream exchange in progress. */
  upstream: UpstreamExchange | undefined;
  /** The client went away before the answer was complete. */
  clientGone = false;
  /**
   * The bytes of a cacheable answer as sent, collected by the send paths; undefined (one field
   * check per write) unless the response cache may store this call's answer.
   */
  capture: AnswerCapture | undefined;
  /** What settlement charged and the usage it priced, once settled, when `capture` is set. */
  charged: { quota: number; usage: Usage | undefined } | undefined;
  private settled = false;

  constructor(
    readonly services: RelayServices,
    readonly exchange: RelayExchange,
    plan: CallPlan,
    /** The call's admission by the ledger (its estimate set aside; replaced by a fallback's). */
    public admission: Admission,
    /** The call's reservation on its usage limits; undefined when none applies. */
    readonly limits?: LimitAdmission,
  ) {
    this.caller = plan.caller;
    this.mode = plan.mode;
    this.model = plan.model;
    this.group = plan.group;
    this.price = plan.price;
    this.facts = plan.facts;
    this.isStream = plan.isStream;
    this.pinned = plan.pinned;
    this.fallback = plan.fallback;
    this.format = exchange.format;
    this.startedAt = exchange.startedAt;
  }

  /**
   * Continues the call as the fallback model `plan` names, held by `admission` (the failed
   * model's hold already given back); what the last attempt learnt about its model is forgotten.
   */
  useFallback(plan: CallPlan, admission: Admission): void {
    this.model = plan.model;
    this.group = plan.group;
    this.price = plan.price;
    this.facts = plan.facts;
    this.fallback = plan.fallback;
    this.admission = admission;
    this.modelExhausted = false;
    this.upstreamModel = undefined;
    this.localPromptTokens = undefined;
  }

  /** Settles the call with how it ended; only the first outcome counts. */
  settle(outcome: CallOutcome): Promise<void> {
    if (this.settled) return Promise.resolve();
    this.settled = true;
    const span = this.exchange.trace?.startSettlement();
    if (span === undefined) return settleCall(this, outcome);
    return settleCall(this, outcome).finally(() => span.end());
  }
}
