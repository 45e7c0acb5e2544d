/**
 * Billing rules of relayed calls: price resolution, pre-consume estimate, settlement formulas,
 * consume log content, local token counting. All functions are synchronous and pure (apart
 * from loading a tokenizer encoding on first use).
 */
export {
  resolvePrice,
  UNKNOWN_MODEL_RATIO,
  CACHE_CREATION_RATIO,
  type PriceInfo,
  type PriceOptions,
  type PriceRequest,
} from './price-resolution.js';
export { modelPricing, type ModelPricing, type ModelPricingOptions } from './model-pricing.js';
export { datasetPriceFor, type DatasetPrice } from './dataset-prices.js';
export {
  completionRatioFor,
  hardcodedCompletionRatio,
  type HardcodedCompletionRatio,
} from './completion-ratio.js';
export { resolveAudioRatios, isAudioTokenModel, type AudioRatios } from './audio-ratio.js';
export {
  billingModelName,
  consumeLogModelName,
  isGizmoModel,
  pricingBaseName,
} from './model-names.js';
export { estimatePreConsume, estimatePromptTokens, type PreConsumeInput } from './pre-consume.js';
export {
  computeQuota,
  computeAudioQuota,
  computeImageQuota,
  billableCachedTokens,
  billableCacheCreationTokens,
  type AudioUsage,
  type ImageRequestInfo,
  type ImageQuota,
} from './quota-formula.js';
export { limitTokensOf } from './limit-tokens.js';
export {
  consumeLogContent,
  buildLogOther,
  imageLogExtra,
  formatGoFixed2,
  LOG_SUFFIX_REQUEST_ERROR,
  LOG_SUFFIX_UPSTREAM_TIMEOUT,
  type ConsumeLogOther,
  type LogContentInput,
  type LogOtherInput,
} from './consume-log-content.js';
export {
  countChatPromptTokens,
  countCompletionTokens,
  countTextTokens,
  imageTokens,
} from './token-counter.js';
export { encodingForModel, preloadTokenEncoders, type EncodingName } from './token-encoders.js';
export { formatQuota } from './format-quota.js';
