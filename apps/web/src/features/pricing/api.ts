import { pricingEntrySchema, type PricingEntry } from '@tollgate/contracts';
import { z } from 'zod';
import { http } from '../../lib/http-client';

export type { PricingEntry };

/** What the pricing page shows: the models, and the viewer's usable groups with their ratios. */
export interface PricingData {
  models: PricingEntry[];
  /** Group → ratio, for the usable groups only. */
  groupRatio: Record<string, number>;
  /** Group → description. */
  usableGroups: Record<string, string>;
}

const groupRatioSchema = z.record(z.string(), z.number());
const usableGroupSchema = z.record(z.string(), z.string());

/**
 * `GET /api/pricing` (public; the session cookie selects the user's groups). The groups travel
 * beside `data`; rows or maps of an unexpected shape are left out rather than failing the page.
 */
export async function fetchPricing(): Promise<PricingData> {
  const envelope = await http.envelope<unknown>('GET', '/api/pricing');
  const rows = Array.isArray(envelope.data) ? envelope.data : [];
  const models = rows.flatMap((row) => {
    const parsed = pricingEntrySchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const ratios = groupRatioSchema.safeParse(envelope.group_ratio);
  const usable = usableGroupSchema.safeParse(envelope.usable_group);
  return {
    models,
    groupRatio: ratios.success ? ratios.data : {},
    usableGroups: usable.success ? usable.data : {},
  };
}
