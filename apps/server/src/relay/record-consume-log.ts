import {
  buildLogOther,
  computeAudioQuota,
  computeImageQuota,
  isAudioTokenModel,
  resolveAudioRatios,
  computeQuota,
  consumeLogModelName,
  consumeLogContent,
  countChatPromptTokens,
  countCompletionTokens,
  countTextTokens,
  type PriceInfo,
} from '../billing/index.js';
import type { Admission } from '../billing/quota-ledger.js';
import type { InboundFormat } from './formats/format-spec.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import { LOG_TYPE } from '../logs/log-writer.js';
import type { RelayMode } from '../providers/provider-adaptor.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import type { RequestFacts } from './build-call-input.js';
import type { CachedChannel } from './channel-cache.js';
import type { RelayServices } from './relay-services.js';
import type { Usage } from '../providers/usage.js';

/** What is known about a call while it runs; settlement reads it. */
export interface CallRecord {
  caller: RelayCaller;
  group: string;
  model: string;
  upstreamModel?: string;
  mode: RelayMode;
  price: PriceInfo;
  /** The call's admission by the ledger (its estimate set aside). */
  admission: Admission;
  /** The wire format the client speaks. */
  format: InboundFormat;
  startedAt: number;
  firstResponseAt?: number;
  isStream: boolean;
  /** Channel ids tried, in order (logged as admin_info.use_channel). */
  useChannel: string[];
  lastChannel?: CachedChannel;
  facts: RequestFacts;
  /** Locally counted prompt tokens, computed at most once. */
  localPromptTokens?: number;
}

/** How a call ended. */
export interface CallOutcome {
  /** Final usage (already completed locally where upstream gave none); undefined on failure. */
  usage: Usage | undefined;
  /** Generated text of a plain answer, for local counting when usage is missing. */
  completionText?: string;
  channel: CachedChannel | undefined;
  /** True when no answer was delivered: the reservation is refunded in full. */
  failed: boolean;
  clientAborted?: boolean;
  streamBroken?: boolean;
}

/** Prompt tokens counted locally from the request (cached on the record). */
export function localPromptTokens(record: CallRecord): number {
  if (record.localPromptTokens !== undefined) return record.localPromptTokens;
  const body = record.facts.parsed.json ?? {};
  let count = 0;
  if (record.mode === 'chat') {
    count = countChatPromptTokens(record.model, body.messages, body.tools);
  } else {
    const input = body.prompt ?? body.input ?? body.query ?? '';
    const text = Array.isArray(input)
      ? input.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join('\n')
      : String(input);
    count = countTextTokens(record.model, text);
  }
  record.localPromptTokens = count;
  return count;
}

/**
 * The usage to bill: upstream's report when it gave one, completed locally where it is missing
 * (no report at all, or a broken stream that never reported output tokens). A call on which
 * upstream delivered nothing costs nothing.
 */
export function finalUsage(
  record: CallRecord,
  reported: Usage | undefined,
  completionText: string,
  toolCallCount: number,
  broken: boolean,
): Usage {
  const produced = completionText !== '' || toolCallCount > 0;
  const hasReport = reported !== undefined && reported.promptTokens + reported.completionTokens > 0;
  const outputMissing = reported === undefined || (reported.completionTokens === 0 && broken);
  if (hasReport && !(outputMissing && produced)) return reported;
  // Upstream answered nothing at all (no event, no report): nothing is charged.
  if (!hasReport && record.firstResponseAt === undefined) {
    return {
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      reasoningTokens: 0,
    };
  }
  return {
    promptTokens:
      reported && reported.promptTokens > 0 ? reported.promptTokens : localPromptTokens(record),
    completionTokens:
      reported && reported.completionTokens > 0
        ? reported.completionTokens
        : produced
          ? countCompletionTokens(record.model, completionText, toolCallCount)
          : 0,
    cachedTokens: reported?.cachedTokens ?? 0,
    cacheCreationTokens: reported?.cacheCreationTokens ?? 0,
    reasoningTokens: reported?.reasoningTokens ?? 0,
  };
}

/** gpt-4o-audio calls are priced by text and audio tokens separately (reference §4.4). */
function audioBilling(audio: NonNullable<Usage['audio']>, model: string) {
  return {
    ratios: resolveAudioRatios(model),
    usage: {
      textInputTokens: audio.textInput,
      textOutputTokens: audio.textOutput,
      audioInputTokens: audio.audioInput,
      audioOutputTokens: audio.audioOutput,
    },
  };
}

