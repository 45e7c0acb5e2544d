/**
 * `GET /api/models/sync_upstream/preview`: what the official sync would do, for the console's
 * selection dialog: the missing models it can create, and per model open to it
 * (`sync_official` ≠ 0) the fields on which the local row and the upstream model differ.
 * Locked rows are left out: the sync never changes them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { listMissingModels } from './missing-models.js';
import { listLiveModels } from './model-meta-repository.js';
import { differingFields, type FieldConflict } from './sync-fields.js';
import { syncSource, type SyncSource } from './sync-source.js';
import { readUpstreamCatalogue, type UpstreamAccess } from './upstream-catalogue.js';
import { listLiveVendors } from './vendor-repository.js';

export interface SyncConflict {
  model_name: string;
  fields: FieldConflict[];
}

export interface SyncPreview {
  missing: string[];
  conflicts: SyncConflict[];
  source: SyncSource;
}

export async function previewUpstreamSync(
  db: Kysely<Database>,
  access: UpstreamAccess,
  locale: string,
): Promise<SyncPreview> {
  const source = syncSource(access.settings.upstreamBase, locale);
  const upstream = await readUpstreamCatalogue(access, source);
  const [missing, rows, vendors] = await Promise.all([
    listMissingModels(db),
    listLiveModels(db),
    listLiveVendors(db),
  ]);
  const vendorNames = new Map(vendors.map((vendor) => [vendor.id, vendor.name]));
  const vendorName = (id: number) => vendorNames.get(id) ?? '';
  const conflicts: SyncConflict[] = [];
  for (const row of [...rows].sort((left, right) =>
    left.model_name < right.model_name ? -1 : 1,
  )) {
    const model = upstream.models.get(row.model_name);
    if (!model || row.sync_official === 0) continue;
    const fields = differingFields(row, model, vendorName);
    if (fields.length > 0) conflicts.push({ model_name: row.model_name, fields });
  }
  return {
    missing: missing.filter((name) => upstream.models.has(name)),
    conflicts,
    source,
  };
}
