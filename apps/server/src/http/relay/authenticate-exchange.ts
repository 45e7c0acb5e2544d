import { authenticateRelay, type AuthenticatedCall } from '../../relay/auth/authenticate-relay.js';
import { checkCallerIp } from '../../relay/auth/caller-ip.js';
import type { RelayExchange } from '../../relay/relay-exchange.js';
import type { RelayServices } from '../../relay/relay-services.js';

/**
 * The API key of a relay route's request, checked: a live token of an enabled user, called from an
 * address its allow list admits. Every token-authenticated route goes through here, so a token
 * limited to some addresses works from nowhere else (model lists and billing included).
 * Throws RelayError (401/403) otherwise.
 */
export async function authenticateExchange(
  services: RelayServices,
  exchange: RelayExchange,
): Promise<AuthenticatedCall> {
  const call = await authenticateRelay(
    exchange.headers,
    exchange.path,
    services.callers,
    services.db,
  );
  checkCallerIp(call.caller, exchange.ip);
  return call;
}
