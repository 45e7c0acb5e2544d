import { readFlag, readString } from './local-store';
import { storageKeys } from './storage-keys';

/** Default quota per currency unit: 500 000 quota = 1 USD. */
export const defaultQuotaPerUnit = 500000;

/** How quota is displayed: raw numbers, or dollars when currency display is on. */
export interface QuotaDisplay {
  quotaPerUnit: number;
  displayInCurrency: boolean;
}

/** Reads the display settings the status payload stored. */
export function readQuotaDisplay(): QuotaDisplay {
  const stored = Number.parseFloat(readString(storageKeys.quotaPerUnit) ?? '');
  return {
    quotaPerUnit: Number.isFinite(stored) && stored > 0 ? stored : defaultQuotaPerUnit,
    displayInCurrency: readFlag(storageKeys.displayInCurrency),
  };
}

/** Large numbers: k from 10 000, M from 1e6, B from 1e9 (one decimal). */
export function formatNumber(value: number | null | undefined): string {
  const number = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  if (number >= 1e9) return `${(number / 1e9).toFixed(1)}B`;
  if (number >= 1e6) return `${(number / 1e6).toFixed(1)}M`;
  if (number >= 10000) return `${(number / 1000).toFixed(1)}k`;
  return String(number);
}

/** Quota as shown everywhere: `$x.xx` when currency display is on, otherwise a short number. */
export function formatQuota(
  quota: number | null | undefined,
  digits = 2,
  display: QuotaDisplay = readQuotaDisplay(),
): string {
  const number = typeof quota === 'number' && Number.isFinite(quota) ? quota : 0;
  if (display.displayInCurrency) return `$${(number / display.quotaPerUnit).toFixed(digits)}`;
  return formatNumber(number);
}

/** The currency equivalent shown next to raw quota inputs, or null when currency display is off. */
export function quotaEquivalent(
  quota: number | null | undefined,
  digits = 2,
  display: QuotaDisplay = readQuotaDisplay(),
): string | null {
  return display.displayInCurrency ? formatQuota(quota, digits, display) : null;
}
