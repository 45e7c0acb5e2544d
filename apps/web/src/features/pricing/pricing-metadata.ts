/**
 * The model catalogue's part of the pricing answer: each row's description, icon, tags, vendor and
 * supported endpoint types, the vendor list and the endpoint paths. A server without the catalogue
 * sends none of it; a server with an empty catalogue sends only endpoint types derived from the
 * channels. In both cases the page looks as it did before the catalogue (`hasCatalogue`).
 */
import type { PricingEntry } from '@tollgate/contracts';
import { isRecord } from '../../lib/local-store';

/** A vendor of the pricing answer's `vendors`. */
export interface PricingVendor {
  id: number;
  name: string;
  description: string;
  icon: string;
}

/** How an endpoint type is called (the answer's `supported_endpoint`). */
export interface EndpointRoute {
  path: string;
  method: string;
}

/** One model's metadata on the pricing page. */
export interface PricingMeta {
  description: string;
  icon: string;
  tags: string[];
  /** 0: no vendor. */
  vendorId: number;
  endpointTypes: string[];
  /** The row has metadata of its own (description, icon, tags or vendor), not only endpoints. */
  catalogued: boolean;
}

/** A row of the pricing page: the price entry and its metadata, null when it has none. */
export type PricingModel = PricingEntry & { meta: PricingMeta | null };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function textList(value: unknown): string[] {
  const items = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? value.split(',')
      : [];
  return [...new Set(items.map((item) => item.trim()).filter((item) => item !== ''))];
}

/** The metadata of one raw pricing row; null when the row carries none. */
export function readPricingMeta(row: unknown): PricingMeta | null {
  if (!isRecord(row)) return null;
  const vendorId =
    typeof row.vendor_id === 'number' && Number.isInteger(row.vendor_id) && row.vendor_id > 0
      ? row.vendor_id
      : 0;
  const meta: PricingMeta = {
    description: text(row.description),
    icon: text(row.icon),
    tags: textList(row.tags),
    vendorId,
    endpointTypes: textList(row.supported_endpoint_types),
    catalogued: false,
  };
  meta.catalogued =
    meta.description !== '' || meta.icon !== '' || meta.tags.length > 0 || meta.vendorId > 0;
  return meta.catalogued || meta.endpointTypes.length > 0 ? meta : null;
}

/**
 * True when some model has metadata of its own: only then does the page offer the filters and
 * details (endpoint types alone are derived from the channels for every model).
 */
export function hasCatalogue(models: readonly PricingModel[]): boolean {
  return models.some((model) => model.meta?.catalogued === true);
}

/** The answer's `vendors`; rows of another shape are left out. */
export function readVendors(value: unknown): PricingVendor[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((vendor) =>
    isRecord(vendor) && typeof vendor.id === 'number' && typeof vendor.name === 'string'
      ? [
          {
            id: vendor.id,
            name: vendor.name,
            description: text(vendor.description),
            icon: text(vendor.icon),
          },
        ]
      : [],
  );
}

/** The answer's `supported_endpoint` (type → `{path, method}`). */
export function readEndpointRoutes(value: unknown): Record<string, EndpointRoute> {
  if (!isRecord(value)) return {};
  const routes: Record<string, EndpointRoute> = {};
  for (const [type, route] of Object.entries(value)) {
    if (isRecord(route)) routes[type] = { path: text(route.path), method: text(route.method) };
  }
  return routes;
}

/** The metadata filters of the page; null lets every model through. */
export interface MetadataFilters {
  vendor: number | null;
  tag: string | null;
  endpoint: string | null;
}

export const noMetadataFilters: MetadataFilters = { vendor: null, tag: null, endpoint: null };

/** The models that pass every set filter (a model without metadata passes only unset ones). */
export function filterByMetadata(
  models: readonly PricingModel[],
  filters: MetadataFilters,
): PricingModel[] {
  return models.filter(({ meta }) => {
    if (filters.vendor !== null && meta?.vendorId !== filters.vendor) return false;
    if (filters.tag !== null && !meta?.tags.includes(filters.tag)) return false;
    if (filters.endpoint !== null && !meta?.endpointTypes.includes(filters.endpoint)) return false;
    return true;
  });
}

/** One choice of a filter, with the number of models it keeps. */
export interface FilterChoice<Value> {
  value: Value;
  label: string;
  icon: string;
  count: number;
}

export interface MetadataChoices {
  vendors: FilterChoice<number>[];
  tags: FilterChoice<string>[];
  endpoints: FilterChoice<string>[];
}

function countBy<Value>(values: Value[]): Map<Value, number> {
  const counts = new Map<Value, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

const byCountThenLabel = <Value>(left: FilterChoice<Value>, right: FilterChoice<Value>) =>
  right.count - left.count || left.label.localeCompare(right.label);

/**
 * The choices of each filter, from the models shown: the vendors that have models (a vendor id
 * missing from `vendors` is left out, having no name to show), every tag and every endpoint type,
 * most models first. Empty lists hide their filter; all three empty hide the filter row.
 */
export function metadataChoices(
  models: readonly PricingModel[],
  vendors: readonly PricingVendor[],
): MetadataChoices {
  const metas = models.flatMap((model) => (model.meta ? [model.meta] : []));
  const vendorCounts = countBy(metas.map((meta) => meta.vendorId).filter((id) => id > 0));
  return {
    vendors: vendors
      .filter((vendor) => vendorCounts.has(vendor.id))
      .map((vendor) => ({
        value: vendor.id,
        label: vendor.name,
        icon: vendor.icon,
        count: vendorCounts.get(vendor.id) ?? 0,
      }))
      .sort(byCountThenLabel),
    tags: [...countBy(metas.flatMap((meta) => meta.tags))]
      .map(([tag, count]) => ({ value: tag, label: tag, icon: '', count }))
      .sort(byCountThenLabel),
    endpoints: [...countBy(metas.flatMap((meta) => meta.endpointTypes))]
      .map(([type, count]) => ({ value: type, label: type, icon: '', count }))
      .sort(byCountThenLabel),
  };
}

/** True when any filter has a choice. */
export function hasMetadataChoices(choices: MetadataChoices): boolean {
  return choices.vendors.length + choices.tags.length + choices.endpoints.length > 0;
}

/** True when the row has something for its detail (description, tags or endpoints). */
export function hasDetail(model: PricingModel): boolean {
  const meta = model.meta;
  return (
    !!meta && (meta.description !== '' || meta.tags.length > 0 || meta.endpointTypes.length > 0)
  );
}
