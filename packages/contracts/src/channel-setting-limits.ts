/**
 * The per-channel call limits kept in a channel's `setting` JSON next to `force_format`,
 * `thinking_to_content` and `proxy`: timeouts in whole seconds and a cap on the calls in flight.
 * Absent or 0 means "no value of the channel's own": the timeouts fall back to the server's
 * environment (RELAY_TIMEOUT before the headers, STREAMING_TIMEOUT between body reads; no total
 * limit), and the concurrency is not capped. The server refuses other values on save; the
 * console uses the same bounds in its inputs.
 */
export const CHANNEL_SETTING_LIMITS = {
  /** Seconds from sending the request until upstream's response headers. */
  first_byte_timeout: { max: 3600 },
  /** Seconds upstream may stay silent between two reads of the body (stream chunks). */
  idle_timeout: { max: 3600 },
  /** Seconds the whole upstream call may take, body included. */
  total_timeout: { max: 86_400 },
  /** Calls in flight on the channel at once, per server process. */
  max_concurrency: { max: 100_000 },
} as const;

export type ChannelSettingLimitKey = keyof typeof CHANNEL_SETTING_LIMITS;

/** The limit keys in the order the console shows them. */
export const CHANNEL_SETTING_LIMIT_KEYS = Object.keys(
  CHANNEL_SETTING_LIMITS,
) as readonly ChannelSettingLimitKey[];

/**
 * Why a limit's value is refused, or undefined when it is accepted (absent, null, or an integer
 * from 0 to the key's maximum).
 */
export function channelSettingLimitProblem(
  key: ChannelSettingLimitKey,
  value: unknown,
): 'not-integer' | 'too-large' | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return 'not-integer';
  return value > CHANNEL_SETTING_LIMITS[key].max ? 'too-large' : undefined;
}
