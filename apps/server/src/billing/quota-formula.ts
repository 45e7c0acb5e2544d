import type { Usage } from '../providers/usage.js';
import type { AudioRatios } from './audio-ratio.js';
import {
  addDecimals,
  decimalOf,
  isNearHalf,
  multiplyDecimals,
  roundDecimal,
  roundHalfAwayFromZero,
  roundProduct,
  type Decimal,
} from './exact-decimal.js';
import type { PriceInfo } from './price-resolution.js';

/*
 * Settlement formulas (reference §4.3–4.5, 4.7). All results are whole quota, rounded half away
 * from zero from the exact decimal value (see exact-decimal.ts), like new-api's decimal maths.
 */

/** Cached prompt tokens actually billed: within 0…promptTokens, whatever a provider reported. */
export function billableCachedTokens(usage: Usage): number {
  const prompt = usage.promptTokens > 0 ? usage.promptTokens : 0;
  const cached = usage.cachedTokens > 0 ? usage.cachedTokens : 0;
  return cached < prompt ? cached : prompt;
}

/** Cache-write prompt tokens actually billed: within what remains after the cached tokens. */
export function billableCacheCreationTokens(usage: Usage): number {
  const prompt = usage.promptTokens > 0 ? usage.promptTokens : 0;
  const room = prompt - billableCachedTokens(usage);
  const creation = usage.cacheCreationTokens > 0 ? usage.cacheCreationTokens : 0;
  return creation < room ? creation : room;
}

/**
 * The quota of a text call (chat, completions, responses, embeddings, rerank, Claude messages —
 * one formula for all). `usage.promptTokens` is the total input including cache reads and writes.
 *
 * - Ratio mode: `round((uncached + cached × cacheRatio + cacheCreation × cacheCreationRatio +
 *   completion × completionRatio) × modelRatio × groupRatio)`, at least 1 when
 *   modelRatio × groupRatio ≠ 0. Because Usage totals include the cache tokens, cache reads are
 *   subtracted once and cache writes are billed at their ratio — new-api's OpenAI-format path
 *   subtracted Claude cache reads twice and ignored cache writes.
 * - Price mode: `round(modelPrice × quotaPerUnit × groupRatio)`.
 * - No tokens at all (prompt + completion = 0: the upstream timed out or failed before counting)
 *   costs 0 in both modes: a per-call price is not charged for a call that produced nothing.
 */
export function computeQuota(price: PriceInfo, usage: Usage, quotaPerUnit: number): number {
  const prompt = usage.promptTokens > 0 ? usage.promptTokens : 0;
  const completion = usage.completionTokens > 0 ? usage.completionTokens : 0;
  if (prompt + completion === 0) return 0;
  if (price.usePrice) return roundProduct(price.modelPrice, quotaPerUnit, price.groupRatio);

  const cached = billableCachedTokens(usage);
  const creation = billableCacheCreationTokens(usage);
  const uncached = prompt - cached - creation;
  const raw =
    (uncached +
      cached * price.cacheRatio +
      creation * price.cacheCreationRatio +
      completion * price.completionRatio) *
    price.modelRatio *
    price.groupRatio;
  const quota = isNearHalf(raw)
    ? exactTextQuota(uncached, cached, creation, completion, price)
    : roundHalfAwayFromZero(raw);
  return atLeastOne(quota, price);
}

function exactTextQuota(
  uncached: number,
  cached: number,
  creation: number,
  completion: number,
  price: PriceInfo,
): number {
  let weighted = decimalOf(uncached);
  weighted = addDecimals(weighted, weightedTokens(cached, price.cacheRatio));
  weighted = addDecimals(weighted, weightedTokens(creation, price.cacheCreationRatio));
  weighted = addDecimals(weighted, weightedTokens(completion, price.completionRatio));
  return roundDecimal(applyModelAndGroup(weighted, price));
}

function weightedTokens(tokens: number, ratio: number): Decimal {
  return multiplyDecimals(decimalOf(tokens), decimalOf(ratio));
}

function applyModelAndGroup(weighted: Decimal, price: PriceInfo): Decimal {
  return multiplyDecimals(
    multiplyDecimals(weighted, decimalOf(price.modelRatio)),
    decimalOf(price.groupRatio),
  );
}

/** A billable call at a non-zero ratio never rounds down to free. */
function atLeastOne(quota: number, price: PriceInfo): number {
  return quota <= 0 && price.modelRatio * price.groupRatio !== 0 ? 1 : quota;
}

/** Token details of an audio-token model call (`prompt/completion_tokens_details`). */
export interface AudioUsage {
  textInputTokens: number;
  textOutputTokens: number;
  audioInputTokens: number;
  audioOutputTokens: number;
}

