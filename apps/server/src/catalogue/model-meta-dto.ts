/** A `models` row in new-api's JSON names, with the fields computed from routing. */
import type { ModelMetaRow } from '../db/schema.js';

/** A channel serving a model the row describes. */
export interface BoundChannel {
  name: string;
  type: number;
}

/** What the list computes for a row from the enabled abilities and the price settings. */
export interface ModelUsage {
  bound_channels: BoundChannel[];
  enable_groups: string[];
  /** 0 per token, 1 per call (QUOTA_TYPE), once each, sorted. */
  quota_types: number[];
  /** The concrete model names of enabled abilities the row describes under its rule. */
  matched_models: string[];
  matched_count: number;
}

/** One model of `GET /api/models/…`. */
export interface ModelMetaItem extends ModelUsage {
  id: number;
  model_name: string;
  description: string;
  icon: string;
  tags: string;
  vendor_id: number;
  endpoints: string;
  context_length: number;
  max_output_tokens: number;
  knowledge_cutoff: string;
  release_date: string;
  parameter_count: string;
  input_modalities: string;
  output_modalities: string;
  status: number;
  sync_official: number;
  name_rule: number;
  created_time: number;
  updated_time: number;
}

export const NO_USAGE: ModelUsage = Object.freeze({
  bound_channels: [],
  enable_groups: [],
  quota_types: [],
  matched_models: [],
  matched_count: 0,
});

export function modelMetaItem(row: ModelMetaRow, usage: ModelUsage = NO_USAGE): ModelMetaItem {
  return {
    id: row.id,
    model_name: row.model_name,
    description: row.description ?? '',
    icon: row.icon ?? '',
    tags: row.tags ?? '',
    vendor_id: row.vendor_id ?? 0,
    endpoints: row.endpoints ?? '',
    context_length: row.context_length ?? 0,
    max_output_tokens: row.max_output_tokens ?? 0,
    knowledge_cutoff: row.knowledge_cutoff ?? '',
    release_date: row.release_date ?? '',
    parameter_count: row.parameter_count ?? '',
    input_modalities: row.input_modalities ?? '',
    output_modalities: row.output_modalities ?? '',
    status: row.status,
    sync_official: row.sync_official,
    name_rule: row.name_rule,
    created_time: row.created_time ?? 0,
    updated_time: row.updated_time ?? 0,
    ...usage,
  };
}
