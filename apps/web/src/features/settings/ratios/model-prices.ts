import type { OptionValues } from '../api';

/** One model as the price editors show it: a per-call price, or ratios. */
export interface ModelPriceRow {
  name: string;
  /** USD per call (ModelPrice); when set, ratios do not apply. */
  price?: number;
  /** ModelRatio: quota per prompt token (input USD per 1M tokens = ratio × 2). */
  ratio?: number;
  /** CompletionRatio: output tokens cost this many input tokens. */
  completionRatio?: number;
}

/** The option keys the editors write. */
export const PRICE_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

function numberMap(text: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const map: Record<string, number> = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === 'number' && Number.isFinite(value)) map[name] = value;
    }
    return map;
  } catch {
    return {};
  }
}

/** Every model named by any of the three maps, sorted by name. */
export function readModelPrices(options: OptionValues): ModelPriceRow[] {
  const prices = numberMap(options.ModelPrice);
  const ratios = numberMap(options.ModelRatio);
  const completions = numberMap(options.CompletionRatio);
  const names = new Set([
    ...Object.keys(prices),
    ...Object.keys(ratios),
    ...Object.keys(completions),
  ]);
  return [...names].sort().map((name) => ({
    name,
    price: prices[name],
    ratio: ratios[name],
    completionRatio: completions[name],
  }));
}

/** The three maps as option texts; a row with a price keeps no ratios. */
export function writeModelPrices(rows: readonly ModelPriceRow[]): Record<PriceKey, string> {
  const prices: Record<string, number> = {};
  const ratios: Record<string, number> = {};
  const completions: Record<string, number> = {};
  for (const row of rows) {
    if (row.price !== undefined) {
      prices[row.name] = row.price;
      continue;
    }
    if (row.ratio !== undefined) ratios[row.name] = row.ratio;
    if (row.completionRatio !== undefined) completions[row.name] = row.completionRatio;
  }
  return {
    ModelPrice: JSON.stringify(prices, null, 2),
    ModelRatio: JSON.stringify(ratios, null, 2),
    CompletionRatio: JSON.stringify(completions, null, 2),
  };
}

/**
 * Ratios from prices per 1M tokens (ratio = input price / 2; completion ratio = output price /
 * input price). Undefined when the input price is 0: no ratio can be derived from it.
 */
export function ratiosFromPrices(
  inputPerMillion: number,
  outputPerMillion: number,
): { ratio: number; completionRatio: number } | undefined {
  if (!(inputPerMillion > 0)) return undefined;
  return {
    ratio: round(inputPerMillion / 2),
    completionRatio: round(outputPerMillion / inputPerMillion),
  };
}

/** Input and output USD per 1M tokens of a ratio-priced row. */
export function pricesPerMillion(
  row: ModelPriceRow,
): { input: number; output: number } | undefined {
  if (row.price !== undefined || row.ratio === undefined) return undefined;
  const input = round(row.ratio * 2);
  return { input, output: round(input * (row.completionRatio ?? 1)) };
}

/** Keeps at most 6 decimals, dropping the binary noise of divisions. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Models some channel serves that have neither a price nor a ratio. */
export function unpricedModels(enabledModels: readonly string[], options: OptionValues): string[] {
  const prices = numberMap(options.ModelPrice);
  const ratios = numberMap(options.ModelRatio);
  return [...new Set(enabledModels)]
    .filter((name) => prices[name] === undefined && ratios[name] === undefined)
    .sort();
}
