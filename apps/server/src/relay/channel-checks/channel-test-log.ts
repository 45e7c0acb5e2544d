import { buildLogOther, type PriceInfo } from '../../billing/index.js';
import type { Usage } from '../../providers/usage.js';
import type { CachedChannel } from '../channel-cache.js';
import { recordConsumption } from '../record-consumption.js';
import type { RelayServices } from '../relay-services.js';
import { CHANNEL_TEST_LOG_NAME, channelTestQuota } from './channel-test-request.js';

/** The reference runs every test as user 1 (the first root) and logs it under that user. */
export const TEST_RUNNER_USER_ID = 1;

/** What a test's log row says about the call. */
export interface TestLogFacts {
  /** The model asked for, and the name sent upstream after the channel's mapping. */
  model: string;
  upstreamModel: string;
  price: PriceInfo;
  group: string;
  /** The test runner's username. */
  username: string;
}

/**
 * The consume log of a passed test: user 1, token name and content "模型测试", the quota the
 * call would have cost; no balance, token or channel counter changes.
 */
export function recordTestLog(
  relay: RelayServices,
  channel: CachedChannel,
  test: TestLogFacts,
  usage: Usage,
  elapsedMs: number,
): void {
  const quota = channelTestQuota(test.price, usage, relay.options.getNumber('QuotaPerUnit'));
  const other = buildLogOther({
    price: test.price,
    usage,
    firstResponseMs: elapsedMs,
    useChannel: [channel.id],
    group: test.group,
    isModelMapped: test.upstreamModel !== test.model,
    upstreamModelName: test.upstreamModel,
  });
  const now = Date.now();
  const row = recordConsumption(
    relay,
    {
      userId: TEST_RUNNER_USER_ID,
      username: test.username,
      tokenId: 0,
      tokenName: CHANNEL_TEST_LOG_NAME,
      channelId: channel.id,
      model: test.model,
      usage,
      quota,
      content: CHANNEL_TEST_LOG_NAME,
      other,
      group: test.group,
      isStream: false,
      startedAt: now - elapsedMs,
    },
    now,
  );
  // Charges nobody: the row alone joins the ledger's next write.
  relay.ledger.addLog(row);
}
