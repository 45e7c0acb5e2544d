import type { IncomingHttpHeaders } from 'node:http';
import { CHANNEL_TYPE } from '@tollgate/contracts';
import { forwardOpenAiBeta } from './openai-beta-header.js';
import type { ChannelTarget, UpstreamRequest } from '../provider-adaptor.js';
import { resolveBaseUrl } from './openai-channel-types.js';

/**
 * A call on a response OpenAI or Azure stored (`GET /v1/responses/{id}`, `DELETE …`,
 * `GET …/input_items`): the same path on the channel (Azure: under `/openai/v1`), with the
 * channel's credentials and the client's `OpenAI-Beta` header. `path` starts with
 * `/v1/responses/`.
 */
export function buildStoredResponseRequest(
  channel: ChannelTarget,
  method: 'GET' | 'DELETE',
  path: string,
  query: string,
  clientHeaders: IncomingHttpHeaders = {},
): UpstreamRequest {
  const base = resolveBaseUrl(channel.type, channel.baseUrl);
  const headers: Record<string, string> = {};
  forwardOpenAiBeta(headers, clientHeaders);
  let url: string;
  if (channel.type === CHANNEL_TYPE.azure) {
    headers['api-key'] = channel.key;
    url = `${base}/openai${path}`;
  } else {
    if (channel.key) headers.Authorization = `Bearer ${channel.key}`;
    if (channel.organization) headers['OpenAI-Organization'] = channel.organization;
    url = `${base}${path}`;
  }
  return { url: query ? `${url}?${query}` : url, method, headers, body: undefined };
}
