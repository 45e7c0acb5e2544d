import { CHANNEL_STATUS } from '@tollgate/contracts';
import { estimatePreConsume, resolvePrice, type PriceInfo } from '../billing/index.js';
import type { Admission } from '../billing/quota-ledger.js';
import type { RelayExchange } from './relay-exchange.js';
import type { ProviderAdaptor, RelayCallInput, RelayMode } from '../providers/provider-adaptor.js';
import { defaultBaseUrl } from '../providers/registry.js';
import type { AuthenticatedCall } from './auth/authenticate-relay.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import { buildCallInput, toChannelTarget, type RequestFacts } from './build-call-input.js';
import type { CachedChannel } from './channel-cache.js';
import { recordConsumeLog, type CallOutcome, type CallRecord } from './record-consume-log.js';
import { RelayError } from '../errors/relay-error.js';
import type { RelayServices } from './relay-services.js';
import { resolveGroup } from './resolve-group.js';
import { mapStatusCode, shouldRetry } from './retry-policy.js';
import { readUpstreamError, relayPlainResponse } from './send-plain-response.js';
import { relayStreamResponse } from './send-stream-response.js';
import type { UpstreamResponse } from './upstream-response.js';

const SATURATED_MESSAGE = '当前分组上游负载已饱和，请稍后再试';

/** Why an upstream exchange is cancelled when the client goes away. */
export class ClientGone extends Error {
  constructor() {
    super('client closed the request');
  }
}

/**
 * One relay call end to end (architecture "The relay call, step by step"): authenticate, check,
 * price, reserve, try channels tier by tier, stream or send the answer, then settle and log
 * exactly once however the call ended. The caller was authenticated from the headers (its IP
 * checked) before `exchange.body` was read.
 */
export async function relayCall(
  services: RelayServices,
  exchange: RelayExchange,
  mode: RelayMode,
  authenticated: AuthenticatedCall,
): Promise<void> {
  const { caller, pinnedChannelId } = authenticated;

  const rawBody = exchange.body;
  const contentType = String(exchange.headers['content-type'] ?? '');
  const parsed = exchange.format.readRequest(mode, rawBody, contentType, exchange.model);
  const facts: RequestFacts = {
    mode,
    rawBody,
    contentType,
    path: upstreamPath(exchange.path),
    query: exchange.query,
    headers: exchange.headers,
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
    throw new RelayError(
      503,
      `当前分组 ${group} 下对于模型 ${model} 无可用渠道`,
      'new_api_error',
      'model_not_found',
    );
  }

  const price = resolvePrice(services.options, {
    model,
    group,
    userGroup: caller.user.group,
    userId: caller.user.id,
    acceptUnsetModelRatio: caller.user.setting.accept_unset_model_ratio_model === true,
  });
  const admission = await admit(services, caller, price, rawBody.length, parsed.maxTokens, mode);

  const record: CallRecord = {
    caller,
    group,
    model,
    mode,
    price,
    admission,
    format: exchange.format,
    startedAt: exchange.startedAt,
    isStream: parsed.stream,
    useChannel: [],
    facts,
  };
  let settled = false;
  const settle = (outcome: CallOutcome): Promise<void> => {
    if (settled) return Promise.resolve();
    settled = true;
    return recordConsumeLog(services, record, outcome);
  };

  try {
    await attemptChannels(services, exchange, record, pinned, settle);
  } finally {
    // Anything that ended without an outcome (an error before or during the upstream call) is
    // refunded; a second settle is ignored.
    await settle({ usage: undefined, channel: record.lastChannel, failed: true });
  }
}

