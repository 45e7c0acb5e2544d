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

/** The parsed option's JSON object, every entry as stored (in its order); {} when not an object. */
function storedMap(text: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return { ...(parsed as Record<string, unknown>) };
  } catch {
    return {};
  }
}

function sameRow(left: ModelPriceRow, right: ModelPriceRow): boolean {
  return (
    left.price === right.price &&
    left.ratio === right.ratio &&
    left.completionRatio === right.completionRatio
  );
}

/** Sets `name` in `map` to `value`, or removes it when `value` is undefined. */
function place(map: Record<string, unknown>, name: string, value: number | undefined): void {
  if (value === undefined) delete map[name];
  else map[name] = value;
}

/**
 * The three maps as option texts after the editors' `rows` replaced what `stored` holds. Only
 * what was edited is touched: a row equal to its stored row leaves its entries exactly as they
 * were (a model may carry a price and ratios at once, as the default `gpt-4-gizmo-*` does), a
 * stored model missing from `rows` is removed from all three maps, and a new or changed row is
 * written as it is (its undefined values removed: the dialog clears a mode's values when the
 * operator switches modes). Stored entries keep their order, new ones come last, so unedited maps
 * compare equal to what is stored.
 */
export function writeModelPrices(
  stored: OptionValues,
  rows: readonly ModelPriceRow[],
): Record<PriceKey, string> {
  const maps: Record<PriceKey, Record<string, unknown>> = {
    ModelPrice: storedMap(stored.ModelPrice),
    ModelRatio: storedMap(stored.ModelRatio),
    CompletionRatio: storedMap(stored.CompletionRatio),
  };
  const storedRows = new Map(readModelPrices(stored).map((row) => [row.name, row]));
  const kept = new Set(rows.map((row) => row.name));
  for (const name of storedRows.keys()) {
    if (kept.has(name)) continue;
    for (const key of PRICE_KEYS) delete maps[key][name];
  }
  for (const row of rows) {
    const before = storedRows.get(row.name);
    if (before && sameRow(before, row)) continue;
    place(maps.ModelPrice, row.name, row.price);
    place(maps.ModelRatio, row.name, row.ratio);
    place(maps.CompletionRatio, row.name, row.completionRatio);
  }
  return {
    ModelPrice: JSON.stringify(maps.ModelPrice, null, 2),
    ModelRatio: JSON.stringify(maps.ModelRatio, null, 2),
    CompletionRatio: JSON.stringify(maps.CompletionRatio, null, 2),
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
