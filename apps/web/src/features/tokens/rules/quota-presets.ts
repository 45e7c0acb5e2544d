/** Dollar amounts of the quota presets of the token form (spec part 2 §9: 1$ up to 1000$). */
export const quotaPresetDollars = [1, 10, 50, 100, 500, 1000] as const;

export interface QuotaPreset {
  /** Quota to fill in. */
  value: number;
  /** Dollar label, e.g. `10$`. */
  label: string;
}

/**
 * The quota presets for the site's quota per dollar. At the default 500000 quota per unit they are
 * 500000, 5000000, 25000000, 50000000, 250000000 and 500000000, as the spec lists them; a site that
 * changed the unit still gets presets worth the dollar amounts their labels promise.
 */
export function quotaPresets(quotaPerUnit: number): QuotaPreset[] {
  return quotaPresetDollars.map((dollars) => ({
    value: Math.round(dollars * quotaPerUnit),
    label: `${dollars}$`,
  }));
}

/** Quota of a new token: one dollar's worth (500000 at the default unit). */
export function defaultTokenQuota(quotaPerUnit: number): number {
  return Math.round(quotaPerUnit);
}

/**
 * Reads the quota field: a whole number of quota, at least 0 (leading sign or decimals are refused
 * rather than truncated, so what is sent is what was typed). `null` when unreadable.
 */
export function parseQuotaText(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quota = Number(trimmed);
  return Number.isSafeInteger(quota) ? quota : null;
}
