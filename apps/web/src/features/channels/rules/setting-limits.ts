/**
 * The call limits the channel form edits inside the `setting` JSON text (`first_byte_timeout`,
 * `idle_timeout`, `total_timeout`, `max_concurrency`; see `CHANNEL_SETTING_LIMITS`): read from
 * the text and written back into it, the text's other keys kept as they are.
 */
import type { ChannelSettingLimitKey } from '@tollgate/contracts';

function parseObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Whether the limits can be edited: the text is empty or a JSON object. */
export function settingEditable(text: string): boolean {
  return parseObject(text) !== null;
}

/** The limit's value in the text; null when it is absent, not a number or the text not JSON. */
export function settingLimit(text: string, key: ChannelSettingLimitKey): number | null {
  const value = parseObject(text)?.[key];
  return typeof value === 'number' ? value : null;
}

/**
 * The text with the limit set (`value`) or removed (null or 0: no limit of the channel's own);
 * '' when nothing is left; null when the text is not a JSON object (left for the user to fix).
 */
export function withSettingLimit(
  text: string,
  key: ChannelSettingLimitKey,
  value: number | null,
): string | null {
  const object = parseObject(text);
  if (object === null) return null;
  const next = { ...object };
  if (value === null || value === 0) delete next[key];
  else next[key] = value;
  return Object.keys(next).length === 0 ? '' : JSON.stringify(next, null, 2);
}
