import {
  GROUP_LIMITS_OPTION,
  LIMIT_TIME_ZONE_OPTION,
  usageLimitsSchema,
  type OptionKey,
} from '@tollgate/contracts';
import { z } from 'zod';

/**
 * The option keys of limits and budgets. The server's option catalogue owns the key list
 * (`OPTION_KEYS`); these two are named by the usage-limits contract, which the settings fields take
 * as option keys.
 */
export const groupLimitsKey = GROUP_LIMITS_OPTION as OptionKey;
export const limitTimeZoneKey = LIMIT_TIME_ZONE_OPTION as OptionKey;

const groupLimitsSchema = z.record(z.string(), usageLimitsSchema);

/** True for '' (the server's zone) and for every IANA zone this browser's Intl knows. */
export function isLimitTimeZone(text: string): boolean {
  const zone = text.trim();
  if (zone === '') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The settings section's last check before saving (translation keys of `settings`): the group
 * defaults must be a map of group → limits with only the eight kinds, each a whole number ≥ 0 or
 * null; the zone must be empty or known to Intl.
 */
export function usageLimitOptionsProblem(values: Record<string, unknown>): string | undefined {
  const groups = values[groupLimitsKey];
  if (typeof groups === 'string' && groups.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(groups);
    } catch {
      return 'usageLimits.groupsInvalid';
    }
    if (!groupLimitsSchema.safeParse(parsed).success) return 'usageLimits.groupsInvalid';
  }
  const zone = values[limitTimeZoneKey];
  if (typeof zone === 'string' && !isLimitTimeZone(zone)) return 'usageLimits.timeZoneInvalid';
  return undefined;
}
