/**
 * `channels.channel_info`, new-api 1.0's multi-key state, read and written as new-api stores it:
 * a JSON object whose maps are keyed by the key's index (as a string) in `channels.key`, one key
 * per line. A key absent from `multi_key_status_list` is enabled.
 */

/** Key status values of `multi_key_status_list` (1 = enabled is the default: absent). */
export const KEY_STATUS = { enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;

export const multiKeyModes = ['random', 'polling'] as const;
export type MultiKeyMode = (typeof multiKeyModes)[number];

/** The JSON of `channel_info`. Unknown fields of a stored value are kept on write. */
export interface ChannelInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  multi_key_status_list: Record<string, number>;
  multi_key_disabled_reason: Record<string, string>;
  multi_key_disabled_time: Record<string, number>;
  multi_key_polling_index: number;
  multi_key_mode: MultiKeyMode;
  [other: string]: unknown;
}

function numberMap(value: unknown): Record<string, number> {
  const result: Record<string, number> = {};
  if (typeof value !== 'object' || value === null) return result;
  for (const [index, entry] of Object.entries(value)) {
    if (typeof entry === 'number' && Number.isFinite(entry)) result[index] = entry;
  }
  return result;
}

function stringMap(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return result;
  for (const [index, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[index] = entry;
  }
  return result;
}

/** Reads a stored `channel_info`; NULL, '' or malformed text reads as a single-key channel. */
export function parseChannelInfo(text: string | null | undefined): ChannelInfo {
  let raw: Record<string, unknown> = {};
  if (text && text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        raw = parsed as Record<string, unknown>;
      }
    } catch {
      // A malformed value is treated as absent (the channel works as a single-key one).
    }
  }
  return {
    ...raw,
    is_multi_key: raw.is_multi_key === true,
    multi_key_size: typeof raw.multi_key_size === 'number' ? raw.multi_key_size : 0,
    multi_key_status_list: numberMap(raw.multi_key_status_list),
    multi_key_disabled_reason: stringMap(raw.multi_key_disabled_reason),
    multi_key_disabled_time: numberMap(raw.multi_key_disabled_time),
    multi_key_polling_index:
      typeof raw.multi_key_polling_index === 'number' ? raw.multi_key_polling_index : 0,
    multi_key_mode: raw.multi_key_mode === 'polling' ? 'polling' : 'random',
  };
}

/** A new multi-key channel's info: every key enabled. */
export function newMultiKeyInfo(size: number, mode: MultiKeyMode): ChannelInfo {
  return {
    is_multi_key: true,
    multi_key_size: size,
    multi_key_status_list: {},
    multi_key_disabled_reason: {},
    multi_key_disabled_time: {},
    multi_key_polling_index: 0,
    multi_key_mode: mode,
  };
}

/** The keys of a multi-key channel's `key` column: one per non-empty trimmed line. */
export function multiKeyLines(key: string): string[] {
  return key
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A key's status (absent = enabled). */
export function keyStatus(info: ChannelInfo, index: number): number {
  return info.multi_key_status_list[String(index)] ?? KEY_STATUS.enabled;
}

/** The indexes of the enabled keys among `size`. */
export function enabledKeyIndexes(info: ChannelInfo, size: number): number[] {
  const enabled: number[] = [];
  for (let index = 0; index < size; index += 1) {
    if (keyStatus(info, index) === KEY_STATUS.enabled) enabled.push(index);
  }
  return enabled;
}

/** Forgets index `index`'s status, reason and time (the key is enabled again). */
export function clearKeyStatus(info: ChannelInfo, index: number): void {
  delete info.multi_key_status_list[String(index)];
  delete info.multi_key_disabled_reason[String(index)];
  delete info.multi_key_disabled_time[String(index)];
}

/** Marks a key automatically disabled with its reason and time (unix seconds). */
export function markKeyAutoDisabled(
  info: ChannelInfo,
  index: number,
  reason: string,
  time: number,
): void {
  info.multi_key_status_list[String(index)] = KEY_STATUS.autoDisabled;
  info.multi_key_disabled_reason[String(index)] = reason;
  info.multi_key_disabled_time[String(index)] = time;
}

/**
 * Removes the keys at `removed` from `keys` and shifts the maps' indexes down to match the
 * remaining keys; returns the remaining keys (`info` is updated in place, size included).
 */
export function removeKeys(
  info: ChannelInfo,
  keys: readonly string[],
  removed: Set<number>,
): string[] {
  const kept: string[] = [];
  const status: Record<string, number> = {};
  const reason: Record<string, string> = {};
  const time: Record<string, number> = {};
  keys.forEach((key, index) => {
    if (removed.has(index)) return;
    const from = String(index);
    const to = String(kept.length);
    if (info.multi_key_status_list[from] !== undefined)
      status[to] = info.multi_key_status_list[from];
    if (info.multi_key_disabled_reason[from] !== undefined) {
      reason[to] = info.multi_key_disabled_reason[from];
    }
    if (info.multi_key_disabled_time[from] !== undefined)
      time[to] = info.multi_key_disabled_time[from];
    kept.push(key);
  });
  info.multi_key_status_list = status;
  info.multi_key_disabled_reason = reason;
  info.multi_key_disabled_time = time;
  info.multi_key_size = kept.length;
  if (info.multi_key_polling_index >= kept.length) info.multi_key_polling_index = 0;
  return kept;
}

/**
 * The first 10 characters of a key and "...", as new-api shows them; a short key shows at most
 * half of itself, so no preview is ever a whole key.
 */
export function keyPreview(key: string): string {
  return `${key.slice(0, Math.min(10, Math.floor(key.length / 2)))}...`;
}

/**
 * The one key a caller that does not pick keys sends (balance queries): a multi-key channel's
 * first enabled key (else its first), any other channel's whole trimmed key.
 */
export function primaryKey(key: string, channelInfo: string | null | undefined): string {
  const info = parseChannelInfo(channelInfo);
  if (!info.is_multi_key) return key.trim();
  const keys = multiKeyLines(key);
  return keys[enabledKeyIndexes(info, keys.length)[0] ?? 0] ?? '';
}
