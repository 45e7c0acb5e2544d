import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import {
  applyTrustThreshold,
  estimatePreConsume,
  resolvePrice,
  type PriceInfo,
} from '../billing/index.js';
import type { Reservation } from '../billing/quota-ledger.js';
import type { ProviderAdaptor, RelayCallInput, RelayMode } from '../providers/provider-adaptor.js';
import { defaultBaseUrl } from '../providers/registry.js';
import { authenticateRelay, type AuthenticatedCall } from './auth/authenticate-relay.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import { buildCallInput, toChannelTarget, type RequestFacts } from './build-call-input.js';
import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { CachedChannel } from './channel-cache.js';
import { recordConsumeLog, type CallRecord } from './record-consume-log.js';
import { parseRelayBody } from './parse-relay-body.js';
import { RelayError } from './relay-error.js';
import type { RelayServices } from './relay-services.js';
import { resolveGroup } from './resolve-group.js';
import { mapStatusCode, shouldRetry } from './retry-policy.js';
import { readUpstreamError, relayPlainResponse } from './send-plain-response.js';
import { relayStreamResponse } from './send-stream-response.js';
import { corsHeaders } from './cors.js';

const SATURATED_MESSAGE = '当前分组上游负载已饱和，请稍后再试';

/**
 * One relay call end to end (architecture "The relay call, step by step"): authenticate, check,
 * price, reserve, try channels tier by tier, stream or send the answer, then settle and log
 * exactly once however the call ended.
 */
export async function relayCall(
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  mode: RelayMode,
  authenticate: () => Promise<AuthenticatedCall> = () =>
    authenticateRelay(request.headers, request.url, services.callers, services.db),
): Promise<void> {
  const startedAt = Date.now();
  const { caller, pinnedChannelId } = await authenticate();
  if (caller.allowIps.size > 0 && !caller.allowIps.has(request.ip)) {
    throw new RelayError(403, '您的 IP 不在令牌允许访问的列表中', 'new_api_error', 'ip_not_allowed');
  }

  const [path, query = ''] = request.url.split('?', 2);
  const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const contentType = String(request.headers['content-type'] ?? '');
  const pathModel = (request.params as { model?: string } | undefined)?.model;
  const parsed = parseRelayBody(mode, rawBody, contentType, pathModel);
  const facts: RequestFacts = {
    mode,
    rawBody,
    contentType,
    path: path.replace(/^\/pg\//, '/v1/').replace(/^\/v1\/engines\/[^/]+\//, '/v1/'),
    query,
    headers: request.headers,
    parsed,
  };

  const model = parsed.model;
  let pinned: CachedChannel | undefined;
  if (pinnedChannelId !== undefined) {
    pinned = services.channels.getById(pinnedChannelId);
    if (!pinned) throw RelayError.badRequest('无效的渠道 Id', 'invalid_channel_id');
    if (pinned.status !== CHANNEL_STATUS.enabled) {
      throw new RelayError(403, '该渠道已被禁用', 'new_api_error', 'channel_disabled');
    }
  } else if (caller.token.model_limits_enabled && !caller.modelLimits.has(model)) {
    throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'new_api_error', 'model_not_allowed');
  }
  const group = resolveGroup(caller, model, services.options, services.channels);
  if (!pinned && !services.channels.has(group, model)) {
    throw new RelayError(503, `当前分组 ${group} 下对于模型 ${model} 无可用渠道`, 'new_api_error', 'model_not_found');
  }

  const price = resolvePrice(services.options, {
    model,
    group,
    userGroup: caller.user.group,
    userId: caller.user.id,
    acceptUnsetModelRatio: caller.user.setting.accept_unset_model_ratio_model === true,
  });
  const reservation = await reserve(services, caller, price, rawBody.length, parsed.maxTokens, mode);

  const record: CallRecord = {
    caller,
    group,
    model,
    mode,
    price,
    reservation,
    startedAt,
    isStream: parsed.stream,
    useChannel: [],
    facts,
  };
  let settled = false;
  const settle = async (outcome: Parameters<typeof recordConsumeLog>[2]) => {
    if (settled) return;
    settled = true;
    await recordConsumeLog(services, record, outcome);
  };

  try {
    await attemptChannels(services, request, reply, record, pinned, settle);
  } finally {
    // Anything that ended without an outcome (an error before or during the upstream call) is
    // refunded; recordConsumeLog ignores a second call.
    await settle({ usage: undefined, channel: record.lastChannel, failed: true });
  }
}

