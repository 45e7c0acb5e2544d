import { calcPrice, type ConditionalPrice, type ModelPrice } from '@pydantic/genai-prices';
import { gapPriceFor } from './dataset-gaps.js';

/**
 * A model's default ratios derived from the bundled price dataset (`@pydantic/genai-prices`,
 * USD per million tokens), in Tollgate's units: `modelRatio` 1 = $2 per 1M prompt tokens, the
 * other ratios relative to the prompt price. Only consulted for models that neither `ModelPrice`
 * nor `ModelRatio` lists (see price-resolution.ts).
 */
export interface DatasetPrice {
  /** Input $/M ÷ 2. */
  readonly modelRatio: number;
  /** Output price ÷ input price (1 when the dataset has no output price or the input is free). */
  readonly completionRatio: number;
  /** Cache-read price ÷ input price; undefined when the dataset lists none. */
  readonly cacheRatio: number | undefined;
  /** Cache-write (5-minute) price ÷ input price; undefined when the dataset lists none. */
  readonly cacheCreationRatio: number | undefined;
  /** Where the price came from, `provider/model-id` of the dataset. */
  readonly source: string;
}

/**
 * Providers tried, in order, when the dataset's own provider matching (by model-name pattern)
 * finds nothing: first-party providers before the OpenRouter catalogue, so a name like
 * `text-embedding-3-small` or `qwen-max` still finds its list price.
 */
const FALLBACK_PROVIDERS = [
  'openai',
  'google',
  'anthropic',
  'mistral',
  'deepseek',
  'x-ai',
  'moonshotai',
  'zai',
  'zhipuai',
  'minimax',
  'cohere',
  'voyageai',
  'openrouter',
] as const;

/**
 * Looked-up names, found or not. Billing only prices models a channel serves, so the set of names
 * is bounded by the channels' model lists; the cap is a safety net (the cache starts over).
 */
const MAX_CACHED_NAMES = 4096;
const cache = new Map<string, DatasetPrice | null>();

/**
 * The dataset's default price of `model`, or undefined when the dataset does not know it. The
 * dataset is searched once per name and the answer cached, so a relay call costs a map look-up.
 * Prices in force now: a dated price change applies from its date (as of the first look-up).
 */
export function datasetPriceFor(model: string): DatasetPrice | undefined {
  const cached = cache.get(model);
  if (cached !== undefined) return cached ?? undefined;
  if (cache.size >= MAX_CACHED_NAMES) cache.clear();
  const found = searchDataset(model, new Date());
  cache.set(model, found ?? null);
  return found;
}

/**
 * Searches the dataset without the cache (exported for tests that fix the date), then the small
 * table of current models the dataset lacks (dataset-gaps.ts).
 */
export function searchDataset(model: string, now: Date): DatasetPrice | undefined {
  const byPattern = lookUp(model, undefined, now);
  if (byPattern) return byPattern;
  for (const providerId of FALLBACK_PROVIDERS) {
    const found = lookUp(model, providerId, now);
    if (found) return found;
  }
  return gapPriceFor(model);
}

function lookUp(
  model: string,
  providerId: string | undefined,
  now: Date,
): DatasetPrice | undefined {
  let result: ReturnType<typeof calcPrice>;
  try {
    // Only the match is wanted: the usage is a placeholder, the prices are read from the model.
    result = calcPrice({ input_tokens: 0 }, model, providerId ? { providerId } : undefined);
  } catch {
    return undefined;
  }
  if (!result) return undefined;
  const prices = pricesInForce(result.model.prices, now);
  return toRatios(prices, `${result.provider.id}/${result.model.id}`);
}

/**
 * One price set of a model whose prices changed over time or vary by time of day: the latest
 * dated set in force on `now`, then the highest of it and any time-of-day window (a ratio cannot
 * follow the clock, and billing below the provider's price at peak hours would lose money).
 */
function pricesInForce(prices: ConditionalPrice[] | ModelPrice, now: Date): ModelPrice {
  if (!Array.isArray(prices)) return prices;
  const today = now.toISOString().slice(0, 10);
  let dated: ModelPrice | undefined;
  let datedFrom = '';
  const windows: ModelPrice[] = [];
  for (const entry of prices) {
    const constraint = entry.constraint;
    if (constraint === undefined) {
      if (datedFrom === '') dated = entry.prices;
    } else if (constraint.type === 'start_date') {
      if (constraint.start_date <= today && constraint.start_date >= datedFrom) {
        dated = entry.prices;
        datedFrom = constraint.start_date;
      }
    } else {
      windows.push(entry.prices);
    }
  }
  let chosen = dated;
  for (const window of windows) {
    if (
      chosen === undefined ||
      (basePrice(window.input_mtok) ?? 0) > (basePrice(chosen.input_mtok) ?? 0)
    ) {
      chosen = window;
    }
  }
  return chosen ?? {};
}

/**
 * Converts $/M prices to ratios. A model with no input price is unknown here (per-request or
 * per-image pricing), except a model whose price set is empty: the dataset lists it as free.
 */
function toRatios(prices: ModelPrice, source: string): DatasetPrice | undefined {
  const input = basePrice(prices.input_mtok);
  if (input === undefined) {
    if (Object.values(prices).some((value) => value !== undefined)) return undefined;
    return {
      modelRatio: 0,
      completionRatio: 1,
      cacheRatio: undefined,
      cacheCreationRatio: undefined,
      source,
    };
  }
  const relative = (price: number | undefined): number | undefined =>
    price === undefined ? undefined : input === 0 ? 1 : roundRatio(price / input);
  return {
    modelRatio: roundRatio(input / 2),
    completionRatio: relative(basePrice(prices.output_mtok)) ?? 1,
    cacheRatio: relative(basePrice(prices.cache_read_mtok)),
    cacheCreationRatio: relative(basePrice(prices.cache_write_mtok)),
    source,
  };
}

/** A flat price, or the first tier of a tiered one (long-context surcharges are not modelled). */
function basePrice(value: ModelPrice[string]): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value === 'object' && value !== null && typeof value.base === 'number') {
    return Number.isFinite(value.base) && value.base >= 0 ? value.base : undefined;
  }
  return undefined;
}

/** 12 significant digits: hides binary noise (0.03 / 0.3 = 0.09999999999999999) in stored ratios. */
function roundRatio(value: number): number {
  return Number(value.toPrecision(12));
}
