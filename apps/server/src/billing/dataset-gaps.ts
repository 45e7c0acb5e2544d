import type { DatasetPrice } from './dataset-prices.js';

/**
 * List prices of current models the bundled price dataset does not carry (it has no first-party
 * Alibaba Cloud provider, and Google's retired-but-served `text-embedding-004` is absent), in the
 * dataset's terms: USD per million tokens. Consulted only after the dataset found nothing, so a
 * dataset update that adds one of these models takes over by itself; remove the entry then.
 *
 * Sources (list prices on 2026-11-27): Alibaba Cloud Model Studio, international edition, first
 * input tier; Vertex AI's `text-embedding-004` at $0.025 per million characters, taken as $0.10
 * per million tokens (four characters per token).
 */
const GAP_PRICES: Readonly<Record<string, { input: number; output?: number; cacheRead?: number }>> =
  {
    'qwen3-max': { input: 1.2, output: 6, cacheRead: 0.24 },
    'qwen-flash': { input: 0.05, output: 0.4, cacheRead: 0.01 },
    'qwq-plus': { input: 0.8, output: 2.4 },
    'qwen3-coder-plus': { input: 1, output: 5, cacheRead: 0.1 },
    'qwen3-coder-flash': { input: 0.3, output: 1.5, cacheRead: 0.06 },
    'text-embedding-004': { input: 0.1 },
  };

/** The gap table's price of `model` in Tollgate's ratios, or undefined when it does not list it. */
export function gapPriceFor(model: string): DatasetPrice | undefined {
  const price = Object.hasOwn(GAP_PRICES, model) ? GAP_PRICES[model] : undefined;
  if (price === undefined) return undefined;
  const relative = (value: number | undefined): number | undefined =>
    value === undefined ? undefined : Number((value / price.input).toPrecision(12));
  return {
    modelRatio: Number((price.input / 2).toPrecision(12)),
    completionRatio: relative(price.output) ?? 1,
    cacheRatio: relative(price.cacheRead),
    cacheCreationRatio: undefined,
    source: `tollgate/${model}`,
  };
}
