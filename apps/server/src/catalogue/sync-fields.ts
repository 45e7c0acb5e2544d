/**
 * The fields the official sync may overwrite on a row open to it (`sync_official` ≠ 0), and how a
 * local row and the upstream model are compared field by field. The details from
 * `context_length` on count only when the upstream file gives them.
 */
import type { ModelMetaRow } from '../db/schema.js';
import type { UpstreamModel } from './upstream-metadata.js';

export const SYNC_FIELDS = [
  'description',
  'icon',
  'tags',
  'vendor',
  'name_rule',
  'status',
  'context_length',
  'max_output_tokens',
  'knowledge_cutoff',
  'release_date',
  'parameter_count',
  'input_modalities',
  'output_modalities',
] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];

export function isSyncField(field: string): field is SyncField {
  return (SYNC_FIELDS as readonly string[]).includes(field);
}

/** One field on which a local row and the upstream model differ. */
export interface FieldConflict {
  field: SyncField;
  local: string | number;
  upstream: string | number;
}

/** The upstream value of a field; undefined when the file does not give it. */
export function upstreamValue(model: UpstreamModel, field: SyncField): string | number | undefined {
  return field === 'vendor' ? model.vendor_name : model[field];
}

/** The local value of a field (`vendor`: the vendor's name, '' when none or unknown). */
export function localValue(
  row: ModelMetaRow,
  field: SyncField,
  vendorName: (id: number) => string,
): string | number {
  if (field === 'vendor') return vendorName(row.vendor_id ?? 0);
  const value = row[field];
  if (value === null || value === undefined) {
    return field === 'context_length' || field === 'max_output_tokens' ? 0 : '';
  }
  return value;
}

/** The fields on which `row` and `model` differ, in SYNC_FIELDS order. */
export function differingFields(
  row: ModelMetaRow,
  model: UpstreamModel,
  vendorName: (id: number) => string,
): FieldConflict[] {
  const conflicts: FieldConflict[] = [];
  for (const field of SYNC_FIELDS) {
    const upstream = upstreamValue(model, field);
    if (upstream === undefined) continue;
    const local = localValue(row, field, vendorName);
    if (local !== upstream) conflicts.push({ field, local, upstream });
  }
  return conflicts;
}
