import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { RelayError } from '../../errors/relay-error.js';
import type { CachedChannel } from '../channel-cache.js';
import type { RelayServices } from '../relay-services.js';
import { mapStatusCode, shouldRetry } from '../retry-policy.js';
import type { RealtimeBilling } from './realtime-billing.js';
import { realtimeUpstreamTarget } from './realtime-upstream-url.js';

/** An upstream refusal's body is read up to this size for its error message. */
const ERROR_BODY_LIMIT = 64 * 1024;
/** The handshake's limit when RELAY_TIMEOUT sets none. */
const DEFAULT_HANDSHAKE_MS = 30_000;
/** Frames larger than this (from upstream) end the session: far above any realtime event. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

const SATURATED_MESSAGE = '当前分组上游负载已饱和，请稍后再试';

/** The client side of a session, as connecting upstream needs it. */
export interface RealtimeClientFacts {
  model: string;
  group: string;
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  protocols: readonly string[];
  pinned: CachedChannel | undefined;
  /** True once the client left: connecting stops. */
  gone(): boolean;
}

/**
 * Connects a realtime session upstream (reference §3.3 at connect time): the pinned channel
 * alone, or tier by tier up to `RetryTimes` more after a failure the channel's adaptor calls
 * retryable, each failure reported to channel health and the status mapped by the channel's
 * status_code_mapping. Resolves with the open upstream socket; the last failure is thrown.
 */
export async function connectUpstream(
  services: RelayServices,
  client: RealtimeClientFacts,
  billing: RealtimeBilling,
): Promise<WebSocket> {
  const { pinned } = client;
  const retryTimes = pinned ? 0 : Math.max(0, Math.floor(services.options.getNumber('RetryTimes')));
  for (let index = 0; ; index += 1) {
    const channel = pinned ?? services.channels.select(client.group, client.model, index);
    if (!channel) {
      throw new RelayError(
        500,
        `获取分组 ${client.group} 下模型 ${client.model} 的可用渠道失败`,
        'new_api_error',
        'get_channel_failed',
      );
    }
    billing.channelId = channel.id;
    billing.useChannel.push(String(channel.id));
    const upstreamModel = channel.modelMapping[client.model] || client.model;
    billing.upstreamModel = upstreamModel;
    const adaptor = services.providers.getAdaptor(channel.type);
    try {
      const target = realtimeUpstreamTarget(channel, upstreamModel, client);
      return await dial(services, channel, target);
    } catch (error) {
      if (!(error instanceof RelayError)) throw error;
      if (client.gone()) throw error;
      const classification = adaptor.classifyError(error);
      if (!error.local) services.health.reportFailure(channel, error, classification);
      if (!shouldRetry(error, classification, retryTimes - index, pinned !== undefined)) {
        throw error.status === 429
          ? new RelayError(429, SATURATED_MESSAGE, error.type, error.code, false)
          : error;
      }
    }
  }
}

/** One handshake: the open socket, or the upstream's refusal as a RelayError. */
function dial(
  services: RelayServices,
  channel: CachedChannel,
  target: { url: string; headers: Record<string, string> },
): Promise<WebSocket> {
  const sentAt = Date.now();
  const timeoutSeconds = services.config.relayTimeoutSeconds;
  const upstream = new WebSocket(target.url, {
    headers: target.headers,
    handshakeTimeout: timeoutSeconds > 0 ? timeoutSeconds * 1000 : DEFAULT_HANDSHAKE_MS,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    const fail = (error: RelayError) => {
      upstream.removeAllListeners();
      // Errors after the refusal (the socket torn down) mean nothing more.
      upstream.on('error', () => {});
      reject(error);
    };
    upstream.once('open', () => {
      upstream.removeAllListeners();
      // Upstream's first events (session.created) wait until the session listens.
      upstream.pause();
      services.metrics.upstreamAnswered(channel.id, (Date.now() - sentAt) / 1000);
      resolve(upstream);
    });
    upstream.once('unexpected-response', (_request, response: IncomingMessage) => {
      services.metrics.upstreamFailed(channel.id, response.statusCode ?? 0);
      const refused = (error: RelayError) => {
        fail(error);
        upstream.terminate();
      };
      readError(services, channel, response).then(refused, () =>
        refused(RelayError.upstream(response.statusCode ?? 500, 'upstream refused the session')),
      );
    });
    upstream.once('error', () => {
      services.metrics.upstreamFailed(channel.id, 0);
      fail(RelayError.upstream(500, '请求上游地址失败', 'new_api_error', 'do_request_failed'));
    });
  });
}

/** The refusal's body read (bounded) and parsed as the channel's provider shapes its errors. */
async function readError(
  services: RelayServices,
  channel: CachedChannel,
  response: IncomingMessage,
): Promise<RelayError> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > ERROR_BODY_LIMIT) break;
    chunks.push(chunk);
  }
  const status = response.statusCode ?? 500;
  const parsed = services.providers
    .getAdaptor(channel.type)
    .parseError(status, Buffer.concat(chunks));
  return RelayError.upstream(
    mapStatusCode(parsed.status, channel.statusCodeMapping),
    parsed.message,
    parsed.type,
    parsed.code,
    parsed.param,
  );
}
