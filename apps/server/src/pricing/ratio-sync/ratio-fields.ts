/**
 * The ratio data instances exchange (`GET /api/ratio_config`, new-api's field names): per field,
 * model name → number.
 */
export const RATIO_FIELDS = [
  'model_ratio',
  'completion_ratio',
  'cache_ratio',
  'create_cache_ratio',
  'image_ratio',
  'audio_ratio',
  'audio_completion_ratio',
  'model_price',
] as const;

export type RatioField = (typeof RATIO_FIELDS)[number];

/** One instance's (or one upstream's) ratios: every field present, possibly empty. */
export type RatioData = Record<RatioField, Record<string, number>>;

/**
 * The fields a sync compares: the ones Tollgate stores as options (`ModelRatio`,
 * `CompletionRatio`, `CacheRatio`, `ModelPrice`), so every difference shown can be applied. The
 * other four are read from upstreams but have no setting here to differ from.
 */
export const COMPARED_FIELDS: readonly RatioField[] = [
  'model_ratio',
  'completion_ratio',
  'cache_ratio',
  'model_price',
];

export function emptyRatioData(): RatioData {
  return {
    model_ratio: {},
    completion_ratio: {},
    cache_ratio: {},
    create_cache_ratio: {},
    image_ratio: {},
    audio_ratio: {},
    audio_completion_ratio: {},
    model_price: {},
  };
}

/**
 * A figure computed from prices without float noise (0.0000025 × 500000 is 1.2499999999999998):
 * twelve significant digits are far beyond any price's precision.
 */
export function cleanFigure(value: number): number {
  return Number(value.toPrecision(12));
}
