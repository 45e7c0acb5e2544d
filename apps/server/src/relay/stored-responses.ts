import { CHANNEL_STATUS } from '@tollgate/contracts';
import { RelayError } from '../errors/relay-error.js';
import { buildStoredResponseRequest } from '../providers/openai/stored-response-request.js';
import { defaultBaseUrl } from '../providers/registry.js';
import type { AuthenticatedCall } from './auth/authenticate-relay.js';
import { toChannelTarget } from './build-call-input.js';
import type { CachedChannel } from './channel-cache.js';
import type { RelayExchange } from './relay-exchange.js';
import type { RelayServices } from './relay-services.js';

/** Stored responses are small JSON documents; input item lists are paged. */
const STORED_RESPONSE_LIMIT = 16 * 1024 * 1024;

function unknownChannel(message: string): RelayError {
  return new RelayError(400, message, 'invalid_request_error', 'response_channel_unknown', true);
}

/** Whether a channel serves the Responses API itself (and so may have stored the response). */
function servesResponses(services: RelayServices, channel: CachedChannel): boolean {
  try {
    return services.providers.getAdaptor(channel.type).supports('responses');
  } catch {
    return false;
  }
}

/**
 * The channel holding a stored response. A response id does not say which channel made it, and
 * Tollgate keeps no record of the responses upstreams store, so the channel must be certain:
 * the channel the key pins (`sk-<key>-<channelId>`), or else the only enabled channel of the
 * caller's group that serves the Responses API. Anything else is a 400 saying how to pin one.
 */
function storedResponseChannel(
  services: RelayServices,
  { caller, pinnedChannelId }: AuthenticatedCall,
): CachedChannel {
  if (pinnedChannelId !== undefined) {
    const pinned = services.channels.getById(pinnedChannelId);
    if (!pinned) throw RelayError.badRequest('无效的渠道 Id', 'invalid_channel_id');
    if (pinned.status !== CHANNEL_STATUS.enabled) {
      throw new RelayError(403, '该渠道已被禁用', 'new_api_error', 'channel_disabled');
    }
    if (!servesResponses(services, pinned)) {
      throw unknownChannel(
        `channel #${pinned.id} does not serve the Responses API, so it stores no responses`,
      );
    }
    return pinned;
  }
  const group = caller.token.group || caller.user.group;
  const candidates = services.channels
    .channelsOf(group)
    .filter((channel) => servesResponses(services, channel));
  if (candidates.length === 1) return candidates[0];
  throw unknownChannel(
    candidates.length === 0
      ? `no channel of group ${group} serves the Responses API, so none stores responses`
      : `several channels of group ${group} serve the Responses API and a response id does not ` +
          'say which one stored it: call with the key pinned to the channel (sk-<key>-<channelId>)',
  );
}

/**
 * `GET /v1/responses/{id}`, `DELETE /v1/responses/{id}` and `GET /v1/responses/{id}/input_items`:
 * forwarded to the channel that holds the response, its answer relayed as is. Nothing is billed
 * or logged (no model runs).
 */
export async function relayStoredResponseCall(
  services: RelayServices,
  exchange: RelayExchange,
  authenticated: AuthenticatedCall,
): Promise<void> {
  const channel = storedResponseChannel(services, authenticated);
  const target = toChannelTarget(channel, defaultBaseUrl(channel.type));
  const method = exchange.request.method === 'DELETE' ? 'DELETE' : 'GET';
  const upstream = services.upstream.send(
    buildStoredResponseRequest(target, method, exchange.path, exchange.query, exchange.headers),
    channel.setting.proxy,
  );
  let body: Buffer;
  let status: number;
  let contentType: string;
  try {
    const response = await upstream.started;
    status = response.statusCode;
    contentType = String(response.headers['content-type'] ?? 'application/json');
    body = await response.readAll(STORED_RESPONSE_LIMIT);
  } catch (error) {
    exchange.log.warn(
      { err: error, requestId: exchange.id, channelId: channel.id },
      'upstream request failed',
    );
    throw RelayError.upstream(502, '请求上游地址失败', 'new_api_error', 'do_request_failed');
  }
  exchange.send(status, contentType, body);
}
