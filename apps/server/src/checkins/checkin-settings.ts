/** The daily check-in's options as the service uses them (new-api 1.0's `checkin_setting.*`). */
import { randomInt } from 'node:crypto';
import type { OptionStore } from '../options/option-store.js';

export interface CheckinSettings {
  enabled: boolean;
  /** Smallest reward, ≥ 0 and ≤ `maxQuota`. */
  minQuota: number;
  /** Largest reward, ≥ `minQuota`. */
  maxQuota: number;
}

/**
 * Reads the options leniently, as new-api does: a negative bound counts as 0 and an inverted
 * range (min above max) is swapped, so a stored pair never makes the check-in fail.
 */
export function readCheckinSettings(
  options: Pick<OptionStore, 'getBoolean' | 'getNumber'>,
): CheckinSettings {
  const first = Math.max(0, Math.trunc(options.getNumber('checkin_setting.min_quota')) || 0);
  const second = Math.max(0, Math.trunc(options.getNumber('checkin_setting.max_quota')) || 0);
  return {
    enabled: options.getBoolean('checkin_setting.enabled'),
    minQuota: Math.min(first, second),
    maxQuota: Math.max(first, second),
  };
}

/** A random whole number in [min, maxExclusive). */
export type RandomInteger = (min: number, maxExclusive: number) => number;

/** A uniformly random whole reward in [min, max] (crypto-grade: the reward is money). */
export function drawReward(
  settings: CheckinSettings,
  random: RandomInteger = (min, maxExclusive) => randomInt(min, maxExclusive),
): number {
  if (settings.maxQuota <= settings.minQuota) return settings.minQuota;
  return random(settings.minQuota, settings.maxQuota + 1);
}
