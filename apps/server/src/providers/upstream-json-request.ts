import type { ChannelTarget } from './provider-adaptor.js';

/**
 * The channel's base URL without trailing slashes, or the family's default when the channel sets
 * none: what an upstream path is appended to.
 */
export function channelBaseUrl(channel: ChannelTarget, defaultBaseUrl: string): string {
  return (channel.baseUrl || defaultBaseUrl).replace(/\/+$/, '');
}

/**
 * The headers of a JSON call that answers JSON, or an event stream when the client streams;
 * `authorization`, when given, is sent as `Authorization` (a bearer key, a signed token).
 */
export function jsonCallHeaders(stream: boolean, authorization?: string): Record<string, string> {
  return {
    ...(authorization === undefined ? {} : { Authorization: authorization }),
    'Content-Type': 'application/json',
    Accept: stream ? 'text/event-stream' : 'application/json',
  };
}
