/**
 * Key selection of multi-key channels (`channel_info.is_multi_key`): the keys and their states
 * are read once per channel-cache rebuild; each attempt picks an enabled key, uniformly
 * (`random`) or in turn (`polling`: a per-process cursor, starting from the stored
 * `multi_key_polling_index`; not written back).
 */
import {
  enabledKeyIndexes,
  multiKeyLines,
  parseChannelInfo,
  type MultiKeyMode,
} from '../channels/multi-key-info.js';

/** A multi-key channel's keys as routing needs them. */
export interface MultiKeyState {
  keys: readonly string[];
  /** Indexes of the enabled keys, ascending; a key disabled by the relay leaves it at once. */
  enabled: number[];
  mode: MultiKeyMode;
  /** `polling`: the index the next pick starts from. */
  cursor: number;
}

/** The state of a channel row; undefined for a single-key channel (its calls pay nothing more). */
export function readMultiKeyState(
  channelInfo: string | null | undefined,
  key: string,
): MultiKeyState | undefined {
  // Most channels have no channel_info at all: no JSON parse for them.
  if (!channelInfo || !channelInfo.includes('is_multi_key')) return undefined;
  const info = parseChannelInfo(channelInfo);
  if (!info.is_multi_key) return undefined;
  const keys = multiKeyLines(key);
  return {
    keys,
    enabled: enabledKeyIndexes(info, keys.length),
    mode: info.multi_key_mode,
    cursor: keys.length > 0 ? info.multi_key_polling_index % keys.length : 0,
  };
}

/**
 * The key index for an attempt: an enabled key not in `tried` (the keys that already failed this
 * call); undefined when none is left. `random` is injectable for tests.
 */
export function pickKeyIndex(
  state: MultiKeyState,
  tried: ReadonlySet<number> | undefined,
  random: () => number = Math.random,
): number | undefined {
  const { enabled } = state;
  const available =
    tried === undefined || tried.size === 0
      ? enabled
      : enabled.filter((index) => !tried.has(index));
  if (available.length === 0) return undefined;
  if (state.mode === 'random') return available[Math.floor(random() * available.length)];
  // Polling: the first available index at or after the cursor, wrapping round.
  let chosen = available[0];
  for (const index of available) {
    if (index >= state.cursor) {
      chosen = index;
      break;
    }
  }
  state.cursor = (chosen + 1) % Math.max(1, state.keys.length);
  return chosen;
}

/** Takes a key out of this process's selection at once (the database write happens separately). */
export function dropEnabledKey(state: MultiKeyState, index: number): void {
  const position = state.enabled.indexOf(index);
  if (position >= 0) state.enabled.splice(position, 1);
}
