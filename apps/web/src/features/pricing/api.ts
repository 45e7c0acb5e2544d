import { pricingEntrySchema, type PricingEntry } from '@tollgate/contracts';
import { z } from 'zod';
import { http } from '../../lib/http-client';
import {
  readEndpointRoutes,
  readPricingMeta,
  readVendors,
  type EndpointRoute,
  type PricingModel,
  type PricingVendor,
} from './pricing-metadata';

export type { PricingEntry, PricingModel };

/**
 * What the pricing page shows: the models (with their catalogue metadata when the server has
 * it), the viewer's usable groups with their ratios, the vendors and the endpoint paths.
 */
export interface PricingData {
  models: PricingModel[];
  /** Group → ratio, for the usable groups only. */
  groupRatio: Record<string, number>;
  /** Group → description. */
  usableGroups: Record<string, string>;
  /** The catalogue's vendors (empty on a server without it). */
  vendors: PricingVendor[];
  /** Endpoint type → how it is called (empty on a server without it). */
  endpointRoutes: Record<string, EndpointRoute>;
}

const groupRatioSchema = z.record(z.string(), z.number());
const usableGroupSchema = z.record(z.string(), z.string());

/**
 * `GET /api/pricing` (public; the session cookie selects the user's groups). The groups, vendors
 * and endpoint paths travel beside `data`; rows or maps of an unexpected shape are left out
 * rather than failing the page.
 */
export async function fetchPricing(): Promise<PricingData> {
  const envelope = await http.envelope<unknown>('GET', '/api/pricing');
  const rows = Array.isArray(envelope.data) ? envelope.data : [];
  const models = rows.flatMap((row) => {
    const parsed = pricingEntrySchema.safeParse(row);
    return parsed.success ? [{ ...parsed.data, meta: readPricingMeta(row) }] : [];
  });
  const ratios = groupRatioSchema.safeParse(envelope.group_ratio);
  const usable = usableGroupSchema.safeParse(envelope.usable_group);
  return {
    models,
    groupRatio: ratios.success ? ratios.data : {},
    usableGroups: usable.success ? usable.data : {},
    vendors: readVendors(envelope.vendors),
    endpointRoutes: readEndpointRoutes(envelope.supported_endpoint),
  };
}
