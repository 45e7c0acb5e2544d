import { RelayError } from '../errors/relay-error.js';
import type {
  ProviderAdaptor,
  RelayCallInput,
  UpstreamRequest,
} from '../providers/provider-adaptor.js';
import { routingModelName, type CachedChannel } from './channel-cache.js';
import { planAttempt } from './plan-attempt.js';
import { reportDroppedFields } from './dropped-fields-report.js';
import type { RelayCall } from './relay-call-context.js';
import { mapStatusCode, shouldRetry } from './retry-policy.js';
import { readUpstreamError, relayPlainResponse } from './send-plain-response.js';
import { relayStreamResponse } from './send-stream-response.js';
import { takeChannelSlot } from './channel-slots.js';
import { clientVisibleHeaders } from './upstream-headers.js';
import { isCredentialFailure } from './channel-health.js';
import { pickKeyIndex } from './multi-key.js';
import { outcomeOfStatus, retryAfterMs } from './channel-health/attempt-outcome.js';
import type { UpstreamExchange } from '../providers/upstream-exchange.js';

const SATURATED_MESSAGE = '当前分组上游负载已饱和，请稍后再试';

/** Why an upstream exchange is cancelled when the client goes away. */
export class ClientGone extends Error {
  constructor() {
    super('client closed the request');
  }
}

/**
 * Tries the call's channels tier by tier (reference §3.3): the pinned channel alone, or up to
 * `RetryTimes` more after a failure its adaptor calls retryable, each failure reported to channel
 * health. A client that leaves cancels the attempt in progress.
 */
export async function tryChannels(call: RelayCall): Promise<void> {
  const { services, exchange, pinned } = call;
  const retryTimes = pinned ? 0 : Math.max(0, Math.floor(services.options.getNumber('RetryTimes')));
  const response = exchange.response;
  const onClose = () => {
    if (response.writableFinished) return;
    call.clientGone = true;
    call.upstream?.abort(new ClientGone());
  };
  response.once('close', onClose);
  try {
    // Circuits are kept under the routing name (gizmo models share one).
    const circuitModel = routingModelName(call.model);
    let lastError: RelayError | undefined;
    // A multi-key channel whose key just failed is tried again with another of its keys.
    let sameChannel: CachedChannel | undefined;
    let triedKeys: Set<number> | undefined;
    for (let index = 0; index <= retryTimes; index += 1) {
      const channel = sameChannel ?? pinned ?? (await selectChannel(call, index));
      sameChannel = undefined;
      // Every channel left has an open circuit: the client gets the last upstream failure.
      if (channel === undefined) {
        call.modelExhausted = true;
        throw finalError(lastError!);
      }
      if (call.lastChannel !== channel) triedKeys = undefined;
      call.lastChannel = channel;
      call.useChannel.push(String(channel.id));
      const keyIndex =
        channel.multiKey === undefined ? undefined : pickKeyIndex(channel.multiKey, triedKeys);
      call.multiKeyIndex = keyIndex;
      const keyed =
        keyIndex === undefined ? channel : { ...channel, key: channel.multiKey!.keys[keyIndex] };
      const { adaptor, input } = planAttempt(services.providers, keyed, call.facts, {
        forceStreamOption: services.config.forceStreamOption,
        passThrough: services.options.getBoolean('global.pass_through_request_enabled'),
      });
      call.upstreamModel = input.upstreamModel;
      // A channel's concurrency slot is held for the whole attempt, however it ends.
      let holdsSlot = false;
      try {
        if (channel.limits !== undefined) holdsSlot = await takeChannelSlot(call, channel);
        await callChannel(call, channel, adaptor, input);
        return;
      } catch (error) {
        // An attempt that proved nothing about the channel gives back a probe it carried.
        services.circuits.release(channel.id, circuitModel);
        if (!(error instanceof RelayError)) throw error;
        if (call.clientGone || exchange.headersSent) throw error;
        const classification = adaptor.classifyError(error);
        if (!error.local) services.health.reportFailure(channel, error, classification, keyIndex);
        if (
          keyIndex !== undefined &&
          isCredentialFailure(error, classification, services.options) &&
          hasUntriedKey(channel, (triedKeys ??= new Set()).add(keyIndex))
        ) {
          // The key's failure, not the channel's: another key, without using up a retry.
          sameChannel = channel;
          index -= 1;
          continue;
        }
        if (!shouldRetry(error, classification, retryTimes - index, pinned !== undefined)) {
          // Retryable, but no attempt left: the model could not answer (a fallback may).
          call.modelExhausted = !error.local && classification.retryable && pinned === undefined;
          throw finalError(error);
        }
        lastError = error;
        exchange.log.warn(
          { requestId: exchange.id, channelId: channel.id, status: error.status, attempt: index },
          'upstream attempt failed, retrying',
        );
      } finally {
        if (holdsSlot) services.channelSlots.release(channel.id);
      }
    }
  } finally {
    response.off('close', onClose);
  }
}

/** Whether a multi-key channel has an enabled key this call has not tried. */
function hasUntriedKey(channel: CachedChannel, tried: ReadonlySet<number>): boolean {
  return channel.multiKey!.enabled.some((index) => !tried.has(index));
}

/** The error a client gets for an attempt that is not retried: a 429 becomes the saturation notice. */
function finalError(error: RelayError): RelayError {
  if (error.status !== 429) return error;
  const saturated = new RelayError(429, SATURATED_MESSAGE, error.type, error.code, false);
  saturated.upstreamHeaders = error.upstreamHeaders;
  return saturated;
}

/**
 * The channel of attempt `index`, avoiding the one that just failed when its tier has another.
 * When every channel of the model has an open circuit the first attempt fails at once (503,
 * naming the model) rather than waiting on a channel known to fail, and a retry is given up
 * (undefined: the last failure stands); once a cool-down ends, one call is let through as the
 * probe, so traffic recovers by itself.
 */
