/**
 * Administration of model metadata (`/api/models/…`, AdminAuth): the list and search with the
 * fields computed from routing, one row, create, full update, status, soft delete.
 */
import { nowSeconds } from '../db/dialect-helpers.js';
import type { ModelsTable } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { Insertable } from 'kysely';
import type { CatalogueDeps } from './catalogue-deps.js';
import { CATALOGUE_MESSAGES } from './catalogue-messages.js';
import { listEnabledAbilities } from './enabled-abilities.js';
import { modelMetaItem, type ModelMetaItem } from './model-meta-dto.js';
import { checkedModelInput, type ModelInput, type ModelUpdateInput } from './model-meta-input.js';
import * as models from './model-meta-repository.js';
import { modelUsage, routingByModel } from './model-usage.js';
import { pageWindow, type CatalogueQuery } from './page-query.js';
import {
  confirmRename,
  insertUniquelyNamed,
  refuseTakenName,
  type NamedRows,
} from './unique-names.js';
import { findVendor } from './vendor-repository.js';

/** `data` of the model list and search. */
export interface ModelMetaPage {
  items: ModelMetaItem[];
  total: number;
  page: number;
  page_size: number;
  /** Rows per vendor id ('0': none) and `all`, among the rows the keyword selects (vendor aside). */
  vendor_counts: Record<string, number>;
}

function namedModels(deps: CatalogueDeps): NamedRows {
  return {
    named: (name) => models.findModelsNamed(deps.database.db, name),
    takenMessage: CATALOGUE_MESSAGES.modelNameTaken,
  };
}

/** `GET /api/models/` (no filter) and `GET /api/models/search` (keyword, vendor). */
export async function listModelPage(
  deps: CatalogueDeps,
  query: Pick<CatalogueQuery, 'p' | 'page_size' | 'keyword' | 'vendor'>,
): Promise<ModelMetaPage> {
  const { db } = deps.database;
  const window = pageWindow(query);
  const filter = { keyword: query.keyword.trim(), vendor: query.vendor.trim() };
  const [{ rows, total }, counts, abilities] = await Promise.all([
    models.listModelRows(db, filter, window.offset, window.pageSize),
    models.countModelsByVendor(db, filter.keyword),
    listEnabledAbilities(db),
  ]);
  const routing = routingByModel(abilities);
  return {
    items: rows.map((row) => modelMetaItem(row, modelUsage(row, routing, deps.quotaTypeOf))),
    total,
    page: window.page,
    page_size: window.pageSize,
    vendor_counts: counts,
  };
}

/** `GET /api/models/:id`, with the computed fields. */
export async function getModel(deps: CatalogueDeps, id: number): Promise<ModelMetaItem> {
  const row = await models.findModel(deps.database.db, id);
  if (!row) throw failure(CATALOGUE_MESSAGES.modelNotFound);
  const routing = routingByModel(await listEnabledAbilities(deps.database.db));
  return modelMetaItem(row, modelUsage(row, routing, deps.quotaTypeOf));
}

async function refuseUnknownVendor(deps: CatalogueDeps, vendorId: number): Promise<void> {
  if (vendorId === 0) return;
  if (!(await findVendor(deps.database.db, vendorId))) {
    throw failure(CATALOGUE_MESSAGES.vendorNotFound);
  }
}

function columns(input: ModelInput): Omit<Insertable<ModelsTable>, 'created_time'> {
  return {
    model_name: input.model_name,
    description: input.description,
    icon: input.icon,
    tags: input.tags,
    vendor_id: input.vendor_id,
    endpoints: input.endpoints,
    context_length: input.context_length,
    max_output_tokens: input.max_output_tokens,
    knowledge_cutoff: input.knowledge_cutoff,
    release_date: input.release_date,
    parameter_count: input.parameter_count,
    input_modalities: input.input_modalities,
    output_modalities: input.output_modalities,
    status: input.status,
    sync_official: input.sync_official,
    name_rule: input.name_rule,
    updated_time: nowSeconds(),
  };
}

/** `POST /api/models/`: a live row of the same name is refused. Answers the row as saved. */
export async function createModel(
  deps: CatalogueDeps,
  request: ModelInput,
): Promise<ModelMetaItem> {
  const input = checkedModelInput(request);
  await refuseUnknownVendor(deps, input.vendor_id);
  const id = await insertUniquelyNamed(
    namedModels(deps),
    input.model_name,
    () => models.insertModel(deps.database, { ...columns(input), created_time: nowSeconds() }),
    (inserted) => models.removeInsertedModel(deps.database.db, inserted),
  );
  deps.events.emit('catalogue-changed');
  return getModel(deps, id);
}

/** `PUT /api/models/`: writes every column (zero values too). Answers the row as saved. */
export async function updateModel(
  deps: CatalogueDeps,
  request: ModelUpdateInput,
): Promise<ModelMetaItem> {
  const { id, ...rest } = checkedModelInput(request);
  const before = await models.findModel(deps.database.db, id);
  if (!before) throw failure(CATALOGUE_MESSAGES.modelNotFound);
  await refuseUnknownVendor(deps, rest.vendor_id);
  const renamed = rest.model_name !== before.model_name;
  if (renamed) await refuseTakenName(namedModels(deps), rest.model_name, id);
  if (!(await models.updateModelRow(deps.database.db, id, columns(rest)))) {
    throw failure(CATALOGUE_MESSAGES.modelNotFound);
  }
  if (renamed) {
    await confirmRename(namedModels(deps), rest.model_name, id, () =>
      models.updateModelRow(deps.database.db, id, { model_name: before.model_name }),
    );
  }
  deps.events.emit('catalogue-changed');
  return getModel(deps, id);
}

/** `PUT /api/models/?status_only=true`: only the status (1 enabled, other values disabled). */
export async function setModelStatus(
  deps: CatalogueDeps,
  request: { id: number; status: number },
): Promise<ModelMetaItem> {
  const changed = await models.updateModelRow(deps.database.db, request.id, {
    status: request.status,
    updated_time: nowSeconds(),
  });
  if (!changed) throw failure(CATALOGUE_MESSAGES.modelNotFound);
  deps.events.emit('catalogue-changed');
  return getModel(deps, request.id);
}

/** `DELETE /api/models/:id`: a soft delete; the name is free again. */
export async function deleteModel(deps: CatalogueDeps, id: number): Promise<void> {
  if (!(await models.softDeleteModel(deps.database, id))) {
    throw failure(CATALOGUE_MESSAGES.modelNotFound);
  }
  deps.events.emit('catalogue-changed');
}
