import { z } from 'zod';

/**
 * Prefill groups (new-api 1.0 `prefill_groups`): saved lists of model names, tags or endpoints that
 * the console inserts into its forms (the channel editor's models and tag fields).
 */

/** What a group holds. */
export const PREFILL_GROUP_TYPES = ['model', 'tag', 'endpoint'] as const;
export type PrefillGroupType = (typeof PREFILL_GROUP_TYPES)[number];

/** `name` is a varchar(64), `description` a varchar(255) (characters). */
export const PREFILL_GROUP_NAME_MAX_LENGTH = 64;
export const PREFILL_GROUP_DESCRIPTION_MAX_LENGTH = 255;
/** Most items one group holds, and the longest item: bounds on what one save may store. */
export const PREFILL_GROUP_MAX_ITEMS = 2000;
export const PREFILL_GROUP_ITEM_MAX_LENGTH = 255;

/** A group as the console API answers it (`items` parsed from its stored JSON text). */
export interface PrefillGroup {
  id: number;
  name: string;
  type: string;
  items: string[];
  description: string;
  created_time: number;
  updated_time: number;
}

/** `GET /api/prefill_group/?type=`: '' or missing lists every type. */
export const prefillGroupListQuerySchema = z.object({
  type: z.string().max(32).default(''),
});

/**
 * `POST /api/prefill_group/` (without `id`) and `PUT /api/prefill_group/` (with it). The name is
 * trimmed and must not be empty; `items` must be an array of strings (new-api accepts the array
 * or its JSON text; both are read here).
 */
export const savePrefillGroupRequestSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().max(1000).default(''),
  type: z.string().max(100).default(''),
  items: z.unknown().optional(),
  description: z.string().max(10_000).default(''),
});
export type SavePrefillGroupRequest = z.infer<typeof savePrefillGroupRequestSchema>;