/** Image generations are priced per image by size and quality (reference §4.7). */
function imageRequestQuota(record: CallRecord, quotaPerUnit: number) {
  const body = record.facts.parsed.json ?? {};
  return computeImageQuota(
    record.price,
    {
      model: record.model,
      size: typeof body.size === 'string' ? body.size : undefined,
      quality: typeof body.quality === 'string' ? body.quality : undefined,
      n: typeof body.n === 'number' ? body.n : undefined,
    },
    quotaPerUnit,
  );
}

/**
 * Settles a call exactly once: the real cost (nothing when it failed) against what was set aside
 * for it, counters, and the consume log row with everything needed to recompute the charge.
 */
export async function recordConsumeLog(
  services: RelayServices,
  record: CallRecord,
  outcome: CallOutcome,
): Promise<void> {
  const { options } = services;
  const usage = outcome.failed
    ? undefined
    : finalUsage(record, outcome.usage, outcome.completionText ?? '', 0, false);
  const quotaPerUnit = options.getNumber('QuotaPerUnit');
  const image = record.mode === 'images' ? imageRequestQuota(record, quotaPerUnit) : undefined;
  const audio =
    usage?.audio && isAudioTokenModel(record.model)
      ? audioBilling(usage.audio, record.model)
      : undefined;
  const quota =
    outcome.failed || !usage
      ? 0
      : image
        ? image.quota
        : audio
          ? computeAudioQuota(record.price, audio.ratios, audio.usage, quotaPerUnit)
          : computeQuota(record.price, usage, quotaPerUnit);
  const producedNothing = !usage || usage.promptTokens + usage.completionTokens === 0;
  const channelId = outcome.channel?.id ?? 0;

  if (!outcome.failed && usage) {
    services.metrics.charged(record.model, usage.promptTokens, usage.completionTokens, quota);
  }
  const log =
    !outcome.failed && usage && options.getBoolean('LogConsumeEnabled')
      ? consumeLogRow(services, record, usage, quota, channelId, producedNothing, image, audio)
      : undefined;

  // The charge and its log row are written together. The ledger reports a failed write itself and
  // keeps the settlement to write it again, so a rejection here needs no handling beyond waiting
  // for it; until written, the ledger counts the charge in this process's view of the balances.
  await services.ledger
    .settle(record.admission, {
      quota,
      channelId,
      countUsage: !outcome.failed && !producedNothing,
      log,
    })
    .catch(() => {});
}

/** The consume log row of a settled call (and its share of the dashboard's hourly sums). */
function consumeLogRow(
  services: RelayServices,
  record: CallRecord,
  usage: Usage,
  quota: number,
  channelId: number,
  producedNothing: boolean,
  image: ReturnType<typeof imageRequestQuota> | undefined,
  audio: ReturnType<typeof audioBilling> | undefined,
): LogRow {
  const now = Date.now();
  const other = buildLogOther({
    price: record.price,
    usage,
    firstResponseMs: record.firstResponseAt ? record.firstResponseAt - record.startedAt : -1000,
    isModelMapped: record.upstreamModel !== undefined && record.upstreamModel !== record.model,
    upstreamModelName: record.upstreamModel,
    useChannel: record.useChannel,
    group: record.group,
    image,
    audio,
    reasoningEffort:
      typeof record.facts.parsed.json?.reasoning_effort === 'string'
        ? record.facts.parsed.json.reasoning_effort
        : undefined,
  });
  const createdAt = Math.floor(now / 1000);
  services.dashboard.record({
    userId: record.caller.user.id,
    username: record.caller.user.username,
    modelName: consumeLogModelName(record.model),
    createdAt,
    tokensUsed: usage.promptTokens + usage.completionTokens,
    quota,
  });
  return {
    user_id: record.caller.user.id,
    username: record.caller.user.username,
    created_at: createdAt,
    type: LOG_TYPE.consume,
    content: consumeLogContent(record.price, {
      model: record.model,
      producedNothing: producedNothing && !image,
      image,
      audio: audio?.ratios,
    }),
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    token_name: record.caller.token.name ?? '',
    model_name: consumeLogModelName(record.model),
    quota,
    channel_id: channelId,
    token_id: record.caller.token.id,
    use_time: Math.floor((now - record.startedAt) / 1000),
    is_stream: record.isStream,
    group: record.group,
    other: JSON.stringify(other),
  };
}
