import type { ConsumeLogOther } from '@tollgate/contracts';
import type { Usage } from '../providers/usage.js';
import type { AudioRatios } from './audio-ratio.js';
import { isGizmoModel } from './model-names.js';
import type { PriceInfo } from './price-resolution.js';
import {
  billableCacheCreationTokens,
  billableCachedTokens,
  type AudioUsage,
  type ImageQuota,
} from './quota-formula.js';

/** Appended when prompt + completion = 0 (the upstream gave nothing; nothing is charged). */
export const LOG_SUFFIX_UPSTREAM_TIMEOUT = '（可能是上游超时）';
/** Extra content when the upstream reported no usage and the local prompt count was billed. */
export const LOG_SUFFIX_REQUEST_ERROR = '（可能是请求出错）';

/**
 * Go's `%.2f`. `toFixed` rounds exact binary ties (x.125, x.625) up where Go rounds them to even,
 * and ratios such as 0.125 are common, so those two cases are corrected.
 */
export function formatGoFixed2(value: number): string {
  const eighths = value * 8;
  if (Number.isInteger(eighths) && Math.abs(eighths) % 2 === 1) {
    const magnitude = Math.abs(value);
    const whole = Math.floor(magnitude);
    const fraction = magnitude - whole;
    if (fraction === 0.125 || fraction === 0.625) {
      return `${value < 0 ? '-' : ''}${whole}.${fraction === 0.125 ? '12' : '62'}`;
    }
  }
  return value.toFixed(2);
}

export interface LogContentInput {
  /** The requested model name (gizmo models name the real model after the ratios). */
  model?: string;
  /** prompt + completion = 0: nothing was charged; adds the upstream-timeout suffix. */
  producedNothing?: boolean;
  /** Audio-token calls show their audio ratios too. */
  audio?: AudioRatios;
  /** Image generations: logged at their adjusted per-request price, with size and quality. */
  image?: ImageQuota;
  /** Appended after ", " (e.g. LOG_SUFFIX_REQUEST_ERROR); images default to imageLogExtra(…). */
  extra?: string;
}

/**
 * The consume log's `content` (reference §4.3/4.4): "模型倍率 a，补全倍率 b，分组倍率 c" or
 * "模型价格 p，分组倍率 c", then "（可能是上游超时）" for a call without tokens, "，模型 <name>" for
 * gizmo models, and ", <extra>".
 */
export function consumeLogContent(requestPrice: PriceInfo, input: LogContentInput = {}): string {
  const price = input.image ? input.image.price : requestPrice;
  const group = formatGoFixed2(price.groupRatio);
  let content: string;
  if (price.usePrice) {
    content = `模型价格 ${formatGoFixed2(price.modelPrice)}，分组倍率 ${group}`;
  } else if (input.audio) {
    content =
      `模型倍率 ${formatGoFixed2(price.modelRatio)}，补全倍率 ${formatGoFixed2(price.completionRatio)}，` +
      `音频倍率 ${formatGoFixed2(input.audio.audioRatio)}，` +
      `音频补全倍率 ${formatGoFixed2(input.audio.audioCompletionRatio)}，分组倍率 ${group}`;
  } else {
    content = `模型倍率 ${formatGoFixed2(price.modelRatio)}，补全倍率 ${formatGoFixed2(price.completionRatio)}，分组倍率 ${group}`;
  }
  if (input.producedNothing) content += LOG_SUFFIX_UPSTREAM_TIMEOUT;
  if (input.model !== undefined && isGizmoModel(input.model)) content += `，模型 ${input.model}`;
  const extra = input.extra ?? (input.image ? imageLogExtra(input.image) : undefined);
  if (extra) content += `, ${extra}`;
  return content;
}

/** The extra content of an image generation log. */
export function imageLogExtra(image: ImageQuota): string {
  return `大小 ${image.size}, 品质 ${image.quality}`;
}

export type { ConsumeLogOther } from '@tollgate/contracts';

export interface LogOtherInput {
  /** The call's price (for images, computeImageQuota's adjusted price is used instead). */
  price: PriceInfo;
  usage: Usage;
  /**
   * First response time − start in ms. new-api logs −1000 for non-stream calls (its first
   * response time starts at start − 1 s); callers pass that for compatibility.
   */
  firstResponseMs: number;
  /** Channels tried, in order (admin_info.use_channel, logged as strings). */
  useChannel: readonly (number | string)[];
  /** The group billed (recorded for "auto" routing). */
  group?: string;
  reasoningEffort?: string;
  /** Model mapping sent another name upstream. */
  isModelMapped?: boolean;
  upstreamModelName?: string;
  /** The call came in through the Claude-native endpoint. */
  claude?: boolean;
  /** Audio-token calls: their ratios and token details; `realtime` for websocket sessions. */
  audio?: { ratios: AudioRatios; usage: AudioUsage; realtime?: boolean };
  /** Image generations: the result of computeImageQuota. */
  image?: ImageQuota;
}

/**
 * Builds `other`. Every number needed to recompute the charge is in it: with the row's
 * prompt_tokens (total input) and completion_tokens, `model_price ≥ 0` gives
 * round(model_price × QuotaPerUnit × group_ratio), else round((prompt − cache_tokens −
 * cache_creation_tokens + cache_tokens × cache_ratio + cache_creation_tokens ×
 * cache_creation_ratio + completion × completion_ratio) × model_ratio × group_ratio), audio rows
 * use their text/audio fields instead.
 */
export function buildLogOther(input: LogOtherInput): ConsumeLogOther {
  const billed = input.image ? input.image.price : input.price;
  const other: ConsumeLogOther = {
    model_ratio: billed.modelRatio,
    group_ratio: billed.groupRatio,
    completion_ratio: billed.completionRatio,
    cache_tokens: billableCachedTokens(input.usage),
    cache_ratio: billed.cacheRatio,
    cache_creation_tokens: billableCacheCreationTokens(input.usage),
    cache_creation_ratio: billed.cacheCreationRatio,
    model_price: billed.modelPrice,
    frt: input.firstResponseMs,
    admin_info: { use_channel: input.useChannel.map(String) },
  };
  if (billed.userGroupRatio !== undefined) other.user_group_ratio = billed.userGroupRatio;
  if (input.group !== undefined) other.group = input.group;
  if (input.reasoningEffort) other.reasoning_effort = input.reasoningEffort;
  if (input.isModelMapped && input.upstreamModelName) {
    other.is_model_mapped = true;
    other.upstream_model_name = input.upstreamModelName;
  }
  if (input.claude) other.claude = true;
  if (input.audio) {
    if (input.audio.realtime) other.ws = true;
    else other.audio = true;
    other.text_input = nonNegative(input.audio.usage.textInputTokens);
    other.text_output = nonNegative(input.audio.usage.textOutputTokens);
    other.audio_input = nonNegative(input.audio.usage.audioInputTokens);
    other.audio_output = nonNegative(input.audio.usage.audioOutputTokens);
    other.audio_ratio = input.audio.ratios.audioRatio;
    other.audio_completion_ratio = input.audio.ratios.audioCompletionRatio;
  }
  if (input.image) {
    other.image_size = input.image.size;
    other.image_quality = input.image.quality;
    other.image_n = input.image.n;
    other.image_size_ratio = input.image.sizeRatio;
    other.image_quality_ratio = input.image.qualityRatio;
  }
  return other;
}

/** Token counts as the formulas bill them (a provider's negative or missing count is 0). */
function nonNegative(tokens: number): number {
  return tokens > 0 ? tokens : 0;
}
