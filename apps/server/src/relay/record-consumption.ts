import type { ConsumeLogOther } from '@tollgate/contracts';
import { consumeLogModelName } from '../billing/index.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { LOG_TYPE } from '../logs/log-writer.js';
import type { Usage } from '../providers/usage.js';
import type { RelayServices } from './relay-services.js';

/** One use of a model to log: a relay call or a channel test. */
export interface Consumption {
  userId: number;
  username: string;
  tokenId: number;
  tokenName: string;
  channelId: number;
  /** The model as requested (priced and logged under this name). */
  model: string;
  usage: Usage;
  quota: number;
  content: string;
  other: ConsumeLogOther;
  group: string;
  isStream: boolean;
  /** When the call started (epoch ms), for its duration. */
  startedAt: number;
}

/**
 * The consume log row of a call or channel test — the one place it is built — and its share of
 * the dashboard's hourly sums. The caller hands the row to the ledger, which writes it with the
 * charge.
 */
export function recordConsumption(
  services: RelayServices,
  consumption: Consumption,
  now = Date.now(),
): LogRow {
  const createdAt = Math.floor(now / 1000);
  const modelName = consumeLogModelName(consumption.model);
  services.dashboard.record({
    userId: consumption.userId,
    username: consumption.username,
    modelName,
    createdAt,
    tokensUsed: consumption.usage.promptTokens + consumption.usage.completionTokens,
    quota: consumption.quota,
    // A response cache hit is settled with `other.cache_hit` and the quota it saved.
    cacheHit:
      consumption.other.cache_hit === true
        ? { savedQuota: consumption.other.cache_saved_quota ?? 0 }
        : undefined,
  });
  return {
    user_id: consumption.userId,
    username: consumption.username,
    created_at: createdAt,
    type: LOG_TYPE.consume,
    content: consumption.content,
    prompt_tokens: consumption.usage.promptTokens,
    completion_tokens: consumption.usage.completionTokens,
    token_name: consumption.tokenName,
    model_name: modelName,
    quota: consumption.quota,
    channel_id: consumption.channelId,
    token_id: consumption.tokenId,
    use_time: Math.floor((now - consumption.startedAt) / 1000),
    is_stream: consumption.isStream,
    group: consumption.group,
    other: JSON.stringify(consumption.other),
  };
}
