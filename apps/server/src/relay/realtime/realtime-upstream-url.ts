import type { IncomingHttpHeaders } from 'node:http';
import { CHANNEL_TYPE, channelTypeDefinition } from '@tollgate/contracts';
import { RelayError } from '../../errors/relay-error.js';
import { resolveBaseUrl } from '../../providers/openai/openai-channel-types.js';
import type { CachedChannel } from '../channel-cache.js';

/** Azure's realtime API version when neither the client nor the channel names one. */
export const AZURE_REALTIME_API_VERSION = '2024-10-01-preview';

/** Where and how a session connects upstream. */
export interface RealtimeUpstreamTarget {
  url: string;
  headers: Record<string, string>;
}

/** `http(s)://` → `ws(s)://` (a base given with a websocket scheme is kept). */
function websocketBase(base: string): string {
  if (base.startsWith('https://')) return `wss://${base.slice('https://'.length)}`;
  if (base.startsWith('http://')) return `ws://${base.slice('http://'.length)}`;
  return base;
}

/** True when the client asked for the beta protocol (header or `openai-beta.realtime-v1`). */
function wantsBeta(headers: IncomingHttpHeaders, protocols: readonly string[]): string | undefined {
  const header = headers['openai-beta'];
  if (typeof header === 'string' && header !== '') return header;
  return protocols.includes('openai-beta.realtime-v1') ? 'realtime=v1' : undefined;
}

/**
 * The upstream websocket of a realtime session on `channel`: OpenAI-compatible channels at
 * `wss://{base}/v1/realtime?model={model}` with the channel key as Bearer; Azure at
 * `wss://{base}/openai/realtime?api-version={v}&deployment={model without dots}` with `api-key`,
 * v being the client's `api-version`, else the channel's, else AZURE_REALTIME_API_VERSION.
 * The client's own key never goes upstream. Other channel families cannot serve realtime: a local
 * 400.
 */
export function realtimeUpstreamTarget(
  channel: CachedChannel,
  upstreamModel: string,
  client: { headers: IncomingHttpHeaders; query: URLSearchParams; protocols: readonly string[] },
): RealtimeUpstreamTarget {
  const type = channelTypeDefinition(channel.type);
  if (type?.family !== 'openai') {
    throw RelayError.badRequest(
      `realtime sessions are not supported by this channel type (${channel.type})`,
      'convert_request_failed',
    );
  }
  const base = resolveBaseUrl(channel.type, channel.baseUrl);
  if (!base) {
    throw new RelayError(
      500,
      `channel #${channel.id} (type ${channel.type}) has no base URL`,
      'new_api_error',
      'channel_base_url_missing',
    );
  }
  const headers: Record<string, string> = {};
  const beta = wantsBeta(client.headers, client.protocols);
  if (beta) headers['OpenAI-Beta'] = beta;
  if (channel.type === CHANNEL_TYPE.azure) {
    const apiVersion =
      client.query.get('api-version') || channel.other.trim() || AZURE_REALTIME_API_VERSION;
    const query = new URLSearchParams({
      'api-version': apiVersion,
      deployment: upstreamModel.split('.').join(''),
    });
    headers['api-key'] = channel.key;
    return { url: `${websocketBase(base)}/openai/realtime?${query}`, headers };
  }
  headers.Authorization = `Bearer ${channel.key}`;
  if (channel.organization) headers['OpenAI-Organization'] = channel.organization;
  const query = new URLSearchParams({ model: upstreamModel });
  return { url: `${websocketBase(base)}/v1/realtime?${query}`, headers };
}
