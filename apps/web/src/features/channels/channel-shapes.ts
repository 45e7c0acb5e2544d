/**
 * Shape checks of the channel answers: rows are rebuilt field by field so a missing or odd value
 * never reaches the screens.
 */
import type { ChannelCircuitState, ChannelTagRow, ChannelView } from '@tollgate/contracts';
import { isRecord } from '../../lib/local-store';
import { toMultiKeyInfo } from './rules/multi-key';
import { toUpstreamUpdates } from './rules/upstream-updates';

/** A row of the list: a channel, or in tag-aggregate mode a tag with its channels. */
export type ChannelListRow = ChannelView | ChannelTagRow;

export function isTagRow(row: ChannelListRow): row is ChannelTagRow {
  return 'channel_count' in row;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const nullableText = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const nullableNumber = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One channel of an answer, or null when it is not one. */
export function toChannel(value: unknown): ChannelView | null {
  if (!isRecord(value) || typeof value.id !== 'number') return null;
  return {
    id: value.id,
    type: number(value.type),
    key: '',
    openai_organization: nullableText(value.openai_organization),
    test_model: nullableText(value.test_model),
    status: number(value.status),
    name: text(value.name),
    weight: nullableNumber(value.weight),
    created_time: number(value.created_time),
    test_time: number(value.test_time),
    response_time: number(value.response_time),
    base_url: nullableText(value.base_url),
    other: text(value.other),
    balance: number(value.balance),
    balance_updated_time: number(value.balance_updated_time),
    models: text(value.models),
    group: text(value.group),
    used_quota: number(value.used_quota),
    model_mapping: nullableText(value.model_mapping),
    status_code_mapping: nullableText(value.status_code_mapping),
    priority: nullableNumber(value.priority),
    auto_ban: nullableNumber(value.auto_ban),
    other_info: text(value.other_info),
    tag: nullableText(value.tag),
    setting: nullableText(value.setting),
    param_override: nullableText(value.param_override),
    ...circuitFields(value),
    ...upstreamUpdateFields(value),
    ...multiKeyFields(value),
  };
}

/** A multi-key channel's key states (`channel_info`), when the channel has several keys. */
function multiKeyFields(value: Record<string, unknown>): Partial<ChannelView> {
  const info = toMultiKeyInfo(value.channel_info);
  return info ? { channel_info: info } : {};
}

/** The pending upstream model diff, when the server sent one. */
function upstreamUpdateFields(value: Record<string, unknown>): Partial<ChannelView> {
  const updates = toUpstreamUpdates(value.upstream_updates);
  return updates ? { upstream_updates: updates } : {};
}

const CIRCUIT_STATES: ReadonlySet<string> = new Set(['closed', 'open', 'half_open']);

/** Tollgate's circuit breaker fields, when the server sent them. */
function circuitFields(value: Record<string, unknown>): Partial<ChannelView> {
  if (typeof value.circuit !== 'string' || !CIRCUIT_STATES.has(value.circuit)) return {};
  return {
    circuit: value.circuit as ChannelCircuitState,
    recent_error_rate: number(value.recent_error_rate),
    circuit_open_until: number(value.circuit_open_until),
  };
}

function toChannels(value: unknown): ChannelView[] {
  return Array.isArray(value)
    ? value.map(toChannel).filter((channel): channel is ChannelView => channel !== null)
    : [];
}

/** One aggregated tag row, or null when it is not one. */
export function toTagRow(value: unknown): ChannelTagRow | null {
  if (!isRecord(value) || typeof value.tag !== 'string' || !Array.isArray(value.children)) {
    return null;
  }
  return {
    tag: value.tag,
    status: number(value.status),
    group: text(value.group),
    used_quota: number(value.used_quota),
    balance: number(value.balance),
    response_time: number(value.response_time),
    priority: nullableNumber(value.priority),
    weight: nullableNumber(value.weight),
    channel_count: number(value.channel_count),
    children: toChannels(value.children),
  };
}

/** A list answer: channels, or tag rows when the list was asked in aggregate mode. */
export function toListRows(data: unknown, aggregated: boolean): ChannelListRow[] {
  if (!Array.isArray(data)) return [];
  if (!aggregated) return toChannels(data);
  return data.map(toTagRow).filter((row): row is ChannelTagRow => row !== null);
}

/** Names from a list of strings or of `{id}` objects (`GET /api/channel/models`). */
export function toNames(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data
    .map((entry) => (typeof entry === 'string' ? entry : isRecord(entry) ? entry.id : undefined))
    .filter((name): name is string => typeof name === 'string' && name !== '');
}

/** `GET /api/models`: channel type → default model names. */
export function toModelsByType(data: unknown): Record<string, string[]> {
  if (!isRecord(data)) return {};
  const result: Record<string, string[]> = {};
  for (const [type, models] of Object.entries(data)) result[type] = toNames(models);
  return result;
}

/** A count in `data` (delete, batch, fix); 0 when absent. */
export function toCount(data: unknown): number {
  return number(data);
}
