import {
  PREFILL_GROUP_DESCRIPTION_MAX_LENGTH,
  PREFILL_GROUP_ITEM_MAX_LENGTH,
  PREFILL_GROUP_MAX_ITEMS,
  PREFILL_GROUP_NAME_MAX_LENGTH,
  PREFILL_GROUP_TYPES,
  type PrefillGroupType,
} from '@tollgate/contracts';

/** The input rules of prefill groups, each returning the value to store or the message to show. */

export const PREFILL_GROUP_NOT_FOUND = '预填组不存在';
export const PREFILL_GROUP_NAME_EMPTY = '预填组名称不能为空';
export const PREFILL_GROUP_NAME_TOO_LONG = `预填组名称不能超过 ${PREFILL_GROUP_NAME_MAX_LENGTH} 个字符`;
export const PREFILL_GROUP_NAME_TAKEN = '预填组名称已存在';
export const PREFILL_GROUP_TYPE_INVALID = '预填组类型必须是 model、tag 或 endpoint';
export const PREFILL_GROUP_ITEMS_INVALID = '预填组的项目必须是字符串数组';
export const PREFILL_GROUP_TOO_MANY_ITEMS = `预填组最多 ${PREFILL_GROUP_MAX_ITEMS} 项`;
export const PREFILL_GROUP_DESCRIPTION_TOO_LONG = `预填组描述不能超过 ${PREFILL_GROUP_DESCRIPTION_MAX_LENGTH} 个字符`;

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The trimmed name, 1 to 64 characters. */
export function checkPrefillGroupName(name: string): Checked<string> {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, message: PREFILL_GROUP_NAME_EMPTY };
  if ([...trimmed].length > PREFILL_GROUP_NAME_MAX_LENGTH) {
    return { ok: false, message: PREFILL_GROUP_NAME_TOO_LONG };
  }
  return { ok: true, value: trimmed };
}

export function checkPrefillGroupType(type: string): Checked<PrefillGroupType> {
  const match = PREFILL_GROUP_TYPES.find((known) => known === type.trim());
  return match ? { ok: true, value: match } : { ok: false, message: PREFILL_GROUP_TYPE_INVALID };
}

/**
 * The items: an array of strings, or the JSON text of one (new-api stores and accepts JSON).
 * Each is trimmed; empty ones and repeats are dropped, the first occurrence keeping its place.
 * Anything else (a number in the array, an object, unreadable text) is refused, not coerced.
 */
export function checkPrefillGroupItems(items: unknown): Checked<string[]> {
  let list: unknown = items ?? [];
  if (typeof list === 'string') {
    try {
      list = list.trim() === '' ? [] : JSON.parse(list);
    } catch {
      return { ok: false, message: PREFILL_GROUP_ITEMS_INVALID };
    }
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    return { ok: false, message: PREFILL_GROUP_ITEMS_INVALID };
  }
  const unique = [...new Set((list as string[]).map((item) => item.trim()))].filter(
    (item) => item !== '',
  );
  if (unique.some((item) => item.length > PREFILL_GROUP_ITEM_MAX_LENGTH)) {
    return { ok: false, message: PREFILL_GROUP_ITEMS_INVALID };
  }
  if (unique.length > PREFILL_GROUP_MAX_ITEMS) {
    return { ok: false, message: PREFILL_GROUP_TOO_MANY_ITEMS };
  }
  return { ok: true, value: unique };
}

export function checkPrefillGroupDescription(description: string): Checked<string> {
  const trimmed = description.trim();
  return [...trimmed].length > PREFILL_GROUP_DESCRIPTION_MAX_LENGTH
    ? { ok: false, message: PREFILL_GROUP_DESCRIPTION_TOO_LONG }
    : { ok: true, value: trimmed };
}

/** The stored items text read back: a row written by another program may hold anything. */
export function storedItems(text: string | null): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}