/**
 * The quota of an audio-token call (gpt-4o-audio*, realtime sessions; reference §4.4):
 * `round((textIn + textOut × completionRatio + audioIn × audioRatio + audioOut × audioRatio ×
 * audioCompletionRatio) × modelRatio × groupRatio)`, at least 1 when the ratio ≠ 0. Price mode
 * rounds `price × quotaPerUnit × groupRatio` like text calls (new-api truncated here only). No
 * tokens → 0, as for text.
 */
export function computeAudioQuota(
  price: PriceInfo,
  ratios: AudioRatios,
  usage: AudioUsage,
  quotaPerUnit: number,
): number {
  const textIn = usage.textInputTokens > 0 ? usage.textInputTokens : 0;
  const textOut = usage.textOutputTokens > 0 ? usage.textOutputTokens : 0;
  const audioIn = usage.audioInputTokens > 0 ? usage.audioInputTokens : 0;
  const audioOut = usage.audioOutputTokens > 0 ? usage.audioOutputTokens : 0;
  if (textIn + textOut + audioIn + audioOut === 0) return 0;
  if (price.usePrice) return roundProduct(price.modelPrice, quotaPerUnit, price.groupRatio);

  const raw =
    (textIn +
      textOut * price.completionRatio +
      audioIn * ratios.audioRatio +
      audioOut * ratios.audioRatio * ratios.audioCompletionRatio) *
    price.modelRatio *
    price.groupRatio;
  if (!isNearHalf(raw)) return atLeastOne(roundHalfAwayFromZero(raw), price);

  let weighted = decimalOf(textIn);
  weighted = addDecimals(weighted, weightedTokens(textOut, price.completionRatio));
  weighted = addDecimals(weighted, weightedTokens(audioIn, ratios.audioRatio));
  weighted = addDecimals(
    weighted,
    multiplyDecimals(
      weightedTokens(audioOut, ratios.audioRatio),
      decimalOf(ratios.audioCompletionRatio),
    ),
  );
  return atLeastOne(roundDecimal(applyModelAndGroup(weighted, price)), price);
}

/** The billing-relevant fields of an image generation request. */
export interface ImageRequestInfo {
  /** The requested model name. */
  model: string;
  size?: string;
  quality?: string;
  n?: number;
}

export interface ImageQuota {
  /** Quota to check against the balance before the call and to charge after it. */
  quota: number;
  /**
   * The price actually billed, for the log: per call (`usePrice` true), `modelPrice` = USD for the
   * whole request (size, quality and n applied); `modelRatio` keeps the model's ratio.
   */
  price: PriceInfo;
  size: string;
  quality: string;
  n: number;
  sizeRatio: number;
  qualityRatio: number;
}

/** USD per image of a ratio-priced model: ratio 16 ≙ $0.04 (DALL·E 3 standard 1024²). */
const USD_PER_IMAGE_RATIO = 0.0025;

/**
 * The quota of an image generation (reference §4.7): the model's `ModelPrice`, or 0.0025 ×
 * its ratio, × size factor (256² 0.4, 512² 0.45, 1024² 1, 1024×1792 and 1792×1024 2, other 1)
 * × quality factor (dall-e-3 `hd`: 2, or 1.5 for the tall/wide sizes) × n, then
 * `round(price × quotaPerUnit × groupRatio)`.
 *
 * new-api charged ratio-priced models `n × modelRatio × groupRatio` quota (next to nothing) and
 * used the size/quality price only for the balance check; Tollgate charges what it checks.
 */
export function computeImageQuota(
  price: PriceInfo,
  request: ImageRequestInfo,
  quotaPerUnit: number,
): ImageQuota {
  const size = request.size ? request.size : '1024x1024';
  const quality = request.quality ? request.quality : 'standard';
  const n = request.n !== undefined && request.n >= 1 ? Math.floor(request.n) : 1;
  const sizeRatio = imageSizeRatio(size);
  const qualityRatio = imageQualityRatio(request.model, size, quality);
  const unitPrice = price.usePrice ? price.modelPrice : USD_PER_IMAGE_RATIO * price.modelRatio;
  // Same float steps as new-api, so the logged price reproduces the charge exactly.
  const requestPrice = unitPrice * (sizeRatio * qualityRatio * n);
  return {
    quota: roundProduct(requestPrice, quotaPerUnit, price.groupRatio),
    price: { ...price, usePrice: true, modelPrice: requestPrice },
    size,
    quality,
    n,
    sizeRatio,
    qualityRatio,
  };
}

function isTallOrWide(size: string): boolean {
  return size === '1024x1792' || size === '1792x1024';
}

function imageSizeRatio(size: string): number {
  switch (size) {
    case '256x256':
      return 0.4;
    case '512x512':
      return 0.45;
    default:
      return isTallOrWide(size) ? 2 : 1;
  }
}

function imageQualityRatio(model: string, size: string, quality: string): number {
  if (model !== 'dall-e-3' || quality !== 'hd') return 1;
  return isTallOrWide(size) ? 1.5 : 2;
}
