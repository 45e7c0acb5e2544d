import {
  buildLogOther,
  computeAudioQuota,
  computeImageQuota,
  computeQuota,
  consumeLogContent,
  isAudioTokenModel,
  limitTokensOf,
  resolveAudioRatios,
} from '../billing/index.js';
import type { LogRow } from '../logs/log-insert-statement.js';
import type { Usage } from '../providers/usage.js';
import { finalUsage } from './final-usage.js';
import { recordConsumption } from './record-consumption.js';
import type { CachedOutcome, CallOutcome, RelayCall } from './relay-call-context.js';

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
function imageRequestQuota(call: RelayCall, quotaPerUnit: number) {
  const body = call.facts.parsed.json ?? {};
  return computeImageQuota(
    call.price,
    {
      model: call.model,
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
export async function settleCall(call: RelayCall, outcome: CallOutcome): Promise<void> {
  const { services } = call;
  const { options } = services;
  const cached = outcome.cached;
  const usage = outcome.failed
    ? undefined
    : cached !== undefined
      ? outcome.usage
      : finalUsage(call, outcome.usage, outcome.completionText ?? '', 0, false);
  const quotaPerUnit = options.getNumber('QuotaPerUnit');
  const image = call.mode === 'images' ? imageRequestQuota(call, quotaPerUnit) : undefined;
  const audio =
    usage?.audio && isAudioTokenModel(call.model)
      ? audioBilling(usage.audio, call.model)
      : undefined;
  const quota =
    outcome.failed || !usage
      ? 0
      : cached !== undefined
        ? cached.quota
        : image
          ? image.quota
          : audio
            ? computeAudioQuota(call.price, audio.ratios, audio.usage, quotaPerUnit)
            : computeQuota(call.price, usage, quotaPerUnit);
  const producedNothing = !usage || usage.promptTokens + usage.completionTokens === 0;
  const channelId = outcome.channel?.id ?? 0;
  call.exchange.trace?.settled({
    channelId,
    quota,
    promptTokens: usage?.promptTokens ?? 0,
    completionTokens: usage?.completionTokens ?? 0,
  });

  // The limits count what was billed (cached tokens at their ratio); a call that delivered nothing
  // gives its reservation back, and a response cache hit counts its charged share of the original
  // tokens (none when it is free).
  if (call.limits !== undefined) {
    if (outcome.failed || !usage || (cached !== undefined && quota === 0)) call.limits.release();
    else {
      const tokens = limitTokensOf(usage, call.price);
      const share = cached === undefined ? tokens : Math.round(tokens * cached.chargeRatio);
      call.limits.settle({ tokens: share, quota });
    }
  }
  // Kept only for an answer the response cache may store.
  if (call.capture !== undefined) call.charged = { quota, usage };
  if (!outcome.failed && usage) {
    services.metrics.charged(call.model, usage.promptTokens, usage.completionTokens, quota);
  }
  const log =
    !outcome.failed && usage && options.getBoolean('LogConsumeEnabled')
      ? consumeLogRowOf(call, usage, quota, channelId, producedNothing, image, audio, cached)
      : undefined;

  // The charge and its log row are written together. The ledger reports a failed write itself and
  // keeps the settlement to write it again, so a rejection here needs no handling beyond waiting
  // for it; until written, the ledger counts the charge in this process's view of the balances.
  await services.ledger
    .settle(call.admission, {
      quota,
      channelId,
      countUsage: !outcome.failed && !producedNothing,
      log,
    })
    .catch(() => {});
}

/** The consume log row of a settled call. */
function consumeLogRowOf(
  call: RelayCall,
  usage: Usage,
  quota: number,
  channelId: number,
  producedNothing: boolean,
  image: ReturnType<typeof imageRequestQuota> | undefined,
  audio: ReturnType<typeof audioBilling> | undefined,
  cached: CachedOutcome | undefined,
): LogRow {
  const { caller } = call;
  const other = buildLogOther({
    price: call.price,
    usage,
    firstResponseMs: call.firstResponseAt ? call.firstResponseAt - call.startedAt : -1000,
    isModelMapped: call.upstreamModel !== undefined && call.upstreamModel !== call.model,
    upstreamModelName: call.upstreamModel,
    useChannel: call.useChannel,
    group: call.group,
    claude: call.format.id === 'anthropic-messages',
    image,
    audio,
    reasoningEffort: reasoningEffortOf(call.facts.parsed.json),
  });
  if (call.format.id !== 'openai') other.inbound_format = call.format.id;
  // A fallback answered: the row is the answering model's (its name, price and channel).
  if (call.fallback !== undefined) other.fallback_from = call.fallback.from;
  if (call.multiKeyIndex !== undefined) other.multi_key_index = call.multiKeyIndex;
  const subscriptionId = call.admission.subscriptionId;
  if (subscriptionId) {
    // A subscription paid (the wallet did not): which one, for the user's and the admin's logs.
    const subscription = call.services.subscriptions.find(caller.user.id, subscriptionId);
    other.billing_source = 'subscription';
    other.subscription_id = subscriptionId;
    if (subscription) {
      other.subscription_plan_id = subscription.planId;
      other.subscription_plan_title = subscription.planTitle;
    }
  }
  if (cached !== undefined) {
    other.cache_hit = true;
    other.cache_saved_quota = cached.savedQuota;
  }
  return recordConsumption(call.services, {
    userId: caller.user.id,
    username: caller.user.username,
    tokenId: caller.token.id,
    tokenName: caller.token.name ?? '',
    channelId,
    model: call.model,
    usage,
    quota,
    content: consumeLogContent(call.price, {
      model: call.model,
      producedNothing: producedNothing && !image,
      image,
      audio: audio?.ratios,
    }),
    other,
    group: call.group,
    isStream: call.isStream,
    startedAt: call.startedAt,
  });
}

/** The effort asked for: chat's `reasoning_effort`, or Responses' `reasoning.effort`. */
function reasoningEffortOf(json: Record<string, unknown> | undefined): string | undefined {
  if (typeof json?.reasoning_effort === 'string') return json.reasoning_effort;
  const reasoning = json?.reasoning;
  if (typeof reasoning === 'object' && reasoning !== null && 'effort' in reasoning) {
    return typeof reasoning.effort === 'string' ? reasoning.effort : undefined;
  }
  return undefined;
}
