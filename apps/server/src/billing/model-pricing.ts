import type { OptionStore } from '../options/option-store.js';
import { completionRatioFor } from './completion-ratio.js';
import { datasetPriceFor } from './dataset-prices.js';
import { billingModelName, ownNumber, pricingBaseName } from './model-names.js';

/** The option getters model pricing reads (`OptionStore` satisfies it). */
export type ModelPricingOptions = Pick<OptionStore, 'getJson'>;

/**
 * Cache-write multiplier of a model whose price does not say otherwise. new-api hard-codes 1.25
 * for its listed Claude models and defaults every other model to 1.25 as well, so it is one
 * constant (not an option); the price dataset supplies the real figure for the models it prices.
 */
export const CACHE_CREATION_RATIO = 1.25;

/** How one model is billed, before group ratios. */
export type ModelPricing =
  | { readonly kind: 'per-call'; readonly modelPrice: number }
  | {
      readonly kind: 'per-token';
      readonly modelRatio: number;
      readonly completionRatio: number;
      readonly cacheRatio: number;
      readonly cacheCreationRatio: number;
      /** `options` when `ModelRatio` lists the model, `dataset` when the price dataset priced it. */
      readonly source: 'options' | 'dataset';
    };

/**
 * The price of `model` (the requested name), first match wins:
 * 1. `ModelPrice`, then `ModelRatio`: the stored option JSON (the operator's saved maps, or the
 *    built-in tables while nothing is saved), under the full name, then under the base name of a
 *    reasoning/thinking suffix (`o3-high` → `o3`);
 * 2. the bundled price dataset (dataset-prices.ts), full name then base name.
 * The `CompletionRatio` and `CacheRatio` options keep their entries' precedence: for a
 * dataset-priced model a configured entry wins over the dataset's figure.
 * Undefined when none knows the model (the caller refuses it or bills the unknown-model ratio).
 */
export function modelPricing(
  options: ModelPricingOptions,
  model: string,
): ModelPricing | undefined {
  const name = billingModelName(model);
  const listed = listedPricing(options, name);
  if (listed !== undefined) return listed;
  // Only names the maps do not list pay for the suffix check and the (cached) dataset look-up.
  const base = pricingBaseName(name);
  return (
    (base === undefined ? undefined : listedPricing(options, base)) ??
    datasetPricing(options, name) ??
    (base === undefined ? undefined : datasetPricing(options, base))
  );
}

/** The price `ModelPrice` or `ModelRatio` gives `name`, with its completion and cache ratios. */
function listedPricing(options: ModelPricingOptions, name: string): ModelPricing | undefined {
  const modelPrice = ownNumber(options.getJson('ModelPrice'), name);
  if (modelPrice !== undefined) return { kind: 'per-call', modelPrice };
  const modelRatio = ownNumber(options.getJson('ModelRatio'), name);
  if (modelRatio === undefined) return undefined;
  return {
    kind: 'per-token',
    modelRatio,
    completionRatio: completionRatioFor(name, options.getJson('CompletionRatio')),
    cacheRatio: ownNumber(options.getJson('CacheRatio'), name) ?? 1,
    cacheCreationRatio: CACHE_CREATION_RATIO,
    source: 'options',
  };
}

/** The dataset's price of `name`; configured completion and cache entries still win. */
function datasetPricing(options: ModelPricingOptions, name: string): ModelPricing | undefined {
  const dataset = datasetPriceFor(name);
  if (dataset === undefined) return undefined;
  return {
    kind: 'per-token',
    modelRatio: dataset.modelRatio,
    completionRatio: ownNumber(options.getJson('CompletionRatio'), name) ?? dataset.completionRatio,
    cacheRatio: ownNumber(options.getJson('CacheRatio'), name) ?? dataset.cacheRatio ?? 1,
    cacheCreationRatio: dataset.cacheCreationRatio ?? CACHE_CREATION_RATIO,
    source: 'dataset',
  };
}
