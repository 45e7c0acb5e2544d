import { z } from 'zod';

/** `quota_type` of a pricing entry: billed by tokens (ratios) or a fixed price per call. */
export const QUOTA_TYPE = Object.freeze({ perVolume: 0, perCall: 1 });

/** How long the server keeps the computed pricing list (seconds) unless channels or options change. */
export const PRICING_CACHE_SECONDS = 60;

/**
 * One model of `GET /api/pricing`: a model served by at least one enabled channel, with the groups
 * it can be used through. Per-call models (`quota_type` 1) carry `model_price` (USD per call) and
 * zero ratios; per-volume models (`quota_type` 0) carry `model_ratio` (1 = $2 per 1M prompt tokens;
 * 37.5 when the model has no configured ratio) and `completion_ratio`, and `model_price` 0.
 */
export const pricingEntrySchema = z.object({
  model_name: z.string(),
  quota_type: z.number().int(),
  model_ratio: z.number(),
  model_price: z.number(),
  /** Always '' (kept for consoles that read it). */
  owner_by: z.string(),
  completion_ratio: z.number(),
  enable_groups: z.array(z.string()),
});
export type PricingEntry = z.infer<typeof pricingEntrySchema>;

/**
 * The whole answer of `GET /api/pricing` (public; a session only changes the groups). Besides
 * `data`, it carries `usable_group` (group → description: the viewer's usable groups, or for a
 * visitor the configured ones plus `default` and an empty-named group) and `group_ratio`
 * (`GroupRatio` restricted to the usable groups).
 */
export const pricingResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  data: z.array(pricingEntrySchema),
  group_ratio: z.record(z.string(), z.number()),
  usable_group: z.record(z.string(), z.string()),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;
