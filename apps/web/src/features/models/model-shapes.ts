/**
 * Shape checks of the catalogue answers (`/api/models/…`, `/api/vendors/…`): rows are rebuilt field
 * by field, so a missing or odd value never reaches the screens.
 */
import { isRecord } from '../../lib/local-store';

/** How one metadata row matches concrete model names. */
export const NAME_RULE = { exact: 0, prefix: 1, contains: 2, suffix: 3 } as const;
export type NameRule = (typeof NAME_RULE)[keyof typeof NAME_RULE];
export const nameRules: readonly NameRule[] = [0, 1, 2, 3];

/** A channel that serves a model (computed by the server from the enabled abilities). */
export interface BoundChannel {
  name: string;
  type: number;
}

/** One metadata row of the model catalogue, with the fields the server computes for the list. */
export interface ModelMeta {
  id: number;
  model_name: string;
  description: string;
  icon: string;
  /** Comma list. */
  tags: string;
  /** 0: no vendor. */
  vendor_id: number;
  /** JSON text of the supported endpoint types and their paths; '' when none. */
  endpoints: string;
  context_length: number;
  max_output_tokens: number;
  knowledge_cutoff: string;
  release_date: string;
  parameter_count: string;
  input_modalities: string;
  output_modalities: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  /** 1: the official sync may overwrite the row; 0: locked. */
  sync_official: number;
  name_rule: NameRule;
  created_time: number;
  updated_time: number;
  bound_channels: BoundChannel[];
  enable_groups: string[];
  /** 0 per token, 1 per call. */
  quota_types: number[];
  matched_models: string[];
  matched_count: number;
}

/** A vendor of the catalogue. */
export interface Vendor {
  id: number;
  name: string;
  description: string;
  icon: string;
  status: number;
  created_time: number;
  updated_time: number;
}

export interface ModelPage {
  items: ModelMeta[];
  total: number;
  /** Models per vendor id, and `all`; empty when the server sent none. */
  vendorCounts: Record<string, number>;
}

export interface VendorPage {
  items: Vendor[];
  total: number;
}

/** A field on which a local model and its upstream description differ. */
export interface SyncFieldConflict {
  field: string;
  local: unknown;
  upstream: unknown;
}

export interface SyncConflict {
  model_name: string;
  fields: SyncFieldConflict[];
}

/** What the official sync would do: create the missing models, and the conflicts to choose from. */
export interface SyncPreview {
  missing: string[];
  conflicts: SyncConflict[];
  source: SyncSource;
}

export interface SyncSource {
  locale: string;
  models_url: string;
  vendors_url: string;
}

/** What the official sync did. */
export interface SyncResult {
  created_models: number;
  created_vendors: number;
  updated_models: number;
  skipped_models: string[];
  created_list: string[];
  updated_list: string[];
  source: SyncSource;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const numbers = (value: unknown) =>
  Array.isArray(value)
    ? value.filter((item): item is number => typeof item === 'number' && Number.isFinite(item))
    : [];
const rows = (value: unknown) => (Array.isArray(value) ? value : []);

function toNameRule(value: unknown): NameRule {
  return nameRules.find((rule) => rule === value) ?? NAME_RULE.exact;
}

function toBoundChannel(value: unknown): BoundChannel | null {
  return isRecord(value) ? { name: text(value.name), type: number(value.type) } : null;
}

/** One model row of an answer, or null when it is not one. */
export function toModelMeta(value: unknown): ModelMeta | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  const matched = texts(value.matched_models);
  return {
    id: value.id,
    model_name: text(value.model_name),
    description: text(value.description),
    icon: text(value.icon),
    tags: text(value.tags),
    vendor_id: number(value.vendor_id),
    endpoints: text(value.endpoints),
    context_length: number(value.context_length),
    max_output_tokens: number(value.max_output_tokens),
    knowledge_cutoff: text(value.knowledge_cutoff),
    release_date: text(value.release_date),
    parameter_count: text(value.parameter_count),
    input_modalities: text(value.input_modalities),
    output_modalities: text(value.output_modalities),
    // A row without a status is shown as enabled, the server's default.
    status: typeof value.status === 'number' ? value.status : 1,
    sync_official: typeof value.sync_official === 'number' ? value.sync_official : 1,
    name_rule: toNameRule(value.name_rule),
    created_time: number(value.created_time),
    updated_time: number(value.updated_time),
    bound_channels: rows(value.bound_channels)
      .map(toBoundChannel)
      .filter((channel): channel is BoundChannel => channel !== null),
    enable_groups: texts(value.enable_groups),
    quota_types: numbers(value.quota_types),
    matched_models: matched,
    matched_count: typeof value.matched_count === 'number' ? value.matched_count : matched.length,
  };
}

/** One vendor row of an answer, or null when it is not one. */
export function toVendor(value: unknown): Vendor | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    name: text(value.name),
    description: text(value.description),
    icon: text(value.icon),
    status: typeof value.status === 'number' ? value.status : 1,
    created_time: number(value.created_time),
    updated_time: number(value.updated_time),
  };
}

function toCounts(value: unknown): Record<string, number> {
  if (!isRecord(value)) return {};
  const counts: Record<string, number> = {};
  for (const [key, count] of Object.entries(value)) {
    if (typeof count === 'number' && Number.isFinite(count)) counts[key] = count;
  }
  return counts;
}

/** `{items, total, page, page_size, vendor_counts}` of the model list and search. */
export function toModelPage(data: unknown): ModelPage {
  if (!isRecord(data)) return { items: [], total: 0, vendorCounts: {} };
  return {
    items: rows(data.items)
      .map(toModelMeta)
      .filter((model): model is ModelMeta => model !== null),
    total: number(data.total),
    vendorCounts: toCounts(data.vendor_counts),
  };
}

/** `{items, total, page, page_size}` of the vendor list and search. */
export function toVendorPage(data: unknown): VendorPage {
  if (!isRecord(data)) return { items: [], total: 0 };
  return {
    items: rows(data.items)
      .map(toVendor)
      .filter((vendor): vendor is Vendor => vendor !== null),
    total: number(data.total),
  };
}

function toSource(value: unknown): SyncSource {
  const source = isRecord(value) ? value : {};
  return {
    locale: text(source.locale),
    models_url: text(source.models_url),
    vendors_url: text(source.vendors_url),
  };
}

function toConflict(value: unknown): SyncConflict | null {
  if (!isRecord(value) || typeof value.model_name !== 'string') return null;
  const fields = rows(value.fields).flatMap((field) =>
    isRecord(field) && typeof field.field === 'string'
      ? [{ field: field.field, local: field.local, upstream: field.upstream }]
      : [],
  );
  return fields.length > 0 ? { model_name: value.model_name, fields } : null;
}

/** The sync preview's `data`. */
export function toSyncPreview(data: unknown): SyncPreview {
  const preview = isRecord(data) ? data : {};
  return {
    missing: texts(preview.missing),
    conflicts: rows(preview.conflicts)
      .map(toConflict)
      .filter((conflict): conflict is SyncConflict => conflict !== null),
    source: toSource(preview.source),
  };
}

/** The sync's `data`. */
export function toSyncResult(data: unknown): SyncResult {
  const result = isRecord(data) ? data : {};
  return {
    created_models: number(result.created_models),
    created_vendors: number(result.created_vendors),
    updated_models: number(result.updated_models),
    skipped_models: texts(result.skipped_models),
    created_list: texts(result.created_list),
    updated_list: texts(result.updated_list),
    source: toSource(result.source),
  };
}
