import { REDEMPTION_NAME_MAX_BYTES } from '@tollgate/contracts';
import { formatQuota, type QuotaDisplay } from '../../../lib/quota-format';

/** Length of a name as the server measures it: UTF-8 bytes (20 bytes = 6 Chinese characters). */
export function nameByteLength(name: string): number {
  return new TextEncoder().encode(name).length;
}

/** Whether a (trimmed) code name is 1 to 20 bytes long, as the server requires. */
export function codeNameFits(name: string): boolean {
  const bytes = nameByteLength(name);
  return bytes >= 1 && bytes <= REDEMPTION_NAME_MAX_BYTES;
}

/**
 * The name a new code gets when none is typed (spec part 2 §5 "Redemption form"): its quota as the
 * console shows it, e.g. `$0.20`, or `100.0k` when currency display is off.
 */
export function defaultCodeName(quota: number, display?: QuotaDisplay): string {
  return formatQuota(quota, 2, display);
}
