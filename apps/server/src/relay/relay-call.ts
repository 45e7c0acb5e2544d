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

/**
 * One relay call end to end (docs/architecture.md "A request's path"): plan it from memory,
 * reserve it on its usage limits (when any is set), set its estimated cost aside, try channels
 * tier by tier (then the model's fallbacks, when it cannot answer), stream or send the answer,
 * then settle and log exactly once however the call ended. The caller was authenticated from the
 * headers (its IP checked) before `exchange.body` was read.
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
    for (;;) {
      try {
        await tryChannels(call);
        break;
      } catch (error) {
        // The model could not answer: its fallbacks, if any, are tried in order.
        if (!(await moveToFallback(call, error))) throw error;
      }
    }
  } finally {
    exchange.channelId = call.lastChannel?.id;
    // Anything that ended without an outcome (an error before or during the upstream call) is
    // charged nothing; a second settle is ignored.
    await call.settle({ usage: undefined, channel: call.lastChannel, failed: true });
  }
}
