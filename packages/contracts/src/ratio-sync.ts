import { z } from 'zod';

/** One typed-in source of `POST /api/ratio_sync/fetch` (presets and channels go by id). */
export const ratioSyncUpstreamSchema = z.object({
  id: z.number().int().optional(),
  name: z.string().max(100),
  base_url: z.string().min(1).max(2048),
  /** Default `/api/ratio_config`; `/api/pricing`, an absolute URL, `openrouter`, or `/api.json`. */
  endpoint: z.string().max(2048).optional(),
});

/** Body of `POST /api/ratio_sync/fetch` (root). */
export const ratioSyncFetchRequestSchema = z.object({
  upstreams: z.array(ratioSyncUpstreamSchema).max(50).optional(),
  /** Channel ids; the presets' negative ids (−100, −101) are accepted here too. */
  channel_ids: z.array(z.number().int()).max(200).optional(),
  /** Seconds per request (default 10, at most 60). */
  timeout: z.number().positive().max(60).optional(),
});
export type RatioSyncFetchRequest = z.infer<typeof ratioSyncFetchRequestSchema>;

/** The fields a ratio sync compares (and the console can apply). */
export const RATIO_SYNC_FIELDS = [
  'model_ratio',
  'completion_ratio',
  'cache_ratio',
  'model_price',
] as const;
export type RatioSyncField = (typeof RATIO_SYNC_FIELDS)[number];

/** The option each compared field is stored in. */
export const RATIO_SYNC_FIELD_OPTIONS: Readonly<Record<RatioSyncField, string>> = {
  model_ratio: 'ModelRatio',
  completion_ratio: 'CompletionRatio',
  cache_ratio: 'CacheRatio',
  model_price: 'ModelPrice',
};

/** One field of one model some source sees differently: per source its value or "same". */
export interface RatioSyncDifference {
  current: number | null;
  upstreams: Record<string, number | 'same'>;
  /** Per source: false when the figure was converted from USD prices. */
  confidence?: Record<string, boolean>;
}

/** `data` of `POST /api/ratio_sync/fetch`. */
export interface RatioSyncResult {
  differences: Record<string, Partial<Record<RatioSyncField, RatioSyncDifference>>>;
  test_results: { name: string; status: 'success' | 'error'; error?: string }[];
}

/** One entry of `GET /api/ratio_sync/channels`: a channel (positive id) or a preset. */
export interface RatioSyncSourceEntry {
  id: number;
  name: string;
  base_url: string;
  endpoint: string;
  /** Channels only (1 enabled). */
  status?: number;
}
