import type { OptionStore } from '../options/option-store.js';
import { RelayError } from '../errors/relay-error.js';
import { completionRatioFor } from './completion-ratio.js';
import { billingModelName, ownNumber } from './model-names.js';
import { CACHE_CREATION_RATIO, modelPricing } from './model-pricing.js';

export { CACHE_CREATION_RATIO };

/**
 * The option getters billing reads. `OptionStore` satisfies it (its JSON values are parsed once
 * per change, so these reads are map look-ups); tests pass plain objects.
 */
export type PriceOptions = Pick<OptionStore, 'getJson' | 'getBoolean'>;

/** What one relay call costs per unit, resolved once before the call (reference §4.1). */
export interface PriceInfo {
  /** Billed per call (`ModelPrice`) rather than per token. */
  readonly usePrice: boolean;
  /** USD per call; −1 when billed by ratio. */
  readonly modelPrice: number;
  /** Quota per prompt token (1 = $2 per 1M tokens at the default 500000 quota per USD); 0 in price mode. */
  readonly modelRatio: number;
  /** Completion tokens cost this many prompt tokens; 0 in price mode. */
  readonly completionRatio: number;
  /** Cached prompt tokens cost this many prompt tokens; 0 in price mode. */
  readonly cacheRatio: number;
  /** Cache-write prompt tokens cost this many prompt tokens; 0 in price mode. */
  readonly cacheCreationRatio: number;
  /** Effective group multiplier: GroupGroupRatio[userGroup][group], else GroupRatio[group], else 1. */
  readonly groupRatio: number;
  /** Set (equal to `groupRatio`) when a GroupGroupRatio override applied; logged as `user_group_ratio`. */
  readonly userGroupRatio: number | undefined;
}

export interface PriceRequest {
  /** The model name the client asked for (billing uses it, never the mapped upstream name). */
  model: string;
  /** The group the call is routed and billed through (token group, or the group "auto" chose). */
  group: string;
  /** The user's own group, the row key of GroupGroupRatio. */
  userGroup: string;
  userId: number;
  /** The user's `accept_unset_model_ratio_model` setting. */
  acceptUnsetModelRatio: boolean;
}

/** Ratio billed for a model without price or ratio, when that is allowed at all. */
export const UNKNOWN_MODEL_RATIO = 37.5;

/**
 * Resolves how a call is priced: `ModelPrice` (per call) if the model has one, else the ratios
 * (the options, else the bundled price dataset: model-pricing.ts has the precedence).
 * A model none of them prices is billed at ratio 37.5 in self-use mode or when the user accepts unpriced
 * models; otherwise it is refused with new-api's `model_price_error` (403, local: see below).
 */
export function resolvePrice(options: PriceOptions, request: PriceRequest): PriceInfo {
  const groupGroupRatios = options.getJson('GroupGroupRatio');
  const userRow =
    groupGroupRatios && Object.hasOwn(groupGroupRatios, request.userGroup)
      ? groupGroupRatios[request.userGroup]
      : undefined;
  const userGroupRatio =
    typeof userRow === 'object' && userRow !== null ? ownNumber(userRow, request.group) : undefined;
  const groupRatio = userGroupRatio ?? ownNumber(options.getJson('GroupRatio'), request.group) ?? 1;

  const pricing = modelPricing(options, request.model);
  if (pricing?.kind === 'per-call') {
    return {
      usePrice: true,
      modelPrice: pricing.modelPrice,
      modelRatio: 0,
      completionRatio: 0,
      cacheRatio: 0,
      cacheCreationRatio: 0,
      groupRatio,
      userGroupRatio,
    };
  }
  if (pricing !== undefined) {
    return {
      usePrice: false,
      modelPrice: -1,
      modelRatio: pricing.modelRatio,
      completionRatio: pricing.completionRatio,
      cacheRatio: pricing.cacheRatio,
      cacheCreationRatio: pricing.cacheCreationRatio,
      groupRatio,
      userGroupRatio,
    };
  }

  if (!options.getBoolean('SelfUseModeEnabled') && !request.acceptUnsetModelRatio) {
    throw unpricedModelError(request.model, request.userId);
  }
  const name = billingModelName(request.model);
  return {
    usePrice: false,
    modelPrice: -1,
    modelRatio: UNKNOWN_MODEL_RATIO,
    completionRatio: completionRatioFor(name, options.getJson('CompletionRatio')),
    cacheRatio: ownNumber(options.getJson('CacheRatio'), name) ?? 1,
    cacheCreationRatio: CACHE_CREATION_RATIO,
    groupRatio,
    userGroupRatio,
  };
}

/**
 * The refusal of a model without a price or ratio: 403 (a setting the operator has to make, not a
 * failure worth retrying: the SDKs retry 5xx answers, new-api's 500 included). The message names
 * the model and what to set, in Chinese as new-api words it and in English for API clients; the
 * root user (id 1), who can set it, is told to set it, everyone else to ask the administrator.
 */
function unpricedModelError(model: string, userId: number): RelayError {
  const message =
    userId === 1
      ? `模型 ${model} 倍率或价格未配置，请设置或开始自用模式；Model ${model} has no ratio or price: set a model ratio or a model price for it, or enable self-use mode`
      : `模型 ${model} 倍率或价格未配置，请联系管理员设置或开始自用模式；Model ${model} has no ratio or price: ask the administrator to set a model ratio or a model price for it, or to enable self-use mode`;
  return new RelayError(403, message, 'new_api_error', 'model_price_error', true);
}
