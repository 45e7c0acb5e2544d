import { formatQuota, type QuotaDisplay } from '../../../lib/quota-format';

/**
 * Quota warning threshold presets, as quota (spec part 1 §9). The spec labels them 0.2$, 1$, 5$
 * and 10$; at the default 500000 quota per unit 1000000 is worth 2$, so labels are computed from
 * the site's quota per unit instead of copied.
 */
export const warningThresholdPresets = [100000, 500000, 1000000, 5000000] as const;

export interface ThresholdPreset {
  /** Quota to fill in. */
  value: number;
  /** `$0.20` with currency display on, `100.0k` otherwise. */
  label: string;
}

/** The presets with labels in the site's display unit. */
export function thresholdPresets(display: QuotaDisplay): ThresholdPreset[] {
  return warningThresholdPresets.map((value) => ({
    value,
    label: formatQuota(value, 2, display),
  }));
}
