/**
 * Channel tests (reference §5.2): one small real call through the channel's adaptor and the
 * relay's upstream client, timed; a consume log for the test runner without charging anyone; and
 * the single-test rules (response time, re-enabling). "Test all" lives in channel-test-all.ts.
 */
import { CHANNEL_STATUS } from '@tollgate/contracts';
import { resolvePrice, type PriceInfo } from '../../billing/index.js';
import type {
  ProviderAdaptor,
  RelayCallInput,
  RelayMode,
} from '../../providers/provider-adaptor.js';
import type { RequestFacts } from '../build-call-input.js';
import { toCachedChannel, type CachedChannel } from '../channel-cache.js';
import { answerForClient } from '../formats/client-side.js';
import { openAiFormat } from '../formats/openai/openai-format.js';
import { RelayError } from '../../errors/relay-error.js';
import { planAttempt } from '../plan-attempt.js';
import type { RelayServices } from '../relay-services.js';
import type { Usage } from '../../providers/usage.js';
import { findUserById } from '../../users/user-repository.js';
import { failure } from '../../errors/app-error.js';
import { findChannelWithKey } from '../../channels/channel-repository.js';
import { CHANNEL_NOT_FOUND } from '../../channels/channel-status.js';
import {
  acceptsUnsetRatio,
  buildTestBody,
  countTestUsageLocally,
  isEmbeddingTest,
  resolveTestModel,
  untestableTypeMessage,
} from './channel-test-request.js';
import { sendTestRequest } from './channel-test-transport.js';
import { recordTestLog, TEST_RUNNER_USER_ID } from './channel-test-log.js';

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
      return {
        success: false,
        message: error.message,
        elapsedMs: elapsed(),
        upstreamError: error.upstreamError,
      };
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
  const test = await prepareTest(relay, channel, requestedModel);
  const usage = await callUpstream(relay, channel, test, signal);
  if (relay.options.getBoolean('LogConsumeEnabled')) {
    recordTestLog(relay, channel, test, usage, elapsed());
  }
}

/** Everything decided before the upstream call. */
interface PreparedTest {
  /** The tested model as requested (priced and logged under this name). */
  model: string;
  upstreamModel: string;
  mode: RelayMode;
  adaptor: ProviderAdaptor;
  input: RelayCallInput;
  price: PriceInfo;
  /** The test runner's name and group (user 1). */
  username: string;
  group: string;
}

async function prepareTest(
  relay: RelayServices,
  channel: CachedChannel,
  requestedModel: string | undefined,
): Promise<PreparedTest> {
  const refused = untestableTypeMessage(channel.type);
  if (refused) throw new ChannelTestFailure(refused);

  const model = resolveTestModel(requestedModel, channel.testModel, channel.models, channel.type);
  const upstreamModel = channel.modelMapping[model] || model;
  const embeddings = isEmbeddingTest(model, upstreamModel, channel.type);
  const mode: RelayMode = embeddings ? 'embeddings' : 'chat';
  const rawBody = Buffer.from(JSON.stringify(buildTestBody(model, upstreamModel, embeddings)));
  const facts: RequestFacts = {
    mode,
    rawBody,
    contentType: 'application/json',
    path: embeddings ? '/v1/embeddings' : '/v1/chat/completions',
    query: '',
    headers: {},
    parsed: openAiFormat.readRequest(mode, rawBody, 'application/json'),
  };
  // A type without an adaptor, or one that cannot serve the mode, fails here before any look-up.
  const { adaptor, input } = planAttempt(relay.providers, channel, facts, {
    forceStreamOption: false,
    passThrough: false,
  });

  const runner = await findUserById(relay.db, TEST_RUNNER_USER_ID);
  const group = runner?.group || 'default';
  // An unpriced model fails the test here, before anything is sent (as the reference).
  const price = resolvePrice(relay.options, {
    model,
    group,
    userGroup: group,
    userId: TEST_RUNNER_USER_ID,
    acceptUnsetModelRatio: acceptsUnsetRatio(runner?.setting ?? null),
  });

  return {
    model,
    upstreamModel,
    mode,
    adaptor,
    input,
    price,
    username: runner?.username ?? '',
    group,
  };
}

/** Sends the test request; returns the usage of a good answer or throws why it failed. */
async function callUpstream(
  relay: RelayServices,
  channel: CachedChannel,
  test: PreparedTest,
  signal: AbortSignal | undefined,
): Promise<Usage> {
  const { adaptor, input } = test;
  let upstreamRequest = adaptor.buildRequest(input);
  if (adaptor.authorize) {
    upstreamRequest = await adaptor.authorize(input, upstreamRequest).catch((error: unknown) => {
      if (!(error instanceof RelayError)) throw error;
      throw new ChannelTestFailure(`status code ${error.status}: ${error.message}`, error);
    });
  }
  const timeout = AbortSignal.timeout(TEST_TIMEOUT_MS);
  const response = await sendTestRequest(
    relay,
    adaptor,
    input,
    upstreamRequest,
    signal ? AbortSignal.any([signal, timeout]) : timeout,
    channel.setting.proxy,
  ).catch((error: unknown) => {
    throw new ChannelTestFailure(`do request failed: ${describeNetworkError(error, timeout)}`);
  });

  if (response.statusCode !== 200) {
    const bytes = await response.read(ERROR_BODY_LIMIT).catch(() => Buffer.alloc(0));
    const parsed = adaptor.parseError(response.statusCode, bytes);
    // The operator sees a body that is not JSON (a proxy's error page) instead of a bare status.
    const message = isJsonText(bytes)
      ? parsed.message
      : `bad response status code ${response.statusCode}, body: ${bytes.toString('utf8').slice(0, ERROR_TEXT_SHOWN)}`;
    const upstreamError = RelayError.upstream(
      response.statusCode,
      message,
      parsed.type,
      parsed.code,
      parsed.param,
    );
    throw new ChannelTestFailure(`status code ${response.statusCode}: ${message}`, upstreamError);
  }

  const bytes = await response.read(SUCCESS_BODY_LIMIT).catch(() => {
    throw new ChannelTestFailure('读取上游响应失败');
  });
  // An error inside a 200 body is thrown here as an upstream RelayError.
  const converted = answerForClient(
    openAiFormat,
    adaptor,
    input,
    bytes,
    String(response.headers['content-type'] ?? ''),
  );
  return converted.usage ?? countTestUsageLocally(test.mode, test.model, converted.completionText);
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
    return cause instanceof Error && cause.message
      ? `${error.message}: ${cause.message}`
      : error.message;
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
