/**
 * "Test all channels" (reference §5.2): every channel is tested one after another in the
 * background, POLLING_INTERVAL seconds apart; failing channels are disabled and recovered ones
 * enabled again. One run at a time per relay engine, started from the console or by the
 * CHANNEL_TEST_FREQUENCY schedule.
 */
import { CHANNEL_STATUS } from '@tollgate/contracts';
import { toCachedChannel, type CachedChannel } from '../channel-cache.js';
import { shouldDisableChannel } from '../channel-health.js';
import type { RelayServices } from '../relay-services.js';
import { formatSeconds } from './channel-test-request.js';
import { testChannel, type ChannelTestResult } from './channel-tester.js';
import { pauseBetweenChannels } from './pause-between-channels.js';

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
    disable = shouldDisableChannel(
      error,
      relay.providers.getAdaptor(channel.type).classifyError(error),
      relay.options,
    );
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
  for (const [index, row] of rows.entries()) {
    if (index > 0) await pauseBetweenChannels(relay.config.channelPollingIntervalSeconds, signal);
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