async function reserve(
  services: RelayServices,
  caller: RelayCaller,
  price: PriceInfo,
  bodyBytes: number,
  maxTokens: number,
  mode: RelayMode,
): Promise<Reservation> {
  const { options } = services;
  // The reservation needs a prompt size before the call; a byte-based estimate (about four bytes
  // per token) avoids tokenising every request on the hot path. The real count settles the bill.
  const promptEstimate = Math.ceil(bodyBytes / 4);
  let estimate =
    mode === 'images'
      ? 0
      : estimatePreConsume(price, {
          promptTokens: promptEstimate,
          maxTokens,
          quotaPerUnit: options.getNumber('QuotaPerUnit'),
          preConsumedTokens: options.getNumber('PreConsumedQuota'),
        });
  if (caller.user.quota <= 0) {
    throw new RelayError(403, 'user quota is not enough', 'new_api_error', 'insufficient_user_quota');
  }
  estimate = applyTrustThreshold({
    userQuota: caller.user.quota,
    estimate,
    tokenUnlimited: caller.token.unlimited_quota,
    tokenRemainQuota: Number(caller.token.remain_quota),
  });
  const reservation: Reservation = {
    userId: caller.user.id,
    tokenId: caller.token.id,
    tokenUnlimited: caller.token.unlimited_quota,
    amount: estimate,
  };
  await services.ledger.reserve(reservation);
  services.callers.adjustBalances(caller, -estimate, -estimate);
  return reservation;
}

type Settle = (outcome: Parameters<typeof recordConsumeLog>[2]) => Promise<void>;

async function attemptChannels(
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  record: CallRecord,
  pinned: CachedChannel | undefined,
  settle: Settle,
): Promise<void> {
  const retryTimes = pinned ? 0 : Math.max(0, Math.floor(services.options.getNumber('RetryTimes')));
  const abort = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) abort.abort();
  };
  reply.raw.once('close', onClose);
  try {
    for (let attempt = 0; attempt <= retryTimes; attempt += 1) {
      const channel = pinned ?? services.channels.select(record.group, record.model, attempt);
      if (!channel) {
        throw new RelayError(500, `获取分组 ${record.group} 下模型 ${record.model} 的可用渠道失败`, 'new_api_error', 'get_channel_failed');
      }
      record.lastChannel = channel;
      record.useChannel.push(String(channel.id));
      const adaptor = services.providers.getAdaptor(channel.type);
      if (!adaptor.supports(record.mode)) {
        throw RelayError.badRequest(`channel type ${channel.type} does not support this endpoint`, 'convert_request_failed');
      }
      const target = toChannelTarget(channel, defaultBaseUrl(channel.type));
      const input = buildCallInput(record.facts, channel, target, {
        forceStreamUsage: services.config.forceStreamOption && adaptor.supportsStreamOptions(target),
      });
      record.upstreamModel = input.upstreamModel;
      try {
        await callOnce(services, request, reply, record, channel, adaptor, input, abort.signal, settle);
        return;
      } catch (error) {
        if (!(error instanceof RelayError)) throw error;
        if (abort.signal.aborted || reply.raw.headersSent) throw error;
        if (!error.local) services.health.reportFailure(channel, error);
        if (!shouldRetry(error, channel.type, retryTimes - attempt, pinned !== undefined)) {
          throw error.status === 429 ? new RelayError(429, SATURATED_MESSAGE, error.type, error.code, false) : error;
        }
        request.log.warn({ channelId: channel.id, status: error.status, attempt }, 'upstream attempt failed, retrying');
      }
    }
  } finally {
    reply.raw.off('close', onClose);
  }
}

async function callOnce(
  services: RelayServices,
  request: FastifyRequest,
  reply: FastifyReply,
  record: CallRecord,
  channel: CachedChannel,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  signal: AbortSignal,
  settle: Settle,
): Promise<void> {
  const upstreamRequest = adaptor.buildRequest(input);
  let response: Dispatcher.ResponseData;
  try {
    response = await services.upstream.send(upstreamRequest, signal, channel.setting.proxy);
  } catch (error) {
    if (signal.aborted) {
      await settle({ usage: undefined, channel, failed: true, clientAborted: true });
      throw new RelayError(499, 'client closed the request', 'new_api_error', 'client_closed', true);
    }
    request.log.warn({ err: error, channelId: channel.id }, 'upstream request failed');
    throw RelayError.upstream(500, '请求上游地址失败', 'new_api_error', 'do_request_failed');
  }

  if (response.statusCode >= 400) {
    const upstreamError = await readUpstreamError(adaptor, response);
    const status = mapStatusCode(upstreamError.status, channel.statusCodeMapping);
    throw RelayError.upstream(status, upstreamError.message, upstreamError.type, upstreamError.code, upstreamError.param);
  }

  const contentType = String(response.headers['content-type'] ?? '');
  const cors = corsHeaders(request);
  if (contentType.includes('text/event-stream')) {
    await relayStreamResponse(services, reply, record, adaptor, input, response, signal, settle, cors);
  } else {
    await relayPlainResponse(reply, record, adaptor, input, response, settle, cors);
  }
}
