import type { IncomingHttpHeaders } from 'node:http';
import { forwardOpenAiBeta } from './openai-beta-header.js';
import type { ChannelTarget, UpstreamRequest } from '../provider-adaptor.js';
import { resolveBaseUrl } from './openai-channel-types.js';
import { bearerCredentials } from './openai-compatible-profile.js';
import { openAiProfileOf } from '../vendors.js';

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
  const profile = openAiProfileOf(channel.type);
  const headers: Record<string, string> = {};
  forwardOpenAiBeta(headers, clientHeaders);
  Object.assign(headers, (profile?.credentialHeaders ?? bearerCredentials)(channel));
  const root = profile?.responsesRoot?.(base) ?? base;
  const url = `${root}${path}`;
  return { url: query ? `${url}?${query}` : url, method, headers, body: undefined };
}
