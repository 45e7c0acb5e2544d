/**
 * Channel tests (reference §5.2): one small real call through the channel's adaptor and the
 * relay's upstream client, timed; a consume log for the test runner without charging anyone; and
 * the "test all channels" run that disables failing channels and re-enables recovered ones.
 */
import { CHANNEL_STATUS } from '@tollgate/contracts';
import { buildLogOther, consumeLogModelName, countChatPromptTokens, countCompletionTokens, countTextTokens, resolvePrice } from '../billing/index.js';
import { LOG_TYPE } from '../logs/log-writer.js';
import type { RelayMode } from '../providers/provider-adaptor.js';
import { defaultBaseUrl } from '../providers/registry.js';
import { unsupportedModeError } from '../providers/unsupported-mode-error.js';
import { buildCallInput, toChannelTarget, type RequestFacts } from '../relay/build-call-input.js';
import { toCachedChannel, type CachedChannel } from '../relay/channel-cache.js';
import { shouldDisableChannel } from '../relay/channel-health.js';
import { parseRelayBody } from '../relay/parse-relay-body.js';
import { RelayError } from '../relay/relay-error.js';
import type { RelayServices } from '../relay/relay-services.js';
import type { Usage } from '../relay/usage.js';
import { findUserById } from '../users/user-repository.js';
import { failure } from '../http/app-error.js';
import { findChannelWithKey } from './channel-repository.js';
import { CHANNEL_NOT_FOUND } from './channel-service.js';
import {
  buildTestBody,
  CHANNEL_TEST_LOG_NAME,
  channelTestQuota,
  formatSeconds,
  isEmbeddingTest,
  resolveTestModel,
  untestableTypeMessage,
} from './channel-test-request.js';
import { readLimitedBody } from './read-limited-body.js';

/** The reference runs every test as user 1 (the first root) and logs it under that user. */
const TEST_RUNNER_USER_ID = 1;
/** A test that has not answered after this long fails, so "test all" cannot hang on one channel. */
const TEST_TIMEOUT_MS = 60_000;
/** The beginning of an error body shown in the message; test answers themselves are tiny. */
const ERROR_BODY_LIMIT = 64 * 1024;
const SUCCESS_BODY_LIMIT = 4 * 1024 * 1024;
const ERROR_TEXT_SHOWN = 1000;

/** How one channel test ended. */
export interface ChannelTestResult {
  success: boolean;
  /** '' on success, else why the test failed (shown to the operator). */
  message: string;
  /** Wall time of the whole test, milliseconds. */
  elapsedMs: number;
  /** The upstream's error answer, when the failure came from upstream (judged for auto-disable). */
  upstreamError?: RelayError;
}

class ChannelTestFailure extends Error {
  constructor(
    message: string,
    readonly upstreamError?: RelayError,
  ) {
    super(message);
  }
}

/**
 * Tests one channel with `requestedModel` (or its test model, first model, `gpt-4o-mini`). Never
 * throws for a failing channel; only unexpected errors (database) propagate. Does not record the
 * response time or change the status: callers decide (see testChannelById and the "test all" run).
 */
export async function testChannel(
  relay: RelayServices,
  channel: CachedChannel,
  requestedModel?: string,
  signal?: AbortSignal,
): Promise<ChannelTestResult> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  try {
    await exerciseChannel(relay, channel, requestedModel, signal, elapsed);
    return { success: true, message: '', elapsedMs: elapsed() };
  } catch (error) {
    if (error instanceof ChannelTestFailure) {
      return { success: false, message: error.message, elapsedMs: elapsed(), upstreamError: error.upstreamError };
    }
    if (error instanceof RelayError) {
      const upstreamError = error.local ? undefined : error;
      return { success: false, message: error.message, elapsedMs: elapsed(), upstreamError };
    }
    throw error;
  }
}