async function selectChannel(call: RelayCall, index: number): Promise<CachedChannel | undefined> {
  const { services } = call;
  const avoid = index > 0 && call.lastChannel ? call.lastChannel.id : -1;
  let channel = services.channels.select(call.group, call.model, index, Math.random, avoid);
  // A probe token being claimed in Redis: wait for it once rather than refuse the call.
  if (!channel && (await services.circuits.claimsSettled())) {
    channel = services.channels.select(call.group, call.model, index, Math.random, avoid);
  }
  if (channel) return channel;
  if (services.channels.has(call.group, call.model)) {
    if (index > 0) return undefined;
    throw new RelayError(
      503,
      `模型 ${call.model} 的所有渠道均已熔断，请稍后再试`,
      'new_api_error',
      'circuit_open',
    );
  }
  throw new RelayError(
    500,
    `获取分组 ${call.group} 下模型 ${call.model} 的可用渠道失败`,
    'new_api_error',
    'get_channel_failed',
  );
}

/**
 * One attempt on one channel: the upstream call, then its answer relayed (or its error thrown).
 * With tracing on, the attempt is a child span of the call's and carries its `traceparent`.
 */
async function callChannel(
  call: RelayCall,
  channel: CachedChannel,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
): Promise<void> {
  if (call.clientGone) return clientClosed(call, channel);
  const built = adaptor.buildRequest(input);
  reportDroppedFields(call, adaptor, input, built);
  const trace = call.exchange.trace;
  if (trace === undefined) return sendAttempt(call, channel, adaptor, input, built);
  // A copy: the adaptor's headers are its own (possibly shared) object.
  const request = { ...built, headers: { ...built.headers } };
  const span = trace.startUpstream(
    {
      channelId: channel.id,
      channelName: channel.name,
      channelType: channel.type,
      method: request.method,
      url: request.url,
      upstreamModel: input.upstreamModel,
    },
    request.headers,
  );
  try {
    await sendAttempt(call, channel, adaptor, input, request);
    span.end(call.upstream?.statusCode ?? 0);
  } catch (error) {
    span.end(call.upstream?.statusCode ?? 0, error);
    throw error;
  }
}

async function sendAttempt(
  call: RelayCall,
  channel: CachedChannel,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  built: UpstreamRequest,
): Promise<void> {
  const { services, exchange } = call;
  let request = built;
  // The credential (SigV4 signature, access token) comes last, over the headers tracing added;
  // most adaptors have none, and their call pays no await here.
  if (adaptor.authorize) {
    request = await adaptor.authorize(input, built);
    if (call.clientGone) return clientClosed(call, channel);
  }
  const sentAt = Date.now();
  // A provider reached other than by one HTTP request (a websocket) opens its own exchange.
  const upstream = adaptor.openExchange
    ? adaptor.openExchange(input, request, channel.setting.proxy)
    : services.upstream.send(request, channel.setting.proxy, channel.limits);
  call.upstream = upstream;
  let response: UpstreamExchange;
  try {
    response = await upstream.started;
  } catch (error) {
    if (call.clientGone) return clientClosed(call, channel);
    const model = routingModelName(call.model);
    services.circuits.record(channel.id, model, 'unreachable', Date.now() - sentAt);
    services.metrics.upstreamFailed(channel.id, 0);
    exchange.log.warn(
      { err: error, requestId: exchange.id, channelId: channel.id },
      'upstream request failed',
    );
    throw RelayError.upstream(500, '请求上游地址失败', 'new_api_error', 'do_request_failed');
  }

  const answeredAt = Date.now();
  services.metrics.upstreamAnswered(channel.id, (answeredAt - sentAt) / 1000);
  // Reference-only upstream detection: a few header reads and a Map update, no I/O.
  services.upstreamFingerprints.observe(
    channel.id,
    call.group,
    response.headers,
    response.statusCode < 400 && adaptor.nativeFormat === 'openai',
    answeredAt,
  );
  // Upstream's own status, before the channel's status code mapping.
  const outcome = outcomeOfStatus(response.statusCode);
  if (outcome !== undefined) {
    const floor = outcome === 'rate_limited' ? retryAfterMs(response.headers, answeredAt) : 0;
    const model = routingModelName(call.model);
    services.circuits.record(channel.id, model, outcome, answeredAt - sentAt, floor);
  }
  if (response.statusCode >= 400) {
    services.metrics.upstreamFailed(channel.id, response.statusCode);
    const upstreamError = await readUpstreamError(adaptor, response);
    const status = mapStatusCode(upstreamError.status, channel.statusCodeMapping);
    const error = RelayError.upstream(
      status,
      upstreamError.message,
      upstreamError.type,
      upstreamError.code,
      upstreamError.param,
    );
    // The client may get this error after the last attempt: it backs off on these headers.
    error.upstreamHeaders = clientVisibleHeaders(response.headers);
    throw error;
  }

  const contentType = String(response.headers['content-type'] ?? '');
  const binaryStream = adaptor.createStreamParser?.(contentType);
  if (binaryStream) {
    await relayStreamResponse(call, adaptor, input, response, binaryStream);
  } else if (contentType.includes('text/event-stream')) {
    await relayStreamResponse(call, adaptor, input, response);
  } else {
    await relayPlainResponse(call, adaptor, input, response);
  }
}

async function clientClosed(call: RelayCall, channel: CachedChannel): Promise<never> {
  await call.settle({ usage: undefined, channel, failed: true, clientAborted: true });
  throw new RelayError(499, 'client closed the request', 'new_api_error', 'client_closed', true);
}
