import { http } from '../../lib/http-client';
import {
  toModelMeta,
  toModelPage,
  toSyncPreview,
  toSyncResult,
  toVendor,
  toVendorPage,
  type ModelMeta,
  type ModelPage,
  type SyncPreview,
  type SyncResult,
  type Vendor,
  type VendorPage,
} from './model-shapes';
import type { ModelPayload } from './rules/model-form-values';
import type { SyncOverwrite } from './rules/sync-selection';
import type { VendorFilter } from './rules/vendor-filter';

export interface ModelListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  vendor: VendorFilter;
}

/**
 * `GET /api/models/?p=&page_size=` (1-based page), or `GET /api/models/search` with keyword and
 * vendor id when either is set. Data: `{items, total, page, page_size, vendor_counts}`.
 */
export async function fetchModels(query: ModelListQuery): Promise<ModelPage> {
  const paging = { p: query.page, page_size: query.pageSize };
  if (query.keyword === '' && query.vendor === 'all') {
    return toModelPage(await http.get<unknown>('/api/models/', { query: paging }));
  }
  const vendor = query.vendor === 'all' ? '' : String(query.vendor);
  return toModelPage(
    await http.get<unknown>('/api/models/search', {
      query: { keyword: query.keyword, vendor, ...paging },
    }),
  );
}

/** `GET /api/models/{id}`. */
export async function fetchModel(id: number): Promise<ModelMeta> {
  const model = toModelMeta(await http.get<unknown>(`/api/models/${id}`));
  if (!model) throw new Error('Unexpected model data');
  return model;
}

/** `POST /api/models/`. */
export function createModel(payload: ModelPayload): Promise<unknown> {
  return http.post<unknown>('/api/models/', payload);
}

/** `PUT /api/models/` with the id and every column. */
export function updateModel(payload: ModelPayload & { id: number }): Promise<unknown> {
  return http.put<unknown>('/api/models/', payload);
}

/** `PUT /api/models/?status_only=true {id, status}`: the list's switch. */
export function setModelStatus({ id, status }: { id: number; status: number }): Promise<unknown> {
  return http.put<unknown>('/api/models/', { id, status }, { query: { status_only: true } });
}

/** `DELETE /api/models/{id}`. */
export function deleteModel(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/models/${id}`);
}

/** `GET /api/models/missing`: model names the channels serve that have no metadata row. */
export async function fetchMissingModels(): Promise<string[]> {
  const data = await http.get<unknown>('/api/models/missing');
  return Array.isArray(data) ? data.filter((name): name is string => typeof name === 'string') : [];
}

/** `GET /api/models/sync_upstream/preview?locale=`. */
export async function fetchSyncPreview(locale: string): Promise<SyncPreview> {
  return toSyncPreview(
    await http.get<unknown>('/api/models/sync_upstream/preview', { query: { locale } }),
  );
}

/** `POST /api/models/sync_upstream {overwrite, locale}`. */
export async function syncUpstream(request: {
  overwrite: SyncOverwrite[];
  locale: string;
}): Promise<SyncResult> {
  return toSyncResult(await http.post<unknown>('/api/models/sync_upstream', request));
}

export interface VendorListQuery {
  page: number;
  pageSize: number;
  keyword: string;
}

/** `GET /api/vendors/?p=&page_size=`, or `GET /api/vendors/search?keyword=`. */
export async function fetchVendors(query: VendorListQuery): Promise<VendorPage> {
  const paging = { p: query.page, page_size: query.pageSize };
  const path = query.keyword === '' ? '/api/vendors/' : '/api/vendors/search';
  const search = query.keyword === '' ? paging : { keyword: query.keyword, ...paging };
  return toVendorPage(await http.get<unknown>(path, { query: search }));
}

// Pages of this size are read until the total is reached (the vendor select and filter names).
const vendorPageSize = 100;
const vendorPagesAtMost = 20;

/** Every vendor, for the vendor select and the filter bar's names. */
export async function fetchAllVendors(): Promise<Vendor[]> {
  const vendors: Vendor[] = [];
  for (let page = 1; page <= vendorPagesAtMost; page += 1) {
    const answer = await fetchVendors({ page, pageSize: vendorPageSize, keyword: '' });
    vendors.push(...answer.items);
    if (answer.items.length < vendorPageSize || vendors.length >= answer.total) break;
  }
  return vendors;
}

/** The body of `POST /api/vendors/` (and with `id`, of `PUT /api/vendors/`). */
export interface VendorPayload {
  id?: number;
  name: string;
  description: string;
  icon: string;
  status: number;
}

export async function fetchVendor(id: number): Promise<Vendor> {
  const vendor = toVendor(await http.get<unknown>(`/api/vendors/${id}`));
  if (!vendor) throw new Error('Unexpected vendor data');
  return vendor;
}

export function createVendor(payload: VendorPayload): Promise<unknown> {
  return http.post<unknown>('/api/vendors/', payload);
}

export function updateVendor(payload: VendorPayload & { id: number }): Promise<unknown> {
  return http.put<unknown>('/api/vendors/', payload);
}

export function deleteVendor(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/vendors/${id}`);
}