async function exerciseChannel(
  relay: RelayServices,
  channel: CachedChannel,
  requestedModel: string | undefined,
  signal: AbortSignal | undefined,
  elapsed: () => number,
): Promise<void> {
  const refused = untestableTypeMessage(channel.type);
  if (refused) throw new ChannelTestFailure(refused);

  const model = resolveTestModel(requestedModel, channel.testModel, channel.models);
  const upstreamModel = channel.modelMapping[model] || model;
  const mode: RelayMode = isEmbeddingTest(model, upstreamModel, channel.type) ? 'embeddings' : 'chat';
  const adaptor = relay.providers.getAdaptor(channel.type);
  if (!adaptor.supports(mode)) throw unsupportedModeError(mode, channel.type);

  const runner = await findUserById(relay.db, TEST_RUNNER_USER_ID);
  const group = runner?.group || 'default';
  const price = resolvePrice(relay.options, {
    model,
    group,
    userGroup: group,
    userId: TEST_RUNNER_USER_ID,
    acceptUnsetModelRatio: acceptsUnsetRatio(runner?.setting ?? null),
  });

  const rawBody = Buffer.from(JSON.stringify(buildTestBody(model, upstreamModel, mode === 'embeddings')));
  const facts: RequestFacts = {
    mode,
    rawBody,
    contentType: 'application/json',
    path: mode === 'embeddings' ? '/v1/embeddings' : '/v1/chat/completions',
    query: '',
    headers: {},
    parsed: parseRelayBody(mode, rawBody, 'application/json'),
  };
  const target = toChannelTarget(channel, defaultBaseUrl(channel.type));
  const input = buildCallInput(facts, channel, target, { forceStreamUsage: false });
  const upstreamRequest = adaptor.buildRequest(input);

  const timeout = AbortSignal.timeout(TEST_TIMEOUT_MS);
  const response = await relay.upstream
    .send(upstreamRequest, signal ? AbortSignal.any([signal, timeout]) : timeout, channel.setting.proxy)
    .catch((error: unknown) => {
      throw new ChannelTestFailure(`do request failed: ${describeNetworkError(error, timeout)}`);
    });

  if (response.statusCode !== 200) {
    const { bytes } = await readLimitedBody(response.body, ERROR_BODY_LIMIT).catch(() => ({ bytes: Buffer.alloc(0) }));
    const parsed = adaptor.parseError(response.statusCode, bytes);
    const message = isJsonText(bytes)
      ? parsed.message
      : `bad response status code ${response.statusCode}, body: ${bytes.toString('utf8').slice(0, ERROR_TEXT_SHOWN)}`;
    const upstreamError = RelayError.upstream(response.statusCode, message, parsed.type, parsed.code, parsed.param);
    throw new ChannelTestFailure(`status code ${response.statusCode}: ${message}`, upstreamError);
  }

  const { bytes } = await readLimitedBody(response.body, SUCCESS_BODY_LIMIT).catch(() => {
    throw new ChannelTestFailure('读取上游响应失败');
  });
  const converted = adaptor.convertResponse(input, bytes, String(response.headers['content-type'] ?? ''));
  const usage = converted.usage ?? countLocally(mode, model, converted.completionText);

  if (!relay.options.getBoolean('LogConsumeEnabled')) return;
  const quota = channelTestQuota(price, usage, relay.options.getNumber('QuotaPerUnit'));
  const elapsedMs = elapsed();
  const createdAt = Math.floor(Date.now() / 1000);
  const username = runner?.username ?? '';
  const other = buildLogOther({
    price,
    usage,
    firstResponseMs: elapsedMs,
    useChannel: [channel.id],
    group,
    isModelMapped: upstreamModel !== model,
    upstreamModelName: upstreamModel,
  });
  relay.logs.add({
    user_id: TEST_RUNNER_USER_ID,
    username,
    created_at: createdAt,
    type: LOG_TYPE.consume,
    content: CHANNEL_TEST_LOG_NAME,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    token_name: CHANNEL_TEST_LOG_NAME,
    model_name: consumeLogModelName(model),
    quota,
    channel_id: channel.id,
    token_id: 0,
    use_time: Math.floor(elapsedMs / 1000),
    is_stream: false,
    group,
    other: JSON.stringify(other),
  });
  relay.dashboard.record({
    userId: TEST_RUNNER_USER_ID,
    username,
    modelName: consumeLogModelName(model),
    createdAt,
    tokensUsed: usage.promptTokens + usage.completionTokens,
    quota,
  });
}

/** Usage counted here when upstream reported none (as the relay's adaptors do for plain answers). */
function countLocally(mode: RelayMode, model: string, completionText: string): Usage {
  const promptTokens =
    mode === 'embeddings'
      ? countTextTokens(model, 'hello world')
      : countChatPromptTokens(model, [{ role: 'user', content: 'hi' }]);
  const completionTokens = mode === 'chat' ? countCompletionTokens(model, completionText) : 0;
  return { promptTokens, completionTokens, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0 };
}

function acceptsUnsetRatio(setting: string | null): boolean {
  if (!setting) return false;
  try {
    const parsed: unknown = JSON.parse(setting);
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      (parsed as Record<string, unknown>).accept_unset_model_ratio_model === true
    );
  } catch {
    return false;
  }
}

