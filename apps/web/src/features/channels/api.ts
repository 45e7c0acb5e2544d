import type {
  ChannelView,
  CreateChannelRequest,
  EditChannelTagRequest,
  FetchModelsRequest,
  UpdateChannelRequest,
} from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import {
  toChannel,
  toCount,
  toListRows,
  toModelsByType,
  toNames,
  type ChannelListRow,
} from './channel-shapes';

/** How the list is shaped: id order instead of priority, and tag-aggregate mode. */
export interface ChannelListShape {
  idSort: boolean;
  tagMode: boolean;
}

export interface ChannelSearch {
  /** Matches ids and names (never keys). */
  keyword: string;
  group: string;
  model: string;
  /** A whole channel key for an exact lookup; the server records each such lookup. */
  key: string;
}

export function isSearching(search: ChannelSearch): boolean {
  return search.keyword !== '' || search.group !== '' || search.model !== '' || search.key !== '';
}

function shapeQuery(shape: ChannelListShape) {
  // Tag mode always asks for aggregated rows: one row per tag, its channels as children.
  return { id_sort: shape.idSort, tag_mode: shape.tagMode, aggregate: shape.tagMode };
}

/** `GET /api/channel/?p=&page_size=`: one page (`page` is 1-based here, 0-based on the wire). */
export async function fetchChannelPage(
  page: number,
  pageSize: number,
  shape: ChannelListShape,
): Promise<ChannelListRow[]> {
  const data = await http.get<unknown>('/api/channel/', {
    query: { p: page - 1, page_size: pageSize, ...shapeQuery(shape) },
  });
  return toListRows(data, shape.tagMode);
}

/** `GET /api/channel/search`: every match at once (no paging on the server). */
export async function searchChannels(
  search: ChannelSearch,
  shape: ChannelListShape,
): Promise<ChannelListRow[]> {
  const data = await http.get<unknown>('/api/channel/search', {
    query: { ...search, ...shapeQuery(shape) },
  });
  return toListRows(data, shape.tagMode);
}

/** `GET /api/channel/{id}` (the key is never included). */
export async function fetchChannel(id: number): Promise<ChannelView> {
  const channel = toChannel(await http.get<unknown>(`/api/channel/${id}`));
  if (!channel) throw new Error('Unexpected channel data');
  return channel;
}

/**
 * `POST /api/channel/ {mode, multi_key_mode?, channel}`: batch mode creates one channel per key
 * line, multi_to_single one channel holding every line as its keys.
 */
export function createChannel(request: CreateChannelRequest): Promise<unknown> {
  return http.post<unknown>('/api/channel/', request);
}

/**
 * `PUT /api/channel/`: all fields (a multi-key channel's with `key_mode` and `multi_key_mode`),
 * or a quick edit such as `{id, status}` or `{id, weight}`.
 */
export function updateChannel(update: UpdateChannelRequest): Promise<unknown> {
  return http.put<unknown>('/api/channel/', update);
}

