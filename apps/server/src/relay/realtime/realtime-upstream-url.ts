import type { IncomingHttpHeaders } from 'node:http';
import { channelTypeDefinition } from '@tollgate/contracts';
import { RelayError } from '../../errors/relay-error.js';
import { requiredBaseUrl, websocketBase } from '../../providers/openai/openai-url.js';
import { openAiProfileOf } from '../../providers/vendors.js';
import type { CachedChannel } from '../channel-cache.js';

/** Where and how a session connects upstream. */
export interface RealtimeUpstreamTarget {
  url: string;
  headers: Record<string, string>;
}

/** True when the client asked for the beta protocol (header or `openai-beta.realtime-v1`). */
function wantsBeta(headers: IncomingHttpHeaders, protocols: readonly string[]): string | undefined {
  const header = headers['openai-beta'];
  if (typeof header === 'string' && header !== '') return header;
  return protocols.includes('openai-beta.realtime-v1') ? 'realtime=v1' : undefined;
}

/**
 * The upstream websocket of a realtime session on `channel`: OpenAI-compatible channels at
 * `wss://{base}/v1/realtime?model={model}` with the channel key as Bearer, unless the vendor has
 * its own rule (Azure: `/openai/realtime` with a deployment and an api-version, see its vendor).
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
  const base = requiredBaseUrl(channel);
  const headers: Record<string, string> = {};
  const beta = wantsBeta(client.headers, client.protocols);
  if (beta) headers['OpenAI-Beta'] = beta;
  const vendorRule = openAiProfileOf(channel.type)?.realtime;
  if (vendorRule) {
    const target = vendorRule(channel, base, upstreamModel, client.query);
    return { url: target.url, headers: { ...headers, ...target.headers } };
  }
  headers.Authorization = `Bearer ${channel.key}`;
  if (channel.organization) headers['OpenAI-Organization'] = channel.organization;
  const query = new URLSearchParams({ model: upstreamModel });
  return { url: `${websocketBase(base)}/v1/realtime?${query}`, headers };
}
