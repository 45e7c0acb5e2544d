import { COMPARED_FIELDS, type RatioData, type RatioField } from './ratio-fields.js';

/** One source's ratios, as read. */
export interface UpstreamRatios {
  readonly name: string;
  readonly data: RatioData;
  /** True when the figures were computed from USD prices (OpenRouter, models.dev), not read. */
  readonly converted: boolean;
}

/** One field of one model that some upstream sees differently. */
export interface RatioDifference {
  /** This instance's value; null when it has none. */
  current: number | null;
  /** Each upstream that lists the model's field: its value, or "same" when it equals `current`. */
  upstreams: Record<string, number | 'same'>;
  /**
   * Present when some value was computed from prices: per upstream, true for a figure read from
   * a ratio table, false for one converted from USD prices (rounded, one provider's price).
   */
  confidence?: Record<string, boolean>;
}

export type RatioDifferences = Record<string, Partial<Record<RatioField, RatioDifference>>>;

/** Equal up to float noise. */
function same(left: number, right: number | null): boolean {
  if (right === null) return false;
  return Math.abs(left - right) <= 1e-9 * Math.max(1, Math.abs(left), Math.abs(right));
}

/**
 * Per model and compared field, the fields where at least one upstream's value differs from this
 * instance's (a model this instance does not price counts as different). Fields every upstream
 * agrees with are left out, and so are upstreams that do not list the model's field.
 */
export function ratioDifferences(
  local: RatioData,
  upstreams: readonly UpstreamRatios[],
): RatioDifferences {
  const differences: RatioDifferences = {};
  for (const field of COMPARED_FIELDS) {
    const models = new Set(upstreams.flatMap((upstream) => Object.keys(upstream.data[field])));
    for (const model of models) {
      const current = Object.hasOwn(local[field], model) ? local[field][model]! : null;
      const entry: RatioDifference = { current, upstreams: {} };
      let differs = false;
      for (const upstream of upstreams) {
        if (!Object.hasOwn(upstream.data[field], model)) continue;
        const value = upstream.data[field][model]!;
        const equal = same(value, current);
        differs ||= !equal;
        entry.upstreams[upstream.name] = equal ? 'same' : value;
        if (upstream.converted) entry.confidence = {};
      }
      if (!differs) continue;
      if (entry.confidence !== undefined) {
        for (const upstream of upstreams) {
          if (Object.hasOwn(entry.upstreams, upstream.name)) {
            entry.confidence[upstream.name] = !upstream.converted;
          }
        }
      }
      (differences[model] ??= {})[field] = entry;
    }
  }
  return differences;
}
