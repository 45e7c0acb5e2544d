/**
 * `POST /api/models/sync_upstream`: creates metadata for the missing models the official source
 * describes (vendors on demand), then overwrites the chosen fields of the chosen models, only on
 * rows open to the sync (`sync_official` ≠ 0). With nothing missing and nothing chosen it answers
 * zeros without fetching anything.
 */
import type { Updateable } from 'kysely';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { ModelsTable } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { z } from 'zod';
import type { CatalogueDeps } from './catalogue-deps.js';
import { CATALOGUE_MESSAGES } from './catalogue-messages.js';
import { listMissingModels } from './missing-models.js';
import * as models from './model-meta-repository.js';
import { isSyncField, upstreamValue, type SyncField } from './sync-fields.js';
import { syncSource, type SyncSource } from './sync-source.js';
import { SyncVendors } from './sync-vendors.js';
import { readUpstreamCatalogue, type UpstreamAccess } from './upstream-catalogue.js';
import type { UpstreamModel } from './upstream-metadata.js';
import { insertUniquelyNamed } from './unique-names.js';

export const syncRequestSchema = z.object({
  overwrite: z
    .array(
      z.object({
        model_name: z.string().max(200),
        fields: z.array(z.string().max(100)).max(50).default([]),
      }),
    )
    .max(10_000)
    .default([]),
  locale: z.string().max(50).default(''),
});
export type SyncRequest = z.infer<typeof syncRequestSchema>;

export interface SyncResult {
  created_models: number;
  created_vendors: number;
  updated_models: number;
  /** Chosen models left unchanged: locked, gone locally, or unknown upstream. */
  skipped_models: string[];
  created_list: string[];
  updated_list: string[];
  source: SyncSource;
}

export async function applyUpstreamSync(
  deps: CatalogueDeps,
  access: UpstreamAccess,
  request: SyncRequest,
): Promise<SyncResult> {
  const source = syncSource(access.settings.upstreamBase, request.locale);
  const missing = await listMissingModels(deps.database.db);
  const result: SyncResult = {
    created_models: 0,
    created_vendors: 0,
    updated_models: 0,
    skipped_models: [],
    created_list: [],
    updated_list: [],
    source,
  };
  if (missing.length === 0 && request.overwrite.length === 0) return result;

  const upstream = await readUpstreamCatalogue(access, source);
  const vendors = await SyncVendors.load(deps, upstream.vendors);
  for (const name of missing) {
    const model = upstream.models.get(name);
    if (!model) continue;
    if (await createFromUpstream(deps, model, vendors)) result.created_list.push(name);
    else result.skipped_models.push(name);
  }
  for (const entry of request.overwrite) {
    const updated = await overwriteFields(
      deps,
      upstream.models.get(entry.model_name),
      entry,
      vendors,
    );
    (updated ? result.updated_list : result.skipped_models).push(entry.model_name);
  }
  result.created_models = result.created_list.length;
  result.updated_models = result.updated_list.length;
  result.created_vendors = vendors.created.length;
  if (result.created_models + result.updated_models + result.created_vendors > 0) {
    deps.events.emit('catalogue-changed');
  }
  return result;
}

/** Creates a missing model's row, open to later syncs; false when the name was taken meanwhile. */
async function createFromUpstream(
  deps: CatalogueDeps,
  model: UpstreamModel,
  vendors: SyncVendors,
): Promise<boolean> {
  const now = nowSeconds();
  const values = {
    model_name: model.model_name,
    description: model.description,
    icon: model.icon,
    tags: model.tags,
    vendor_id: await vendors.idFor(model.vendor_name),
    endpoints: model.endpoints,
    status: model.status,
    sync_official: 1,
    name_rule: model.name_rule,
    context_length: model.context_length ?? 0,
    max_output_tokens: model.max_output_tokens ?? 0,
    knowledge_cutoff: model.knowledge_cutoff ?? '',
    release_date: model.release_date ?? '',
    parameter_count: model.parameter_count ?? '',
    input_modalities: model.input_modalities ?? '',
    output_modalities: model.output_modalities ?? '',
    created_time: now,
    updated_time: now,
  };
  try {
    await insertUniquelyNamed(
      {
        named: (name) => models.findModelsNamed(deps.database.db, name),
        takenMessage: CATALOGUE_MESSAGES.modelNameTaken,
      },
      model.model_name,
      () => models.insertModel(deps.database, values),
      (id) => models.removeInsertedModel(deps.database.db, id),
    );
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Writes the chosen fields the upstream gives; false when nothing could be written. */
async function overwriteFields(
  deps: CatalogueDeps,
  model: UpstreamModel | undefined,
  entry: { model_name: string; fields: string[] },
  vendors: SyncVendors,
): Promise<boolean> {
  const [row] = await models.findModelsNamed(deps.database.db, entry.model_name);
  if (!row || !model || row.sync_official === 0) return false;
  const changes: Updateable<ModelsTable> = {};
  for (const field of new Set(entry.fields.filter(isSyncField))) {
    await setField(changes, field, model, vendors);
  }
  if (Object.keys(changes).length === 0) return false;
  return models.updateModelRow(deps.database.db, row.id, {
    ...changes,
    updated_time: nowSeconds(),
  });
}

async function setField(
  changes: Updateable<ModelsTable>,
  field: SyncField,
  model: UpstreamModel,
  vendors: SyncVendors,
): Promise<void> {
  if (field === 'vendor') {
    changes.vendor_id = await vendors.idFor(model.vendor_name);
    return;
  }
  const value = upstreamValue(model, field);
  if (value !== undefined) Object.assign(changes, { [field]: value });
}
