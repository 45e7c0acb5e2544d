/**
 * The answers a ratio sync reads, each turned into RatioData (pure; no I/O):
 * - another instance's `GET /api/ratio_config`: `{ success, data: { model_ratio, … } }`;
 * - another instance's `GET /api/pricing`: `{ success, data: [pricing items] }`;
 * - OpenRouter's model list (`GET <base>/v1/models`): USD per token;
 * - models.dev's `/api.json`: USD per million tokens, per provider.
 * Ratios are Tollgate's (and new-api's) unit: ratio 1 = $0.002 per 1K prompt tokens ($2 per 1M);
 * completion and cache ratios are multiples of the prompt price. Entries that are not finite
 * non-negative numbers are dropped, whatever else the answer holds.
 */
import { cleanFigure, emptyRatioData, RATIO_FIELDS, type RatioData } from './ratio-fields.js';

/** USD per prompt token that ratio 1 stands for ($0.002 per 1K). */
const USD_PER_TOKEN_AT_RATIO_1 = 0.002 / 1000;
/** USD per million prompt tokens that ratio 1 stands for. */
const USD_PER_MILLION_AT_RATIO_1 = 2;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function figure(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : undefined;
}

/**
 * An instance's answer in either form. Throws with a readable message when it is neither (or
 * says `success: false`), which the sync reports as the source's error.
 */
export function ratioDataFromInstanceAnswer(body: unknown): RatioData {
  if (!isObject(body)) throw new Error('the answer is not a JSON object');
  if (body.success === false) {
    const message = typeof body.message === 'string' ? body.message : '';
    throw new Error(`the upstream refused: ${message || 'success is false'}`);
  }
  if (Array.isArray(body.data)) return ratioDataFromPricingItems(body.data);
  if (isObject(body.data)) return ratioDataFromRatioConfig(body.data);
  // A published file may hold the maps without the envelope.
  if (RATIO_FIELDS.some((field) => isObject(body[field]))) return ratioDataFromRatioConfig(body);
  throw new Error('the answer has no ratio data');
}

/** `data` of a `/api/ratio_config` answer: each known field's number map. */
export function ratioDataFromRatioConfig(data: Json): RatioData {
  const result = emptyRatioData();
  for (const field of RATIO_FIELDS) {
    const map = data[field];
    if (!isObject(map)) continue;
    for (const [model, value] of Object.entries(map)) {
      const number = figure(value);
      if (number !== undefined) result[field][model] = number;
    }
  }
  return result;
}

/**
 * `data` of a `/api/pricing` answer: a per-call item (`quota_type` 1) gives its `model_price`,
 * any other its `model_ratio` and `completion_ratio` (and `cache_ratio` when it has one).
 */
export function ratioDataFromPricingItems(items: readonly unknown[]): RatioData {
  const result = emptyRatioData();
  for (const item of items) {
    if (!isObject(item) || typeof item.model_name !== 'string' || item.model_name === '') continue;
    const model = item.model_name;
    if (item.quota_type === 1) {
      const price = figure(item.model_price);
      if (price !== undefined) result.model_price[model] = price;
      continue;
    }
    const ratio = figure(item.model_ratio);
    if (ratio === undefined) continue;
    result.model_ratio[model] = ratio;
    const completion = figure(item.completion_ratio);
    if (completion !== undefined) result.completion_ratio[model] = completion;
    const cache = figure(item.cache_ratio);
    if (cache !== undefined) result.cache_ratio[model] = cache;
  }
  return result;
}

/**
 * OpenRouter's `{ data: [{ id, pricing: { prompt, completion, input_cache_read } }] }`, prices
 * in USD per token as strings. A model with a negative or missing prompt price (OpenRouter's
 * "varies" routers) is left out; a free model gets ratio 0 and no multipliers.
 */
export function ratioDataFromOpenRouter(body: unknown): RatioData {
  if (!isObject(body) || !Array.isArray(body.data)) {
    throw new Error('the answer is not an OpenRouter model list');
  }
  const result = emptyRatioData();
  for (const model of body.data) {
    if (!isObject(model) || typeof model.id !== 'string' || !isObject(model.pricing)) continue;
    const prompt = figure(model.pricing.prompt);
    if (prompt === undefined) continue;
    addPriced(result, model.id, prompt / USD_PER_TOKEN_AT_RATIO_1, prompt, {
      completion: figure(model.pricing.completion),
      cacheRead: figure(model.pricing.input_cache_read),
    });
  }
  return result;
}

/**
 * models.dev's `{ <provider>: { models: { <model>: { cost: { input, output, cache_read } } } } }`,
 * USD per million tokens. A model several providers list takes the first priced listing.
 */
export function ratioDataFromModelsDev(body: unknown): RatioData {
  if (!isObject(body)) throw new Error('the answer is not a models.dev catalogue');
  const result = emptyRatioData();
  for (const provider of Object.values(body)) {
    if (!isObject(provider) || !isObject(provider.models)) continue;
    for (const [key, model] of Object.entries(provider.models)) {
      if (!isObject(model) || !isObject(model.cost)) continue;
      const id = typeof model.id === 'string' && model.id !== '' ? model.id : key;
      if (id in result.model_ratio) continue;
      const input = figure(model.cost.input);
      if (input === undefined) continue;
      addPriced(result, id, input / USD_PER_MILLION_AT_RATIO_1, input, {
        completion: figure(model.cost.output),
        cacheRead: figure(model.cost.cache_read),
      });
    }
  }
  return result;
}

/** Sets a model's ratio and, when the prompt price is not zero, its multipliers. */
function addPriced(
  result: RatioData,
  model: string,
  ratio: number,
  promptPrice: number,
  other: { completion?: number; cacheRead?: number },
): void {
  result.model_ratio[model] = cleanFigure(ratio);
  if (promptPrice === 0) return;
  if (other.completion !== undefined) {
    result.completion_ratio[model] = cleanFigure(other.completion / promptPrice);
  }
  if (other.cacheRead !== undefined) {
    result.cache_ratio[model] = cleanFigure(other.cacheRead / promptPrice);
  }
}
