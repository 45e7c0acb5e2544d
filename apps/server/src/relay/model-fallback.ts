import { RelayError } from '../errors/relay-error.js';
import { fallbackModelsOf } from '../options/model-fallbacks.js';
import { admitCall, estimateCall } from './admit-call.js';
import type { RequestFacts } from './build-call-input.js';
import { callerPrice } from './caller-price.js';
import { routingModelName } from './channel-cache.js';
import type { CallPlan, FallbackState, RelayCall } from './relay-call-context.js';
import type { RelayExchange } from './relay-exchange.js';
import type { RelayServices } from './relay-services.js';
import { resolveGroup } from './resolve-group.js';

/**
 * Model fallbacks (docs/compatibility.md "Model fallbacks"): when the requested model cannot answer
 * a call — every channel tried failed with a failure another channel might not have and the retries
 * ran out, every circuit is open, or no channel serves it in the group — the models of its
 * fallback list (`ModelFallbacks`, `GroupModelFallbacks`) are tried in order, each with its own
 * channels, retries, price and hold. Nothing here runs on a call that succeeds: the lists are read
 * only at the point of failure.
 */

/** A request header that turns fallbacks off for the call (`1` or `true`). */
export const NO_FALLBACK_HEADER = 'x-tollgate-no-fallback';
/** Set on the answer of a call a fallback model served: the model the client asked for. */
export const FALLBACK_FROM_HEADER = 'x-tollgate-fallback-from';

/** A call's plan before its price: what choosing a fallback starts from. */
export type UnpricedPlan = Omit<CallPlan, 'price' | 'fallback'>;

/**
 * The plan of the first usable fallback of a call whose model has no enabled channel in its group
 * (decided before anything is held); undefined when there is none, and the caller answers the
 * usual "no channel" error.
 */
export function fallbackForUnroutable(
  services: RelayServices,
  exchange: RelayExchange,
  plan: UnpricedPlan,
): CallPlan | undefined {
  const state = fallbackStateOf(services, exchange, plan);
  if (state === undefined) return undefined;
  const next = nextFallbackPlan(services, plan, state);
  if (next !== undefined) announceFallback(exchange, state.from);
  return next;
}

/**
 * After the call's model failed with `error`: moves the call on to its next usable fallback (its
 * own price, its own hold in place of the failed model's) and answers true, so the caller tries
 * channels again; false when the error does not allow a fallback, none is configured or usable,
 * or the fallback's hold is refused (then the model's own error stands).
 */
export async function moveToFallback(call: RelayCall, error: unknown): Promise<boolean> {
  if (!fallbackAllowedAfter(call, error)) return false;
  const { services, exchange } = call;
  const state = call.fallback ?? fallbackStateOf(services, exchange, call);
  if (state === undefined) return false;
  const next = nextFallbackPlan(services, call, state);
  if (next === undefined) return false;

  // The failed model's hold goes back first, so that a tight balance can cover the fallback's;
  // until the fallback is admitted the call holds nothing (a refusal settles nothing twice).
  const failed = call.admission;
  call.admission = { userId: failed.userId, tokenId: failed.tokenId, estimate: 0 };
  void services.ledger
    .settle(failed, { quota: 0, channelId: call.lastChannel?.id ?? 0, countUsage: false })
    .catch(() => {});
  let admission;
  try {
    admission = await admitCall(services, next, estimateCall(services, next));
  } catch {
    return false;
  }
  if (call.clientGone) {
    call.admission = admission;
    return false;
  }
  exchange.log.warn(
    { requestId: exchange.id, from: call.model, to: next.model },
    'model failed, trying its fallback',
  );
  call.useFallback(next, admission);
  exchange.callModel = next.model;
  announceFallback(exchange, state.from);
  return true;
}

/**
 * Whether a failure lets the call move to a fallback: the model's channels could not answer
 * (every circuit open, no channel left, retries exhausted on retryable failures), never an error
 * that is the request's fault (400, 413, 422, a content refusal), Tollgate's own refusals, or
 * anything after the answer started or the client left.
 */
