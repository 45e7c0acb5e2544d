import type { RelayMode } from '../providers/provider-adaptor.js';
import { admitCall, estimateCall } from './admit-call.js';
import { admitLimits } from './admit-limits.js';
import type { AuthenticatedCall } from './auth/authenticate-relay.js';
import { tryChannels } from './failover.js';
import { moveToFallback } from './model-fallback.js';
import { planCall } from './preflight.js';
import { RelayCall } from './relay-call-context.js';
import type { RelayExchange } from './relay-exchange.js';
import type { RelayServices } from './relay-services.js';
import { AnswerCapture } from './response-cache/answer-capture.js';
import { CACHE_HEADER, planCaching } from './response-cache/cache-plan.js';
import { serveCachedAnswer, storeAnswer } from './response-cache/serve-cached-answer.js';

/**
 * One relay call end to end (docs/architecture.md "A request's path"): plan it from memory,
 * reserve it on its usage limits (when any is set), set its estimated cost aside, try channels
 * tier by tier (then the model's fallbacks, when it cannot answer), stream or send the answer,
 * then settle and log exactly once however the call ended. A call the response cache may answer
 * is answered from it without an upstream call, and a cacheable answer is stored once complete.
 * The caller was authenticated from the headers (its IP checked) before `exchange.body` was read.
 */
export async function relayCall(
  services: RelayServices,
  exchange: RelayExchange,
  mode: RelayMode,
  authenticated: AuthenticatedCall,
): Promise<void> {
  const plan = planCall(services, exchange, mode, authenticated);
  exchange.userId = plan.caller.user.id;
  exchange.tokenId = plan.caller.token.id;
  exchange.callModel = plan.model;
  exchange.isStream = plan.isStream;
  // The response cache costs a call one boolean read while it is off.
  const caching = services.options.getBoolean('ResponseCacheEnabled')
    ? planCaching(services, exchange, plan)
    : undefined;
  // The lookup runs while the call is admitted; it never rejects.
  const lookup = caching?.read ? services.responseCache.lookup(caching.key) : undefined;
  const estimate = estimateCall(services, plan);
  const limiting = admitLimits(services, exchange, plan, estimate);
  const limits = limiting === undefined ? undefined : await limiting;
  let admission;
  try {
    admission = await admitCall(services, plan, estimate);
  } catch (error) {
    limits?.release();
    throw error;
  }
  const call = new RelayCall(services, exchange, plan, admission, limits);
  try {
    if (caching !== undefined) {
      const hit = lookup === undefined ? undefined : await lookup;
      if (hit !== undefined && hit.stream === plan.isStream) {
        await serveCachedAnswer(call, hit, caching);
        return;
      }
      exchange.response.setHeader(CACHE_HEADER, 'miss');
      if (caching.write) call.capture = new AnswerCapture();
    }
    for (;;) {
      try {
        await tryChannels(call);
        break;
      } catch (error) {
        // The model could not answer: its fallbacks, if any, are tried in order.
        if (!(await moveToFallback(call, error))) throw error;
      }
    }
    if (caching !== undefined && call.capture !== undefined) storeAnswer(call, caching);
  } finally {
    exchange.channelId = call.lastChannel?.id;
    // Anything that ended without an outcome (an error before or during the upstream call) is
    // charged nothing; a second settle is ignored.
    await call.settle({ usage: undefined, channel: call.lastChannel, failed: true });
  }
}
