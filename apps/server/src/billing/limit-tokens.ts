import type { Usage } from '../providers/usage.js';
import { billableCacheCreationTokens, billableCachedTokens } from './quota-formula.js';
import type { PriceInfo } from './price-resolution.js';

/**
 * The tokens a call counts against tokens-per-minute and tokens-per-day limits: prompt plus
 * completion as billed, with cache reads and cache writes weighted by their ratios (a prompt read
 * from the cache at a ratio of 0.1 counts a tenth), rounded up. Completion tokens count one each:
 * a limit caps traffic, not price, so the completion ratio does not apply. A per-call price has no
 * cache ratios; its tokens count one each.
 */
export function limitTokensOf(usage: Usage, price: PriceInfo): number {
  const prompt = usage.promptTokens > 0 ? usage.promptTokens : 0;
  const completion = usage.completionTokens > 0 ? usage.completionTokens : 0;
  if (price.usePrice) return prompt + completion;
  const cached = billableCachedTokens(usage);
  const creation = billableCacheCreationTokens(usage);
  const uncached = prompt - cached - creation;
  const weighted =
    uncached + cached * price.cacheRatio + creation * price.cacheCreationRatio + completion;
  // Ratios like 0.1 are not exact in binary; a hair over a whole number is that number.
  return Math.ceil(weighted - 1e-9);
}
