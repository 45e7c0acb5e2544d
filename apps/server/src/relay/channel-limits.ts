import { CHANNEL_SETTING_LIMITS, type ChannelSettingLimitKey } from '@tollgate/contracts';

/** Longest a call waits for a slot of a channel at its concurrency cap. */
export const MAX_SLOT_WAIT_MS = 10_000;

/**
 * A channel's own call limits (its `setting`'s `first_byte_timeout`, `idle_timeout`,
 * `total_timeout`, `max_concurrency`), in milliseconds and calls; 0 = the server's value (the
 * environment's timeouts; no cap). A channel without any has none (`CachedChannel.limits` is
 * undefined), so its calls pay one field read for the feature.
 */
export interface ChannelLimits {
  /** Until upstream's response headers; 0 = RELAY_TIMEOUT. */
  firstByteTimeoutMs: number;
  /** Between two reads of the body; 0 = STREAMING_TIMEOUT. */
  idleTimeoutMs: number;
  /** The whole upstream call, body included; 0 = no limit. */
  totalTimeoutMs: number;
  /** Calls in flight on the channel in this process; 0 = no cap. */
  maxConcurrency: number;
  /**
   * How long a call waits for a slot when every usable channel of its tier is at its cap: the
   * first-byte timeout when the channel has a shorter one, else MAX_SLOT_WAIT_MS.
   */
  slotWaitMs: number;
}

/**
 * A stored value as a limit: a whole number from 0 to the key's maximum. Saves refuse anything
 * else; a row written another way (new-api, SQL) is read leniently — a fraction is cut, a value
 * past the maximum is capped, anything that is not a number counts as unset.
 */
function limitOf(setting: Readonly<Record<string, unknown>>, key: ChannelSettingLimitKey): number {
  const value = setting[key];
  if (typeof value !== 'number' || !(value > 0)) return 0;
  return Math.min(Math.floor(value), CHANNEL_SETTING_LIMITS[key].max);
}

/** The call limits of a parsed `setting`, or undefined when it sets none. */
export function readChannelLimits(
  setting: Readonly<Record<string, unknown>>,
): ChannelLimits | undefined {
  const firstByte = limitOf(setting, 'first_byte_timeout') * 1000;
  const idle = limitOf(setting, 'idle_timeout') * 1000;
  const total = limitOf(setting, 'total_timeout') * 1000;
  const maxConcurrency = limitOf(setting, 'max_concurrency');
  if (firstByte === 0 && idle === 0 && total === 0 && maxConcurrency === 0) return undefined;
  return {
    firstByteTimeoutMs: firstByte,
    idleTimeoutMs: idle,
    totalTimeoutMs: total,
    maxConcurrency,
    slotWaitMs: firstByte > 0 ? Math.min(firstByte, MAX_SLOT_WAIT_MS) : MAX_SLOT_WAIT_MS,
  };
}
