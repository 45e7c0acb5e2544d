/**
 * Multi-key channels in the console: the key states the list receives (`channel_info`), the
 * badge's counts, and the answer of `POST /api/channel/multi_key/manage` `get_key_status`.
 * Keys themselves never reach the console, only their first characters (`key_preview`).
 */
import { channelMultiKeyModes, type ChannelMultiKeyInfo } from '@tollgate/contracts';
import { isRecord } from '../../../lib/local-store';

export type MultiKeyMode = (typeof channelMultiKeyModes)[number];

/** A key's status: 1 enabled, 2 disabled by an operator, 3 disabled automatically. */
export const KEY_STATUS = { enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;

const numberOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** Entries of a `{index: value}` map whose value passes `accept`. */
function mapOf<T>(value: unknown, accept: (entry: unknown) => entry is T): Record<string, T> {
  const result: Record<string, T> = {};
  if (!isRecord(value)) return result;
  for (const [index, entry] of Object.entries(value)) if (accept(entry)) result[index] = entry;
  return result;
}

const isNumber = (entry: unknown): entry is number =>
  typeof entry === 'number' && Number.isFinite(entry);
const isString = (entry: unknown): entry is string => typeof entry === 'string';

export function isMultiKeyMode(value: unknown): value is MultiKeyMode {
  return (channelMultiKeyModes as readonly unknown[]).includes(value);
}

/** A channel's `channel_info` as the list sent it, or undefined for a single-key channel. */
export function toMultiKeyInfo(value: unknown): ChannelMultiKeyInfo | undefined {
  if (!isRecord(value) || value.is_multi_key !== true) return undefined;
  return {
    is_multi_key: true,
    multi_key_size: numberOf(value.multi_key_size),
    multi_key_status_list: mapOf(value.multi_key_status_list, isNumber),
    multi_key_disabled_reason: mapOf(value.multi_key_disabled_reason, isString),
    multi_key_disabled_time: mapOf(value.multi_key_disabled_time, isNumber),
    multi_key_polling_index: numberOf(value.multi_key_polling_index),
    multi_key_mode: isMultiKeyMode(value.multi_key_mode) ? value.multi_key_mode : 'random',
  };
}

/** The badge of a multi-key channel: enabled keys of all keys (an index absent from the map is enabled). */
export function multiKeyCounts(info: ChannelMultiKeyInfo): { enabled: number; total: number } {
  const total = Math.max(0, info.multi_key_size);
  let disabled = 0;
  for (const [index, status] of Object.entries(info.multi_key_status_list)) {
    const position = Number(index);
    const inRange = Number.isInteger(position) && position >= 0 && position < total;
    if (inRange && status !== KEY_STATUS.enabled) disabled += 1;
  }
  return { enabled: total - disabled, total };
}

/** One key of the key management table. */
export interface KeyStatusRow {
  index: number;
  status: number;
  /** The key's first characters and "...". */
  key_preview: string;
  reason?: string;
  /** Unix seconds. */
  disabled_time?: number;
}

/** One page of `get_key_status`; the counts are over all keys, `total` over the filtered ones. */
export interface KeyStatusPage {
  keys: KeyStatusRow[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
}

function toKeyStatusRow(value: unknown): KeyStatusRow | null {
  if (!isRecord(value) || !isNumber(value.index)) return null;
  return {
    index: value.index,
    status: numberOf(value.status) || KEY_STATUS.enabled,
    key_preview: typeof value.key_preview === 'string' ? value.key_preview : '',
    ...(isString(value.reason) && value.reason !== '' ? { reason: value.reason } : {}),
    ...(isNumber(value.disabled_time) && value.disabled_time > 0
      ? { disabled_time: value.disabled_time }
      : {}),
  };
}

/** The `data` of `get_key_status`, field by field (an odd answer becomes an empty page). */
export function toKeyStatusPage(data: unknown): KeyStatusPage {
  const value = isRecord(data) ? data : {};
  const keys = Array.isArray(value.keys)
    ? value.keys.map(toKeyStatusRow).filter((row): row is KeyStatusRow => row !== null)
    : [];
  return {
    keys,
    total: numberOf(value.total),
    page: numberOf(value.page) || 1,
    page_size: numberOf(value.page_size) || keys.length,
    total_pages: numberOf(value.total_pages) || 1,
    enabled_count: numberOf(value.enabled_count),
    manual_disabled_count: numberOf(value.manual_disabled_count),
    auto_disabled_count: numberOf(value.auto_disabled_count),
  };
}
