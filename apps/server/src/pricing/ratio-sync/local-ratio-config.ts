import { completionRatioFor } from '../../billing/completion-ratio.js';
import type { OptionStore } from '../../options/option-store.js';
import { emptyRatioData, type RatioData } from './ratio-fields.js';

/**
 * This instance's ratios as `GET /api/ratio_config` shows them and a sync compares them: the
 * stored `ModelRatio`, `ModelPrice`, `CompletionRatio` and `CacheRatio` (the operator's saved maps,
 * or the built-in tables while nothing is saved). A model of `ModelRatio` also gets the completion
 * ratio it is billed with (a built-in one when `CompletionRatio` does not list it). Tollgate has no
 * per-model settings for cache-write, image and audio ratios: those maps are empty.
 */
export function localRatioData(options: Pick<OptionStore, 'getJson'>): RatioData {
  const data = emptyRatioData();
  const modelRatio = options.getJson('ModelRatio');
  const configuredCompletion = options.getJson('CompletionRatio');
  Object.assign(data.model_ratio, modelRatio);
  Object.assign(data.model_price, options.getJson('ModelPrice'));
  Object.assign(data.cache_ratio, options.getJson('CacheRatio'));
  Object.assign(data.completion_ratio, configuredCompletion);
  for (const model of Object.keys(modelRatio)) {
    data.completion_ratio[model] = completionRatioFor(model, configuredCompletion);
  }
  return data;
}