/** `/pg/…` and `/v1/engines/:model/…` reach upstream as the plain `/v1/…` path. */
function upstreamPath(path: string): string {
  if (path.startsWith('/pg/')) return `/v1/${path.slice(4)}`;
  if (path.startsWith('/v1/engines/')) return path.replace(/^\/v1\/engines\/[^/]+\//, '/v1/');
  return path;
}

/**
 * Sets the call's estimated cost aside before the upstream call (reference §4.1); the ledger
 * refuses with the reference's 403 when the balances cannot cover it.
 */
async function admit(
  services: RelayServices,
  caller: RelayCaller,
  price: PriceInfo,
  bodyBytes: number,
  maxTokens: number,
  mode: RelayMode,
): Promise<Admission> {
  const { options } = services;
  // The estimate needs a prompt size before the call; a byte-based estimate (about four bytes
  // per token) avoids tokenising every request on the hot path. The real count settles the bill.
  const promptEstimate = Math.ceil(bodyBytes / 4);
  const estimate =
    mode === 'images'
      ? 0
      : estimatePreConsume(price, {
          promptTokens: promptEstimate,
          maxTokens,
          quotaPerUnit: options.getNumber('QuotaPerUnit'),
          preConsumedTokens: options.getNumber('PreConsumedQuota'),
        });
  return services.ledger.admit({ user: caller.user, token: caller.token, estimate });
}

type Settle = (outcome: CallOutcome) => Promise<void>;

/** The upstream exchange in progress, so a client that goes away cancels it. */
interface CurrentAttempt {
  upstream: UpstreamResponse | undefined;
  clientGone: boolean;
}

async function attemptChannels(
  services: RelayServices,
  exchange: RelayExchange,
  record: CallRecord,
  pinned: CachedChannel | undefined,
  settle: Settle,
): Promise<void> {
  const retryTimes = pinned ? 0 : Math.max(0, Math.floor(services.options.getNumber('RetryTimes')));
  const attempt: CurrentAttempt = { upstream: undefined, clientGone: false };
  const response = exchange.response;
  const onClose = () => {
    if (response.writableFinished) return;
    attempt.clientGone = true;
    attempt.upstream?.abort(new ClientGone());
  };
  response.once('close', onClose);
  try {
    for (let index = 0; index <= retryTimes; index += 1) {
      const channel = pinned ?? services.channels.select(record.group, record.model, index);
      if (!channel) {
        throw new RelayError(
          500,
          `获取分组 ${record.group} 下模型 ${record.model} 的可用渠道失败`,
          'new_api_error',
          'get_channel_failed',
        );
      }
      record.lastChannel = channel;
      record.useChannel.push(String(channel.id));
      const adaptor = services.providers.getAdaptor(channel.type);
      if (!adaptor.supports(record.mode)) {
        throw RelayError.badRequest(
          `channel type ${channel.type} does not support this endpoint`,
          'convert_request_failed',
        );
      }
      const target = toChannelTarget(channel, defaultBaseUrl(channel.type));
      const input = buildCallInput(record.facts, channel, target, {
        forceStreamUsage:
          services.config.forceStreamOption && adaptor.supportsStreamOptions(target),
      });
      record.upstreamModel = input.upstreamModel;
      try {
        await callOnce(services, exchange, record, channel, adaptor, input, attempt, settle);
        return;
      } catch (error) {
        if (!(error instanceof RelayError)) throw error;
        if (attempt.clientGone || exchange.headersSent) throw error;
        const classification = adaptor.classifyError(error);
        if (!error.local) services.health.reportFailure(channel, error, classification);
        if (!shouldRetry(error, classification, retryTimes - index, pinned !== undefined)) {
          throw error.status === 429
            ? new RelayError(429, SATURATED_MESSAGE, error.type, error.code, false)
            : error;
        }
        exchange.log.warn(
          { requestId: exchange.id, channelId: channel.id, status: error.status, attempt: index },
          'upstream attempt failed, retrying',
        );
      }
    }
  } finally {
    response.off('close', onClose);
  }
}

async function callOnce(
  services: RelayServices,
  exchange: RelayExchange,
  record: CallRecord,
  channel: CachedChannel,
  adaptor: ProviderAdaptor,
  input: RelayCallInput,
  attempt: CurrentAttempt,
  settle: Settle,
): Promise<void> {
  if (attempt.clientGone) return clientClosed(channel, settle);
  const upstreamRequest = adaptor.buildRequest(input);
  const sentAt = Date.now();
  const upstream = services.upstream.send(upstreamRequest, channel.setting.proxy);
  attempt.upstream = upstream;
  let response: UpstreamResponse;
  try {
    response = await upstream.started;
  } catch (error) {
    if (attempt.clientGone) return clientClosed(channel, settle);
    services.metrics.upstreamFailed(channel.id, 0);
    exchange.log.warn(
      { err: error, requestId: exchange.id, channelId: channel.id },
      'upstream request failed',
    );
    throw RelayError.upstream(500, '请求上游地址失败', 'new_api_error', 'do_request_failed');
  }

  services.metrics.upstreamAnswered(channel.id, (Date.now() - sentAt) / 1000);
  if (response.statusCode >= 400) {
    services.metrics.upstreamFailed(channel.id, response.statusCode);
    const upstreamError = await readUpstreamError(adaptor, response);
    const status = mapStatusCode(upstreamError.status, channel.statusCodeMapping);
    throw RelayError.upstream(
      status,
      upstreamError.message,
      upstreamError.type,
      upstreamError.code,
      upstreamError.param,
    );
  }

  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('text/event-stream')) {
    await relayStreamResponse(
      services,
      exchange,
      record,
      adaptor,
      input,
      response,
      attempt,
      settle,
    );
  } else {
    await relayPlainResponse(exchange, record, adaptor, input, response, settle);
  }
}

async function clientClosed(channel: CachedChannel, settle: Settle): Promise<never> {
  await settle({ usage: undefined, channel, failed: true, clientAborted: true });
  throw new RelayError(499, 'client closed the request', 'new_api_error', 'client_closed', true);
}
