/** Administration of vendors (`/api/vendors/…`, AdminAuth): list, search, one, create, update, soft delete. */
import { z } from 'zod';
import { nowSeconds } from '../db/dialect-helpers.js';
import type { VendorRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import type { CatalogueDeps } from './catalogue-deps.js';
import { CATALOGUE_MESSAGES } from './catalogue-messages.js';
import { pageWindow, type CatalogueQuery } from './page-query.js';
import {
  confirmRename,
  insertUniquelyNamed,
  refuseTakenName,
  type NamedRows,
} from './unique-names.js';
import * as vendors from './vendor-repository.js';

/** One vendor of `GET /api/vendors/…`. */
export interface VendorItem {
  id: number;
  name: string;
  description: string;
  icon: string;
  status: number;
  created_time: number;
  updated_time: number;
}

export interface VendorPage {
  items: VendorItem[];
  total: number;
  page: number;
  page_size: number;
}

const text = z.string().max(100_000);
const vendorFields = {
  name: text.default(''),
  description: text.default(''),
  icon: text.default(''),
};
/** `POST /api/vendors/`: a missing status is enabled (1). */
export const createVendorSchema = z.object({
  ...vendorFields,
  status: z.number().int().default(1),
});
/** `PUT /api/vendors/`: the id and every column (a missing field is its zero value). */
export const updateVendorSchema = z.object({
  id: z.number().int().positive(),
  ...vendorFields,
  status: z.number().int().default(0),
});
export type VendorInput = z.infer<typeof createVendorSchema>;

export function vendorItem(row: VendorRow): VendorItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    icon: row.icon ?? '',
    status: row.status,
    created_time: row.created_time ?? 0,
    updated_time: row.updated_time ?? 0,
  };
}

function namedVendors(deps: Pick<CatalogueDeps, 'database'>): NamedRows {
  return {
    named: (name) => vendors.findVendorsNamed(deps.database.db, name),
    takenMessage: CATALOGUE_MESSAGES.vendorNameTaken,
  };
}

function checkedVendor<Input extends VendorInput>(input: Input): Input {
  const vendor = {
    ...input,
    name: input.name.trim(),
    description: input.description.trim(),
    icon: input.icon.trim(),
  };
  if (vendor.name === '') throw failure(CATALOGUE_MESSAGES.vendorNameEmpty);
  if (vendor.name.length > 128) throw failure(CATALOGUE_MESSAGES.vendorNameTooLong);
  if (vendor.icon.length > 128) throw failure(CATALOGUE_MESSAGES.fieldTooLong('icon', 128));
  return vendor;
}

/** `GET /api/vendors/` and `/search` (keyword in the name or description). */
export async function listVendorPage(
  deps: Pick<CatalogueDeps, 'database'>,
  query: Pick<CatalogueQuery, 'p' | 'page_size' | 'keyword'>,
): Promise<VendorPage> {
  const window = pageWindow(query);
  const { rows, total } = await vendors.listVendorRows(
    deps.database.db,
    query.keyword.trim(),
    window.offset,
    window.pageSize,
  );
  return { items: rows.map(vendorItem), total, page: window.page, page_size: window.pageSize };
}

export async function getVendor(
  deps: Pick<CatalogueDeps, 'database'>,
  id: number,
): Promise<VendorItem> {
  const row = await vendors.findVendor(deps.database.db, id);
  if (!row) throw failure(CATALOGUE_MESSAGES.vendorNotFound);
  return vendorItem(row);
}

/**
 * Inserts a vendor of a free name (the console's create, and the official sync's vendors made
 * on demand). Answers its id; refuses a live name.
 */
export async function insertNamedVendor(
  deps: Pick<CatalogueDeps, 'database'>,
  input: VendorInput,
): Promise<number> {
  const now = nowSeconds();
  return insertUniquelyNamed(
    namedVendors(deps),
    input.name,
    () => vendors.insertVendor(deps.database, { ...input, created_time: now, updated_time: now }),
    (inserted) => vendors.removeInsertedVendor(deps.database.db, inserted),
  );
}

/** `POST /api/vendors/`. Answers the vendor as saved. */
export async function createVendor(deps: CatalogueDeps, request: VendorInput): Promise<VendorItem> {
  const id = await insertNamedVendor(deps, checkedVendor(request));
  deps.events.emit('catalogue-changed');
  return getVendor(deps, id);
}

/** `PUT /api/vendors/`: writes every column. Answers the vendor as saved. */
export async function updateVendor(
  deps: CatalogueDeps,
  request: VendorInput & { id: number },
): Promise<VendorItem> {
  const { id, ...rest } = checkedVendor(request);
  const before = await vendors.findVendor(deps.database.db, id);
  if (!before) throw failure(CATALOGUE_MESSAGES.vendorNotFound);
  const renamed = rest.name !== before.name;
  if (renamed) await refuseTakenName(namedVendors(deps), rest.name, id);
  await vendors.updateVendorRow(deps.database.db, id, { ...rest, updated_time: nowSeconds() });
  if (renamed) {
    await confirmRename(namedVendors(deps), rest.name, id, () =>
      vendors.updateVendorRow(deps.database.db, id, { name: before.name }),
    );
  }
  deps.events.emit('catalogue-changed');
  return getVendor(deps, id);
}

/**
 * `DELETE /api/vendors/:id`: a soft delete. Models keep their `vendor_id` (new-api does the same,
 * unverified); the list then shows them without a known vendor.
 */
export async function deleteVendor(deps: CatalogueDeps, id: number): Promise<void> {
  if (!(await vendors.softDeleteVendor(deps.database, id))) {
    throw failure(CATALOGUE_MESSAGES.vendorNotFound);
  }
  deps.events.emit('catalogue-changed');
}
