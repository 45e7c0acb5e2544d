/**
 * The model catalogue's part of `GET /api/pricing`: each priced model gains the description, icon,
 * tags and vendor of the enabled metadata row that describes it best, and its endpoint types (the
 * row's own, else derived from the channel types serving it); the answer gains the vendors those
 * models use and the path and method of each endpoint type listed. As in new-api, a field without
 * a value is left out of a row (`omitempty`); `supported_endpoint_types` is always there.
 */
import type { PricingEntry } from '@tollgate/contracts';
import type { EnabledAbility } from '../catalogue/enabled-abilities.js';
import {
  defaultEndpoint,
  endpointTypesForChannel,
  metadataEndpoints,
  type EndpointInfo,
} from '../catalogue/model-endpoints.js';
import { bestMatch } from '../catalogue/name-rules.js';
import type { ModelMetaRow, VendorRow } from '../db/schema.js';

/** A pricing row with its catalogue fields. */
export interface CataloguedPricingEntry extends PricingEntry {
  description?: string;
  icon?: string;
  tags?: string;
  vendor_id?: number;
  supported_endpoint_types: string[];
}

/** A vendor of the answer's `vendors`. */
export interface PricingVendor {
  id: number;
  name: string;
  description: string;
  icon: string;
}

/** Everything the pricing answer carries besides the viewer's groups. */
export interface PricingList {
  entries: CataloguedPricingEntry[];
  vendors: PricingVendor[];
  supportedEndpoint: Record<string, EndpointInfo>;
}

/** The endpoint types the channels serving each model offer, in first-seen order. */
function channelEndpointTypes(abilities: readonly EnabledAbility[]): Map<string, string[]> {
  const byModel = new Map<string, Set<string>>();
  for (const ability of abilities) {
    const types = byModel.get(ability.model) ?? new Set<string>();
    for (const type of endpointTypesForChannel(ability.channelType, ability.model)) types.add(type);
    byModel.set(ability.model, types);
  }
  return new Map([...byModel].map(([model, types]) => [model, [...types]]));
}

export function attachCatalogue(
  entries: readonly PricingEntry[],
  abilities: readonly EnabledAbility[],
  rows: readonly ModelMetaRow[],
  vendors: readonly VendorRow[],
): PricingList {
  const enabledRows = rows.filter((row) => row.status === 1);
  const derived = channelEndpointTypes(abilities);
  const customPaths = new Map<string, EndpointInfo>();
  const usedVendors = new Set<number>();

  const catalogued = entries.map((entry): CataloguedPricingEntry => {
    const row = bestMatch(enabledRows, entry.model_name);
    const own = metadataEndpoints(row?.endpoints ?? null);
    for (const [type, info] of own?.custom ?? [])
      if (!customPaths.has(type)) customPaths.set(type, info);
    const result: CataloguedPricingEntry = {
      ...entry,
      supported_endpoint_types: own?.types ?? derived.get(entry.model_name) ?? [],
    };
    if (row?.description) result.description = row.description;
    if (row?.icon) result.icon = row.icon;
    if (row?.tags) result.tags = row.tags;
    if (row?.vendor_id) {
      result.vendor_id = row.vendor_id;
      usedVendors.add(row.vendor_id);
    }
    return result;
  });

  const supportedEndpoint: Record<string, EndpointInfo> = {};
  for (const entry of catalogued) {
    for (const type of entry.supported_endpoint_types) {
      const info = customPaths.get(type) ?? defaultEndpoint(type);
      if (info && !(type in supportedEndpoint)) supportedEndpoint[type] = info;
    }
  }
  return {
    entries: catalogued,
    vendors: vendors
      .filter((vendor) => usedVendors.has(vendor.id))
      .sort((left, right) => left.id - right.id)
      .map((vendor) => ({
        id: vendor.id,
        name: vendor.name,
        description: vendor.description ?? '',
        icon: vendor.icon ?? '',
      })),
    supportedEndpoint,
  };
}