/** `DELETE /api/channel/{id}/`. */
export function deleteChannel(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/channel/${id}/`);
}

/** What a channel copy is asked for: its name's suffix and whether balance and used quota restart. */
export interface CopyChannelRequest {
  id: number;
  suffix: string;
  resetBalance: boolean;
}

/** `POST /api/channel/copy/{id}?suffix=&reset_balance=`: the copy's new id is in `data.id`. */
export function copyChannel({ id, suffix, resetBalance }: CopyChannelRequest): Promise<unknown> {
  return http.post<unknown>(`/api/channel/copy/${id}`, undefined, {
    query: { suffix, reset_balance: resetBalance },
    notifyErrors: false,
  });
}

/** A top-level number of an answer (`time`, `balance` sit beside the envelope's fields). */
function topLevelNumber(envelope: object, field: string): number | null {
  const value = (envelope as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Outcome of a successful channel test. */
export interface ChannelTestResult {
  /** Seconds the test took, as the server measured it. */
  seconds: number;
}

/**
 * `GET /api/channel/test/{id}?model=` answers `{success, message, time}` (seconds). The server
 * also stores the measurement as the channel's `response_time` before answering, so when `time`
 * is not passed on, the channel is read back for it.
 */
export async function testChannel(id: number, model?: string): Promise<ChannelTestResult> {
  const envelope = await http.envelope<unknown>('GET', `/api/channel/test/${id}`, {
    query: { model },
  });
  const seconds = topLevelNumber(envelope, 'time');
  if (seconds !== null) return { seconds };
  return { seconds: (await fetchChannel(id)).response_time / 1000 };
}

/** `GET /api/channel/test`: starts testing every enabled channel in the background. */
export function testAllChannels(): Promise<unknown> {
  return http.get<unknown>('/api/channel/test');
}

/**
 * `GET /api/channel/update_balance/{id}/` answers `{success, message, balance}` (USD); as with
 * the test, the stored channel is read back when `balance` is not passed on.
 */
export async function refreshChannelBalance(id: number): Promise<number> {
  const envelope = await http.envelope<unknown>('GET', `/api/channel/update_balance/${id}/`);
  return topLevelNumber(envelope, 'balance') ?? (await fetchChannel(id)).balance;
}

/** `GET /api/channel/update_balance`: refreshes every enabled channel (waits for all). */
export function refreshAllBalances(): Promise<unknown> {
  return http.get<unknown>('/api/channel/update_balance');
}

/** `DELETE /api/channel/disabled`: how many were deleted. */
export async function deleteDisabledChannels(): Promise<number> {
  return toCount(await http.delete<unknown>('/api/channel/disabled'));
}

/** `POST /api/channel/batch {ids}`: deletes them; how many were deleted. */
export async function deleteChannels(ids: number[]): Promise<number> {
  return toCount(await http.post<unknown>('/api/channel/batch', { ids }));
}

/** `POST /api/channel/batch/tag {ids, tag}`: how many were tagged. */
export async function setChannelsTag(ids: number[], tag: string): Promise<number> {
  return toCount(await http.post<unknown>('/api/channel/batch/tag', { ids, tag }));
}

/** `POST /api/channel/fix`: repairs the routing index; how many channels were repaired. */
export async function fixChannels(): Promise<number> {
  return toCount(await http.post<unknown>('/api/channel/fix'));
}

/** `POST /api/channel/tag/enabled|disabled {tag}`. */
export function setTagEnabled(tag: string, enabled: boolean): Promise<unknown> {
  return http.post<unknown>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });
}

/** `PUT /api/channel/tag`: edits every channel of the tag. */
export function editTag(request: EditChannelTagRequest): Promise<unknown> {
  return http.put<unknown>('/api/channel/tag', request);
}

/** `GET /api/channel/fetch_models/{id}`: what the stored channel's upstream lists. */
export async function fetchChannelUpstreamModels(id: number): Promise<string[]> {
  return toNames(
    await http.get<unknown>(`/api/channel/fetch_models/${id}`, { notifyErrors: false }),
  );
}

/** `POST /api/channel/fetch_models {base_url, type, key}`: the same before the channel exists. */
export async function fetchUpstreamModels(request: FetchModelsRequest): Promise<string[]> {
  return toNames(
    await http.post<unknown>('/api/channel/fetch_models', request, { notifyErrors: false }),
  );
}

/** `POST /api/channel/upstream_updates/detect_all`: asks every enabled channel's upstream. */
export function detectAllUpstreamUpdates(): Promise<unknown> {
  return http.post<unknown>('/api/channel/upstream_updates/detect_all');
}

/**
 * `POST /api/channel/upstream_updates/apply {id, remove}`: writes the channel's pending diff into
 * its models (`remove` also drops the vanished ones).
 */
export function applyUpstreamUpdates(request: { id: number; remove: boolean }): Promise<unknown> {
  return http.post<unknown>('/api/channel/upstream_updates/apply', request);
}

/** `GET /api/channel/models`: the built-in catalogue ("fill all models"). */
export async function fetchAllModels(): Promise<string[]> {
  return toNames(await http.get<unknown>('/api/channel/models'));
}

/** `GET /api/models`: channel type → default models ("fill related models"). */
export async function fetchDefaultModels(): Promise<Record<string, string[]>> {
  return toModelsByType(await http.get<unknown>('/api/models'));
}

/** `GET /api/group/`: group names. */
export async function fetchGroups(): Promise<string[]> {
  return toNames(await http.get<unknown>('/api/group/'));
}
