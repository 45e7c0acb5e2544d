import { truncateProduct } from './exact-decimal.js';
import type { PriceInfo } from './price-resolution.js';

/**
 * Prompt tokens estimated from a request body's size, about four bytes per token, before the
 * upstream call: what the pre-consume hold counts, and what a converted Claude stream reports in
 * `message_start` until upstream's count arrives. Tokenising every request on the hot path would
 * cost more than an estimate is worth; the real count settles the bill.
 */
export function estimatePromptTokens(bodyBytes: number): number {
  return Math.ceil(bodyBytes / 4);
}

export interface PreConsumeInput {
  /** Prompt tokens of the request, estimated (estimatePromptTokens). */
  promptTokens: number;
  /** The request's output limit: max(max_tokens, max_completion_tokens) for chat; 0 when absent. */
  maxTokens: number;
  /** `QuotaPerUnit` option: quota per USD. */
  quotaPerUnit: number;
  /** `PreConsumedQuota` option — despite its name a token count, used when maxTokens is 0. */
  preConsumedTokens: number;
}

/**
 * Quota to hold before relaying (new-api `ShouldPreConsumedQuota`, reference §4.1): per-call
 * models hold their price; ratio models hold `PreConsumedQuota` tokens when the request sets no
 * output limit, else prompt + limit tokens, at `modelRatio × groupRatio`. Truncated like Go's
 * `int(…)`, but computed exactly (1000 tokens × 2.01 holds 2010, not 2009).
 */
export function estimatePreConsume(price: PriceInfo, input: PreConsumeInput): number {
  if (price.usePrice)
    return truncateProduct(price.modelPrice, input.quotaPerUnit, price.groupRatio);
  const maxTokens = input.maxTokens > 0 ? input.maxTokens : 0;
  const tokens = maxTokens === 0 ? input.preConsumedTokens : input.promptTokens + maxTokens;
  return truncateProduct(tokens, price.modelRatio, price.groupRatio);
}