function isJsonText(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

function describeNetworkError(error: unknown, timeout: AbortSignal): string {
  if (timeout.aborted) return `no answer within ${TEST_TIMEOUT_MS / 1000} s`;
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * `GET /api/channel/test/:id`: tests the channel, records its response time and test time (also
 * on failure), and puts an automatically disabled channel that passed back into service when
 * `AutomaticEnableChannelEnabled` is on.
 */
export async function testChannelById(
  relay: RelayServices,
  id: number,
  requestedModel?: string,
): Promise<ChannelTestResult> {
  const row = await findChannelWithKey(relay.db, id);
  if (!row) throw failure(CHANNEL_NOT_FOUND);
  const channel = toCachedChannel(row);
  const result = await testChannel(relay, channel, requestedModel);
  await relay.health.recordResponseTime(channel.id, result.elapsedMs);
  if (
    result.success &&
    channel.status === CHANNEL_STATUS.autoDisabled &&
    relay.options.getBoolean('AutomaticEnableChannelEnabled')
  ) {
    await relay.health.setStatus(channel.id, CHANNEL_STATUS.enabled, '');
  }
  return result;
}

/**
 * What "test all" does with one channel's result (reference §5.2): an enabled `auto_ban` channel
 * is disabled when upstream's error warrants it (shouldDisableChannel) or the test took longer than
 * `ChannelDisableThreshold` seconds (0 = no limit); an automatically disabled channel that passed
 * within the limit is enabled again when `AutomaticEnableChannelEnabled` is on. Manually disabled
 * channels are never enabled.
 */
export function decideAfterTest(
  relay: RelayServices,
  channel: CachedChannel,
  result: ChannelTestResult,
): { status: number; reason: string } | undefined {
  const thresholdMs = Math.trunc(relay.options.getNumber('ChannelDisableThreshold') * 1000);
  let reason = result.message;
  let disable = false;
  if (result.upstreamError) {
    const error = result.upstreamError;
    reason = `type ${error.type}, httpCode ${error.status}, code ${error.code}, message ${error.message}`;
    disable = shouldDisableChannel(error, channel.type, relay.options);
  }
  const tooSlow = thresholdMs > 0 && result.elapsedMs > thresholdMs;
  if (tooSlow) {
    reason = `响应时间 ${formatSeconds(result.elapsedMs)}s 超过阈值 ${formatSeconds(thresholdMs)}s`;
    disable = true;
  }
  if (channel.status === CHANNEL_STATUS.enabled) {
    return disable && channel.autoBan ? { status: CHANNEL_STATUS.autoDisabled, reason } : undefined;
  }
  const passed = result.success && !tooSlow;
  if (
    passed &&
    channel.status === CHANNEL_STATUS.autoDisabled &&
    relay.options.getBoolean('AutomaticEnableChannelEnabled')
  ) {
    return { status: CHANNEL_STATUS.enabled, reason: '' };
  }
  return undefined;
}

/** A "test all" run in progress, per relay engine (one process may hold several in tests). */
interface TestAllRun {
  done: Promise<void>;
  abort: AbortController;
}

const runs = new WeakMap<RelayServices, TestAllRun>();

/** Whether a "test all" run is in progress. */
export function isTestAllRunning(relay: RelayServices): boolean {
  return runs.has(relay);
}

/**
 * Starts testing every channel in the background; false when a run is already in progress.
 * The returned run ends on its own; stopChannelTests cancels it.
 */
export function startTestAllChannels(relay: RelayServices): boolean {
  if (runs.has(relay)) return false;
  const abort = new AbortController();
  const done = testAllChannels(relay, abort.signal)
    .catch((error: unknown) => relay.onError(error, 'channel test'))
    .finally(() => runs.delete(relay));
  runs.set(relay, { done, abort });
  return true;
}

/** Runs "test all" and waits for it (or for the run already in progress). */
export async function runTestAllChannels(relay: RelayServices): Promise<void> {
  startTestAllChannels(relay);
  await runs.get(relay)?.done;
}

/** Cancels a run in progress and waits until it has stopped (shutdown). */
export async function stopChannelTests(relay: RelayServices): Promise<void> {
  const run = runs.get(relay);
  if (!run) return;
  run.abort.abort();
  await run.done;
}

async function testAllChannels(relay: RelayServices, signal: AbortSignal): Promise<void> {
  const rows = await relay.db.selectFrom('channels').selectAll().orderBy('id').execute();
  for (const row of rows) {
    if (signal.aborted) return;
    const channel = toCachedChannel(row);
    try {
      const result = await testChannel(relay, channel, undefined, signal);
      if (signal.aborted) return;
      const change = decideAfterTest(relay, channel, result);
      if (change) await relay.health.setStatus(channel.id, change.status, change.reason);
      await relay.health.recordResponseTime(channel.id, result.elapsedMs);
    } catch (error) {
      relay.onError(error, `channel test #${channel.id}`);
    }
  }
}