function fallbackAllowedAfter(call: RelayCall, error: unknown): boolean {
  if (!(error instanceof RelayError) || call.clientGone || call.exchange.headersSent) return false;
  if (error.code === 'circuit_open' || error.code === 'get_channel_failed') return true;
  return call.modelExhausted && !requestAtFault(error);
}

const REQUEST_FAULT_STATUSES = new Set([400, 413, 422]);
const CONTENT_REFUSAL = /content[_-]?(filter|policy|management)|sensitive|moderation|safety/i;

function requestAtFault(error: RelayError): boolean {
  return (
    REQUEST_FAULT_STATUSES.has(error.status) ||
    CONTENT_REFUSAL.test(error.code) ||
    CONTENT_REFUSAL.test(error.type)
  );
}

/**
 * The fallback list of the call's model in its group (one lookup in each option), unless the
 * call cannot change models: the client opted out, an admin pinned the channel, the body is not
 * JSON (uploads carry the model inside the form) or is passed through as sent.
 */
function fallbackStateOf(
  services: RelayServices,
  exchange: RelayExchange,
  plan: UnpricedPlan,
): FallbackState | undefined {
  const { options } = services;
  const chain = fallbackModelsOf(
    options.getJson('ModelFallbacks'),
    options.getJson('GroupModelFallbacks'),
    plan.group,
    plan.model,
  );
  if (chain.length === 0) return undefined;
  if (optedOut(exchange.headers[NO_FALLBACK_HEADER])) return undefined;
  if (plan.pinned !== undefined || plan.facts.parsed.json === undefined) return undefined;
  if (options.getBoolean('global.pass_through_request_enabled')) return undefined;
  return { from: plan.model, chain, next: 0 };
}

function optedOut(header: string | string[] | undefined): boolean {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value === '1' || value === 'true';
}

/**
 * The plan of the first model from `state.next` on that this call may use: the token's model
 * list allows it, its group has an enabled channel for it whose circuits are not all open, and it
 * has a price. Undefined when none is left.
 */
function nextFallbackPlan(
  services: RelayServices,
  base: UnpricedPlan,
  state: FallbackState,
): CallPlan | undefined {
  const { caller } = base;
  const { channels, options } = services;
  for (let index = state.next; index < state.chain.length; index += 1) {
    const model = state.chain[index];
    if (caller.token.model_limits_enabled && !caller.modelLimits.has(model)) continue;
    let group: string;
    try {
      group = resolveGroup(caller, model, options, channels);
    } catch {
      continue;
    }
    if (!channels.has(group, model) || everyCircuitOpen(services, group, model)) continue;
    let price;
    try {
      price = callerPrice(services, caller, model, group);
    } catch {
      // An unpriced model cannot be billed: it is no fallback for this caller.
      continue;
    }
    // Built field by field: `base` may be the running call itself.
    return {
      caller,
      mode: base.mode,
      model,
      group,
      price,
      facts: factsFor(base.facts, model),
      isStream: base.isStream,
      pinned: base.pinned,
      fallback: { from: state.from, chain: state.chain, next: index + 1 },
    };
  }
  return undefined;
}

function everyCircuitOpen(services: RelayServices, group: string, model: string): boolean {
  const ids: number[] = [];
  for (const tier of services.channels.routeOf(group, model)) {
    for (const channel of tier) ids.push(channel.id);
  }
  // Circuits are kept under the routing name (gizmo models share one).
  return services.circuits.allBlocked(ids, routingModelName(model));
}

/**
 * The request as sent for `model`: the parsed body names the new model, so model mapping and the
 * body rewrite (`buildCallInput`) apply to it as to a model the client asked for.
 */
function factsFor(facts: RequestFacts, model: string): RequestFacts {
  const { parsed } = facts;
  const toChat = parsed.toChat;
  return {
    ...facts,
    parsed: {
      ...parsed,
      model,
      toChat: toChat && (() => ({ ...toChat(), model })),
    },
  };
}

function announceFallback(exchange: RelayExchange, from: string): void {
  if (!exchange.response.headersSent) exchange.response.setHeader(FALLBACK_FROM_HEADER, from);
}
